import { resolveCarriageReturns, withoutNewline } from './text';

// Escape sequences beyond colours. anser only understands CSI (`ESC [`); every other sequence a
// terminal consumes without printing would reach the screen, the search and the clipboard as
// garbage (or as a payload someone hid in it), so it is taken out here first:
// - OSC, `ESC ]` or 0x9D (window titles, OSC 52 clipboard writes, OSC 8 hyperlinks), up to BEL
//   or ST (`ESC \` or 0x9C);
// - DCS `ESC P` / 0x90, SOS `ESC X` / 0x98, PM `ESC ^` / 0x9E and APC `ESC _` / 0x9F (sixel and
//   kitty images, tmux passthrough...), up to ST;
// - CSI in its 8-bit form 0x9B;
// - the short ones: ESC, intermediate bytes, a final byte (`ESC ( B` of `tput sgr0`, `ESC 7`),
//   and an ESC right before another (a terminal starts over; tmux doubles ESC in passthrough).
// A string sequence also ends where the next ESC starts (a terminal aborts it there), and one
// never closed runs to the end of the line. OSC 8 links are kept as ranges of the line's plain
// text (what is left once every escape is gone), which is the coordinate system of search matches
// and URL detection too. A lone ESC or C1 character stays text (the view shows it as a marker).

/** A half-open range [start, end) of a line's plain text. */
export interface TextRange {
  start: number;
  end: number;
}

export interface LinkRange extends TextRange {
  /** The target exactly as the log gave it; `safeHref` decides whether it may become a link. */
  target: string;
}

export interface OscScan {
  /** The text without escape sequences but CSI: colour codes stay for anser. */
  ansi: string;
  /** OSC 8 hyperlinks, in plain-text coordinates. */
  links: LinkRange[];
  /** Length of the plain text (no escapes at all). */
  plainLength: number;
}

/* eslint-disable no-control-regex -- matching control characters is the point */
// One alternative per kind, in this order; group 1 is a CSI (kept for anser), group 2 an OSC body.
const ESCAPE_SOURCES = [
  /(\x1b\[[0-?]*[ -/]*[@-~])/.source,
  /(?:\x1b\]|\x9d)([^\x07\x1b\x9c]*)(?:\x07|\x1b\\|\x9c)?/.source,
  /(?:\x1b[PX^_]|[\x90\x98\x9e\x9f])[^\x1b\x9c]*(?:\x1b\\|\x9c)?/.source,
  /\x9b[0-?]*[ -/]*[@-~]/.source,
  /\x1b(?:[ -/]*[0-~]|(?=\x1b))/.source,
];
/** Every escape sequence of a line; a CSI has group 1, an OSC its body in group 2. */
const ESCAPES = new RegExp(ESCAPE_SOURCES.join('|'), 'g');
/** What may start a sequence (any C1, a range tests faster): most lines hold none. */
const MAY_ESCAPE = /[\x1b\x80-\x9f]/;
/** The same, or a carriage return: a line that needs more than a copy for search. */
const MAY_ESCAPE_OR_CR = /[\r\x1b\x80-\x9f]/;
/* eslint-enable no-control-regex */

/**
 * Removes every escape sequence but CSI from a display text (newline and carriage returns already
 * resolved) and records OSC 8 hyperlinks: `ESC ]8;params;URI ST text ESC ]8;; ST`.
 */
export function scanOsc(text: string): OscScan {
  if (!MAY_ESCAPE.test(text)) return { ansi: text, links: [], plainLength: text.length };
  let ansi = '';
  let plain = 0;
  let copied = 0;
  const links: LinkRange[] = [];
  let open: { start: number; target: string } | undefined;
  const close = () => {
    if (open && plain > open.start)
      links.push({ start: open.start, end: plain, target: open.target });
    open = undefined;
  };
  for (const match of text.matchAll(ESCAPES)) {
    plain += match.index - copied;
    const [sequence, csi, osc] = match;
    // A CSI stays for anser (colours); anything else goes.
    ansi += text.slice(copied, csi ? match.index + sequence.length : match.index);
    copied = match.index + sequence.length;
    if (osc?.startsWith('8;')) {
      // `8;params;URI`: the URI is everything after the second `;` (it may contain `;`).
      const target = osc.slice(osc.indexOf(';', 2) + 1);
      close();
      if (target !== '') open = { start: plain, target };
    }
  }
  plain += text.length - copied;
  ansi += text.slice(copied);
  close();
  return { ansi, links, plainLength: plain };
}

/**
 * The text a reader sees on a line: newline dropped, carriage returns resolved, every escape
 * sequence removed (colours, OSC titles and links, DCS, SOS, PM, APC). Search and copying run on
 * this text.
 */
export function searchText(out: string): string {
  return lineSearchText(withoutNewline(out));
}

/** `searchText` of a line already without its newline (LogLines.textsAt). */
export function lineSearchText(text: string): string {
  // Most lines carry no escape and no carriage return: skip the regular expressions.
  if (!MAY_ESCAPE_OR_CR.test(text)) return text;
  return resolveCarriageReturns(text).replace(ESCAPES, '');
}

// A GitHub annotation command (`::error file=a.go,line=3::message`) shows its message only, as
// GitHub shows it (issue 30 item 3; the annotation list has its level, title and place).
const COMMAND = /^\s*::(?:error|warning|notice)(?:\s[^:]*)?::/;

/** A line as the console shows it: an annotation command's message without the command. */
export function withoutCommand(out: string): string {
  // A test first: most lines hold no command, and a replace that finds nothing costs six times
  // a test (search runs this over a million lines).
  return COMMAND.test(out) ? out.replace(COMMAND, '') : out;
}
