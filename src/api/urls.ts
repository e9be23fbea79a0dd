// URLs the console builds from names (API paths, links) and URLs that come from the server's
// data (avatars, card images). Framework-free, for the API client, views and the card renderer.

/** Characters Go's url.PathEscape leaves as they are, but encodeURIComponent escapes. */
const GO_PATH_SAFE = /%(24|26|2B|2C|3A|3B|3D|40)/g;
/** Characters encodeURIComponent leaves as they are, but Go escapes in a path. */
const GO_PATH_UNSAFE = /[!'()*]/g;

/**
 * One name as one path segment, exactly as Go's net/url escapes it. Drone's router (chi v3)
 * routes on the decoded path only when the path is written the way Go writes it; otherwise it
 * routes on the raw path and hands every parameter over still escaped, so `a%2Bb` would name
 * another resource than `a+b`. A `/` becomes `%2F` and a dot-only name `%2E`/`%2E%2E`, which
 * keeps them in their segment: the API client refuses to send such a path (no request reaches
 * that name: URL parsers take `%2E` for a dot and Drone reads `%2F` raw), and in a link the page
 * opened is the console's own.
 */
export function encodeSegment(value: string | number): string {
  const text = String(value);
  if (/^\.{1,2}$/.test(text)) return text.replace(/\./g, '%2E');
  return encodeURIComponent(text)
    .replace(GO_PATH_SAFE, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(GO_PATH_UNSAFE, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** A page of the console (`/{namespace}/{name}/{build}...`), each part its own segment. */
export function pagePath(...parts: Array<string | number>): string {
  return `/${parts.map(encodeSegment).join('/')}`;
}

/** The names in a path that no request can address: `.`, `..` and any name holding a `/`. */
export function unaddressableNames(path: string): string[] {
  return path
    .split('?')[0]!
    .split('/')
    .filter((segment) => /^(%2E){1,2}$/i.test(segment) || /%2F/i.test(segment))
    .map((segment) => decodeURIComponent(segment));
}

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
