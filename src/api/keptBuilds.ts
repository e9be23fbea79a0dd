// Issue 31: the finished builds the console keeps in the browser (./buildStore.ts) belong to the
// signed-in user's visit: they go when the session ends (a shared computer keeps no private
// repository's builds). This file is on the first screen; the store's code is not.

export const BUILD_STORE_NAME = 'drone-console-builds';

/** Deletes the kept builds' database; an open store closes on the request (its `blocking`). */
export function forgetKeptBuilds(): void {
  try {
    globalThis.indexedDB?.deleteDatabase(BUILD_STORE_NAME);
  } catch {
    // No IndexedDB to forget (a private window that refuses it): nothing was kept.
  }
}
