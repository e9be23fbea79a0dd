// What the console's log worker loads in the in-page demo (mock-server/generated.ts): every log
// generator, registered, and how to read one as a body.
import '../fixtures/bench-logs';

export { bodyOf, generateLog } from './generated';
