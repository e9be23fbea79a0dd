import { useMemo } from 'react';
import { useRouter } from 'wouter';
import { isQueryTooLong, queryLength, readableQuery } from './query';

/** The page's query string, as wouter's search hook hands it over (not decoded). */
function useRawQuery(): string {
  const router = useRouter();
  return router.searchHook(router);
}

/**
 * The page's query, decoded once. wouter's useSearch() hands back a string it has already
 * percent-decoded, so URLSearchParams over it decodes twice (`%253C` reads as `<`, `%26` splits a
 * value): every query the console reads goes through this instead. A query too long to be read
 * (./query.ts) reads as none.
 */
export function useQueryParams(): URLSearchParams {
  const raw = useRawQuery();
  return useMemo(() => readableQuery(raw), [raw]);
}

/** The length of the page's query when it is too long to be read (./query.ts), else null. */
export function useUnreadQueryLength(): number | null {
  const raw = useRawQuery();
  return isQueryTooLong(raw) ? queryLength(raw) : null;
}
