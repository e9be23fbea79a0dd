import { useSyncExternalStore } from 'react';

// docs/spec.md 9: below 768px the build logs open in a fullscreen modal. This is layout, not domain
// state, so a media-query subscription is enough.
const MOBILE_QUERY = '(max-width: 767px)';

function mediaQuery(): MediaQueryList | undefined {
  return typeof window !== 'undefined' && window.matchMedia
    ? window.matchMedia(MOBILE_QUERY)
    : undefined;
}

function subscribe(onChange: () => void) {
  const query = mediaQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => mediaQuery()?.matches ?? false,
    () => false,
  );
}
