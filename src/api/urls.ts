// URLs that come from the server's data (avatars, card images), judged before the browser is
// asked to load them. Framework-free, for views and the card renderer alike.

/**
 * True when an image may be requested: http(s) without credentials in it, or an inline
 * `data:image/`. `https://user:pass@host/...` is never requested, nor any other scheme.
 */
export function isRequestableImage(url: string | undefined): url is string {
  if (!url) return false;
  if (/^data:image\//i.test(url)) return true;
  try {
    const parsed = new URL(url, window.location.href);
    const web = parsed.protocol === 'https:' || parsed.protocol === 'http:';
    return web && parsed.username === '' && parsed.password === '';
  } catch {
    return false;
  }
}
