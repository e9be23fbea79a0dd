// JSON as Go's encoding/json writes it (docs/drone-api.md 2 and 5.3): `<`, `>`, `&`, U+2028 and U+2029
// are escaped, and \b / \f come out as \u0008 / \u000c (the Go versions Drone ships with predate
// the short forms). Everything else matches JSON.stringify, including key order.

const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
  '\\b': '\\u0008',
  '\\f': '\\u000c',
};

/** json.Marshal output (no trailing newline). */
export function goJson(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  // Backslash pairs are matched as a unit so an escaped backslash followed by `b` stays intact.
  return text.replace(/\\[\s\S]|[<>&\u2028\u2029]/g, (match) => ESCAPES[match] ?? match);
}

/** json.NewEncoder(w).Encode output: json.Marshal plus a newline. */
export function goEncode(value: unknown): string {
  return `${goJson(value)}\n`;
}
