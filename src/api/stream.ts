import { streamUrl } from './client';

/** Repository events with their latest build (SPEC 7.6). */
export const repoEventsUrl = () => streamUrl('/api/stream');

/**
 * Drone ends every stream with `event: error` + `data: eof`; a browser EventSource reports it
 * through `onerror` as a MessageEvent whose data is 'eof' (CONTRACT.md 5.1).
 */
export function isEndOfStream(event: Event): boolean {
  return 'data' in event && (event as MessageEvent).data === 'eof';
}

/** Opens an EventSource with cookies, so a signed-in session is honoured cross-origin too. */
export function openEventSource(url: string): EventSource {
  return new EventSource(url, { withCredentials: true });
}
