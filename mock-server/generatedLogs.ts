// What the demo's log generator worker loads (mock-server/logGenerator.worker.ts): every log
// generator, registered.
import '../fixtures/bench-logs';

export { generateLog } from './generated';
