import { ApiError, isServerUrl, streamUrl } from './client';

/** Repository events with their latest build (docs/spec.md 7.6). */
export const repoEventsUrl = () => streamUrl('/api/stream');

/**
 * Drone ends every stream with `event: error` + `data: eof`; a browser EventSource reports it
 * through `onerror` as a MessageEvent whose data is 'eof' (docs/drone-api.md 5.1).
 */
export function isEndOfStream(event: Event): boolean {
  return 'data' in event && (event as MessageEvent).data === 'eof';
}

/**
 * Opens an EventSource with cookies, so a signed-in session is honoured cross-origin too; only
 * ever on the server (a `streamUrl`), since the cookies and the `access_token` are the user's.
 */
export function openEventSource(url: string): EventSource {
  if (!isServerUrl(url)) throw new ApiError(0, `Refused to open an event stream at ${url}`);
  return new EventSource(url, { withCredentials: true });
}
