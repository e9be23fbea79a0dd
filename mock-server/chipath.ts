// How Drone's router reads a request path (Go's net/url, then chi v3.3.3's Mux.routeHTTP), so
// the mock matches routes and hands over parameters exactly as Drone does:
// - Go decodes the path into URL.Path and keeps the path as sent in URL.RawPath only when it is
//   not written the way Go itself would escape URL.Path;
// - chi routes on RawPath when it is set, else on Path, and never decodes a parameter again.
// So `/secrets/a%20b` names the secret `a b`, but `/secrets/a%2Fb` (Go writes `/` unescaped)
// routes raw and names the secret `a%2Fb`, and so does every other parameter of that path.

const HEX = '0123456789ABCDEF';

/** Go's shouldEscape(c, encodePath): all but unreserved characters and `$&+,/:;=@`. */
function goKeeps(byte: number): boolean {
  const char = String.fromCharCode(byte);
  return /[A-Za-z0-9\-_.~$&+,/:;=@]/.test(char);
}

/** url.URL.EscapedPath's default encoding of a decoded path (Go's escape, encodePath mode). */
function goEscapePath(path: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(path)) {
    out += goKeeps(byte) ? String.fromCharCode(byte) : `%${HEX[byte >> 4]}${HEX[byte & 15]}`;
  }
  return out;
}

/**
 * Go's unescape(s, encodePath): `%XX` to its byte; undefined for a malformed escape, which Go's
 * server answers with 400 before any router (msw fails such a request on its own already).
 */
function goUnescapePath(raw: string): string | undefined {
  const encoder = new TextEncoder();
  const bytes: number[] = [];
  for (let i = 0; i < raw.length;) {
    if (raw[i] === '%') {
      const hex = raw.slice(i + 1, i + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) return undefined;
      bytes.push(parseInt(hex, 16));
      i += 3;
    } else {
      const char = String.fromCodePoint(raw.codePointAt(i)!);
      bytes.push(...encoder.encode(char));
      i += char.length;
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/** The path chi matches routes against: the decoded path, or the raw one when Go keeps it. */
export function chiRoutePath(raw: string): string {
  const path = goUnescapePath(raw);
  return path !== undefined && goEscapePath(path) === raw ? path : raw;
}
