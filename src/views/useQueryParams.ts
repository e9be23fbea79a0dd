import { useMemo } from 'react';
import { useRouter } from 'wouter';

/**
 * The page's query, decoded once. wouter's useSearch() hands back a string it has already
 * percent-decoded, so URLSearchParams over it decodes twice (`%253C` reads as `<`, `%26` splits a
 * value): every query the console reads goes through this instead.
 */
export function useQueryParams(): URLSearchParams {
  const router = useRouter();
  const raw = router.searchHook(router);
  return useMemo(() => new URLSearchParams(raw), [raw]);
}
