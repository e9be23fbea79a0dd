// Code loaded on demand (a page, a view), once. What it loaded is kept (`loaded`), so a caller can
// use it at once when it has already arrived: the page a visit starts on is loaded at boot
// (src/early.ts) and renders without waiting for another turn.

export interface Code<T> {
  (): Promise<T>;
  /** What the first good load gave, once it has arrived. */
  loaded?: T;
}

const codes = new WeakSet<object>();

/** `load`, called once (again after a failure, so a later visit retries). */
export function code<T>(load: () => Promise<T>): Code<T> {
  if (codes.has(load)) return load as Code<T>;
  let loading: Promise<T> | undefined;
  const get: Code<T> = () =>
    (loading ??= load().then(
      (value) => (get.loaded = value),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  codes.add(get);
  return get;
}
