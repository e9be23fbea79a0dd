// URLs the console builds from names (API paths, links) and URLs that come from the server's
// data (avatars, card images). Framework-free, for the API client, views and the card renderer.

import { config } from '../config';

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

/** Whether a request can address `name` as a path segment: not `.`, `..`, nor holding a `/`. */
export const isAddressableName = (name: string) => !/^\.{1,2}$/.test(name) && !name.includes('/');

/** What the console says of a name no request can address (the catalogs' nameUnaddressable). */
export const unaddressableNameMessage = (name: string) =>
  `The name “${name}” cannot be sent to the server: a URL cannot hold “.”, “..” or “/” as a name`;

/** The names in a path that no request can address: `.`, `..` and any name holding a `/`. */
export function unaddressableNames(path: string): string[] {
  return path
    .split('?')[0]!
    .split('/')
    .filter((segment) => /^(%2E){1,2}$/i.test(segment) || /%2F/i.test(segment))
    .map((segment) => decodeURIComponent(segment));
}

/** Hosts an image named by data may not be on: the console's own, and its server's. */
function ownHosts(): string[] {
  const hosts = [window.location.hostname];
  try {
    if (config.serverUrl) hosts.push(new URL(config.serverUrl).hostname);
  } catch {
    // A server URL that does not parse is refused by the API client too.
  }
  return hosts;
}

/**
 * True when an image named by the server's data (an avatar, a card image) may be requested: an
 * absolute http(s) URL of another host, without credentials in it, or an inline `data:image/`
 * (no request at all). Issue 28 item 3: an image on the console's or the server's own host is a
 * request with the user's cookies, which anyone who writes a card or a commit could aim at
 * `/logout`; so a relative URL (`/logout`, `logout`, `//host/x`, `https:/logout`, which a browser
 * resolves against the page) and any URL of those hosts is never requested. Drone has no avatar
 * route of its own (docs/drone-api.md 3.1: `avatar` is the source-control system's URL).
 */
export function isRequestableImage(url: string | undefined): url is string {
  if (!url) return false;
  if (/^data:image\//i.test(url)) return true;
  try {
    const parsed = new URL(url);
    // What the browser would load: the same URL only when `url` is absolute on its own.
    if (new URL(url, window.location.href).href !== parsed.href) return false;
    const web = parsed.protocol === 'https:' || parsed.protocol === 'http:';
    return (
      web &&
      parsed.username === '' &&
      parsed.password === '' &&
      !ownHosts().includes(parsed.hostname)
    );
  } catch {
    return false;
  }
}
