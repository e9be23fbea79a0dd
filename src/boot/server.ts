// What the console's first call waits for. Nothing, in front of a Drone server; the demo's entry
// (mock-server/demo.ts) starts the embedded server in the page and registers it here before the
// console boots, so src/ imports nothing of the mock (docs/architecture.md 2).

let started: Promise<unknown> = Promise.resolve();

/** For the demo's entry, before src/main.tsx runs: the first call waits for `starting`. */
export function startServerFirst(starting: Promise<unknown>): void {
  started = starting;
}

/** Settles once the server answers (at once, for a real one). */
export const serverStarted = (): Promise<unknown> => started;
