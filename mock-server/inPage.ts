import { takeLogBodies } from '../src/api/readStoredLog';
import { startServerFirst } from '../src/boot/server';
import { generatedLogSource } from './generated';
import generatorUrl from './logGenerator.worker.ts?worker&url';

// The in-page demo, hooked into the console before it boots (./demo.ts). The service worker's
// code (msw, the handlers, the data) loads beside the console's, and the console's first call
// waits until it answers. A generated log (the benchmark's million lines) is answered with its
// name only: the console's log worker reads its bytes from the generator's worker instead, a
// chunk ahead of its parsing, rather than 128 MB through the service worker.
startServerFirst(import('./browser').then(({ startMockWorker }) => startMockWorker()));
takeLogBodies((response) => generatedLogSource(response, generatorUrl));
