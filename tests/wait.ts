import { vi } from 'vitest';

/**
 * How long a test waits for a condition before it fails (issue 33 item 8): long enough for a CI
 * machine whose two cores are shared with other work (a load of 20), never a figure a test
 * asserts on. Testing Library's `waitFor` and `findBy*` take it as their default (tests/setup.ts);
 * `waitUntil` is Vitest's `vi.waitFor` with it, which a test on fake timers needs (it moves the
 * fake clock on between checks). The test and hook limits that bound a whole test are in
 * vite.config.ts and are longer.
 */
export const WAIT_LIMIT = 20_000;

/** Waits until `check` stops throwing (or its promise resolves); returns what it returned. */
export const waitUntil = <T>(check: () => T | Promise<T>) =>
  vi.waitFor(check, { timeout: WAIT_LIMIT });
