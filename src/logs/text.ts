// Text of one log line as a terminal would leave it, and its elapsed-time label.

// CSI sequences (colours, cursor moves): kept when the text before a carriage return is dropped,
// so a colour set before a progress bar's last redraw still applies to what remains.
// eslint-disable-next-line no-control-regex -- matching the ESC control character is the point
const CSI = /\x1b\[[0-?]*[ -/]*[@-~]/g;

/** The line without its trailing newline (Drone keeps `\n`, Windows tools add `\r\n`). */
export function withoutNewline(out: string): string {
  if (out.endsWith('\r\n')) return out.slice(0, -2);
  if (out.endsWith('\n')) return out.slice(0, -1);
  return out;
}

/**
 * Applies carriage returns like a terminal redrawing a line: what is shown is the text after the
 * last `\r` that is followed by text. A trailing `\r` (nothing after it) erases nothing. Escape
 * sequences from the dropped part are kept (they carry no text, only colour state).
 */
export function resolveCarriageReturns(text: string): string {
  if (!text.includes('\r')) return text;
  const trimmed = text.replace(/\r+$/, '');
  const cut = trimmed.lastIndexOf('\r');
  if (cut < 0) return trimmed;
  const dropped = trimmed.slice(0, cut);
  const escapes = dropped.match(CSI)?.join('') ?? '';
  return escapes + trimmed.slice(cut + 1);
}

/** The line's text with newline and carriage returns resolved (ANSI escapes still in place). */
export function displayText(out: string): string {
  return resolveCarriageReturns(withoutNewline(out));
}

/** The line's text without ANSI escapes, e.g. for search or accessibility. */
export function plainText(out: string): string {
  return displayText(out).replace(CSI, '');
}
