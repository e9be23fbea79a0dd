// docs/spec.md 9: below 768px the build logs open in a fullscreen modal. This is layout, not domain
// state, so a media query is enough (./useIsMobile.ts subscribes to it; boot reads it once).
const MOBILE_QUERY = '(max-width: 767px)';

export function mobileQuery(): MediaQueryList | undefined {
  return typeof window !== 'undefined' && window.matchMedia
    ? window.matchMedia(MOBILE_QUERY)
    : undefined;
}

/** Whether the window is a phone's now. */
export const isMobileNow = () => mobileQuery()?.matches ?? false;
