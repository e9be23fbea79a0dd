// Code loaded on demand (a page, a view), once. What it loaded is kept (`loaded`), so a caller can
// use it at once when it has already arrived: the page a visit starts on is loaded at boot
// (src/early.ts) and renders without waiting for another turn.

export interface Code<T> {
  (): Promise<T>;
  /** What the first good load gave, once it has arrived. */
  loaded?: T;
}

const codes = new Set<Code<unknown>>();

/** `load`, called once (again after a failure, so a later visit retries). */
export function code<T>(load: () => Promise<T>): Code<T> {
  if (codes.has(load as Code<unknown>)) return load as Code<T>;
  let loading: Promise<T> | undefined;
  const get: Code<T> = () =>
    (loading ??= load().then(
      (value) => (get.loaded = value),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  codes.add(get as Code<unknown>);
  return get;
}

/**
 * Loads every piece of on-demand code registered so far, and what that code registers in turn.
 * For tests: a view test renders a page at once, as a visit whose code has already arrived.
 */
export async function loadAllCode(): Promise<void> {
  const done = new Set<Code<unknown>>();
  for (
    let pending = [...codes];
    pending.length > 0;
    pending = [...codes].filter((c) => !done.has(c))
  ) {
    await Promise.all(pending.map((load) => (done.add(load), load())));
  }
}
