// Logs produced on demand by a registered generator (mock-server/logstore.ts stores only a marker
// naming one): the million-line benchmark logs. No imports, so the generator's worker
// (logGenerator.worker.ts) runs them in the in-page demo (issue 18): there, the logs handler
// answers a generated log with its name in GENERATED_LOG_HEADER instead of passing 128 MB through
// the service worker, and the console's log worker parses the bytes that worker produces
// (browser.ts), off the page's main thread.

/** Names the generated log an in-page mock's answer stands for (`bench:1000000:4`). */
export const GENERATED_LOG_HEADER = 'X-Drone-Mock-Log';

/**
 * The worker that produces the log an in-page answer names, as the console's log worker reads it
 * (src/logs/workerBody.ts); null for any other answer.
 */
export function generatedLogSource(response: Response, generatorUrl: string) {
  const name = response.headers.get(GENERATED_LOG_HEADER);
  return name ? { url: generatorUrl, request: name } : null;
}

type Generator = (argument: string) => Iterable<Uint8Array>;
const generators = new Map<string, Generator>();

/** Registers a lazy log producer; the name `<name>:<argument>` refers to a log it produces. */
export function registerLogGenerator(name: string, generate: Generator): void {
  generators.set(name, generate);
}

/** The chunks of a generated log by its name, or null when no generator has that name. */
export function generateLog(name: string): Iterable<Uint8Array> | null {
  const colon = name.indexOf(':');
  const generate = generators.get(colon < 0 ? name : name.slice(0, colon));
  return generate ? generate(colon < 0 ? '' : name.slice(colon + 1)) : null;
}

/** A body that produces its chunks as it is read (short tasks, never the whole log at once). */
export function bodyOf(chunks: Iterable<Uint8Array>): ReadableStream<Uint8Array> {
  const iterator = chunks[Symbol.iterator]();
  // The default high-water mark of one chunk: a deeper queue would be filled before the first
  // byte leaves, delaying it by the time to produce those chunks.
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
}
