// A browser may remember a dynamic import that failed, by its URL (whatwg/html#6768): importing
// the same chunk again fails at once, without a request, so a retry after a network failure
// never succeeds. whatwg/html#10327 lifted that and Chromium 156 fetches again, but Firefox and
// Safari still remember (their implementation bugs are open). The error names the chunk's URL
// (Chrome: 'Failed to fetch dynamically imported module: <url>', Firefox: 'error loading
// dynamically imported module: <url>'); a retry imports that URL under a new query, which every
// browser fetches afresh. A browser whose error names no URL retries the plain import.

/** The URL of the chunk a failed dynamic import names, if it names one of this page's origin. */
export function failedChunkUrl(error: unknown): URL | null {
  const named = /https?:\/\/\S+/.exec(error instanceof Error ? error.message : '')?.[0];
  if (!named || typeof location === 'undefined') return null;
  try {
    const url = new URL(named);
    return url.origin === location.origin ? url : null;
  } catch {
    return null;
  }
}

let retries = 0;

/** `load` (one `import()` of a chunk); after a failure, that chunk fetched again each time. */
export function retryingImport<Module>(
  load: () => Promise<Module>,
  importUrl: (url: string) => Promise<unknown> = (url) => import(/* @vite-ignore */ url),
): () => Promise<Module> {
  let failed: URL | null = null;
  return async () => {
    try {
      if (!failed) return await load();
      const fresh = new URL(failed);
      fresh.searchParams.set('retry', String(++retries));
      return (await importUrl(fresh.href)) as Module;
    } catch (error) {
      failed ??= failedChunkUrl(error);
      throw error;
    }
  };
}
