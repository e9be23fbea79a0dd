import { whenFirstScreenShown } from './firstScreen';

// The one way code loads on demand (docs/architecture.md 7): a page, a view, a dialog, a machine
// or a library, loaded once, the first time it is asked for. What it loaded is kept (`loaded`),
// so a caller uses it at once when it has already arrived: the page a visit starts on is loaded
// at boot (./early.ts) and renders without waiting for another turn. Code that a build page's
// first log lines do not need waits for them (./firstScreen.ts) unless asked for `now`.

export interface Code<T> {
  /** Loads it, once (again after a failure); code `afterFirstScreen` waits for the first lines. */
  (): Promise<T>;
  /** Loads it at once, first screen or not (a pointer reaching for what it stands for). */
  now: () => Promise<T>;
  /** What the first good load gave, once it has arrived. */
  loaded?: T;
}

const codes = new Set<Code<unknown>>();

/** The code `load` gives, on demand; given a `Code` already, that one. */
export function code<T>(
  load: (() => Promise<T>) | Code<T>,
  { afterFirstScreen = false } = {},
): Code<T> {
  if (codes.has(load as Code<unknown>)) return load as Code<T>;
  let loading: Promise<T> | undefined;
  const now = () =>
    (loading ??= load().then(
      (value) => (get.loaded = value),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const get: Code<T> = Object.assign(
    (): Promise<T> =>
      loading ??
      (afterFirstScreen
        ? new Promise<T>((resolve, reject) =>
            whenFirstScreenShown(() => now().then(resolve, reject)),
          )
        : now()),
    { now },
  );
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
    await Promise.all(pending.map((load) => (done.add(load), load.now())));
  }
}
