import { startServerFirst } from '../src/boot/server';

// The in-page demo, hooked into the console before it boots (./demo.ts): the service worker's
// code (msw, the handlers, the data) loads beside the console's, and the console's first call
// waits until it answers (browser.ts).
startServerFirst(import('./browser').then(({ startMockWorker }) => startMockWorker()));
