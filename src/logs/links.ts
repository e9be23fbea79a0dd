import type { LinkRange } from './escapes';

// Links in log text. Only http and https become anchors: a log is untrusted server text, and a
// `javascript:` (or `data:`, `file:`...) target must stay plain text.

const SAFE_PROTOCOLS = new Set(['http:', 'https:']);

/** The URL to put in an anchor's href, or undefined when it is not an absolute http(s) URL. */
export function safeHref(target: string): string | undefined {
  const trimmed = target.trim();
  // The scheme is checked on the text itself too: URL parsing forgives leading control characters.
  if (!/^https?:\/\//i.test(trimmed)) return undefined;
  try {
    const url = new URL(trimmed);
    return SAFE_PROTOCOLS.has(url.protocol) && url.hostname !== '' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

// A URL runs to whitespace, quotes, angle brackets or a control character.
// eslint-disable-next-line no-control-regex -- control characters end a URL
const URL_PATTERN = /\bhttps?:\/\/[^\s"'`<>\x00-\x1f\x7f]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?*]+$/;
const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

/** Drops what a sentence or a bracket adds after a URL: `(see https://x.io/a).` -> `https://x.io/a`. */
function trimUrl(url: string): string {
  let result = url;
  for (;;) {
    const before = result;
    result = result.replace(TRAILING_PUNCTUATION, '');
    const last = result.at(-1);
    const opener = last ? CLOSERS[last] : undefined;
    if (opener) {
      const opened = result.split(opener).length - 1;
      const closed = result.split(last!).length - 1;
      if (closed > opened) result = result.slice(0, -1);
    }
    if (result === before) return result;
  }
}

/** http(s) URLs written in a line's plain text, as ranges with their targets. */
export function findUrls(text: string): LinkRange[] {
  if (!text.includes('://')) return [];
  const found: LinkRange[] = [];
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = trimUrl(match[0]);
    if (safeHref(url))
      found.push({ start: match.index, end: match.index + url.length, target: url });
  }
  return found;
}
