import { useSyncExternalStore } from 'react';
import { isMobileNow, mobileQuery } from './phone';

function subscribe(onChange: () => void) {
  const query = mobileQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Whether the window is a phone's (./phone.ts), re-rendering when that changes. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileNow, () => false);
}
