import { resolveCarriageReturns, withoutNewline } from './text';

// Escape sequences beyond colours. anser only understands CSI (`ESC [`); OSC sequences
// (`ESC ]`: window titles, OSC 8 hyperlinks) would reach the screen as garbage, so they are taken
// out here first. OSC 8 links are kept as ranges of the line's plain text (what is left once every
// escape is gone), which is the coordinate system of search matches and URL detection too.

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
  /** The text without OSC sequences; CSI colour codes stay for anser. */
  ansi: string;
  /** OSC 8 hyperlinks, in plain-text coordinates. */
  links: LinkRange[];
  /** Length of the plain text (no escapes at all). */
  plainLength: number;
}

// eslint-disable-next-line no-control-regex -- matching the ESC control character is the point
const CSI_AT = /\x1b\[[0-?]*[ -/]*[@-~]/y;
// An OSC runs to BEL or to ST (`ESC \`); an unterminated one runs to the end of the line.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const OSC_AT = /\x1b\]([^\x07\x1b]*)(?:\x07|\x1b\\|$)/y;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ANY_ESCAPE = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\|$)/g;

/**
 * Removes OSC sequences from a display text (newline and carriage returns already resolved) and
 * records OSC 8 hyperlinks: `ESC ]8;params;URI ST text ESC ]8;; ST`.
 */
export function scanOsc(text: string): OscScan {
  if (!text.includes('\x1b]')) {
    return { ansi: text, links: [], plainLength: text.replace(ANY_ESCAPE, '').length };
  }
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
  let index = text.indexOf('\x1b');
  while (index >= 0) {
    plain += index - copied;
    CSI_AT.lastIndex = index;
    OSC_AT.lastIndex = index;
    const csi = CSI_AT.exec(text);
    const osc = csi ? null : OSC_AT.exec(text);
    if (csi) {
      ansi += text.slice(copied, index + csi[0].length);
      copied = index + csi[0].length;
    } else if (osc) {
      ansi += text.slice(copied, index);
      copied = index + osc[0].length;
      const body = osc[1] ?? '';
      if (body.startsWith('8;')) {
        // `8;params;URI`: the URI is everything after the second `;` (it may contain `;`).
        const target = body.slice(body.indexOf(';', 2) + 1);
        close();
        if (target !== '') open = { start: plain, target };
      }
    } else {
      // A lone ESC: anser shows what follows it as text, so count it like text.
      ansi += text.slice(copied, index + 1);
      copied = index + 1;
      plain += 1;
    }
    index = text.indexOf('\x1b', copied);
  }
  plain += text.length - copied;
  ansi += text.slice(copied);
  close();
  return { ansi, links, plainLength: plain };
}

/**
 * The text a reader sees on a line: newline dropped, carriage returns resolved, every escape
 * sequence (colours, OSC titles and links) removed. Search runs on this text.
 */
export function searchText(out: string): string {
  return lineSearchText(withoutNewline(out));
}

/** `searchText` of a line already without its newline (LogLines.textsAt). */
export function lineSearchText(text: string): string {
  // Most lines carry no escape and no carriage return: skip the regular expressions.
  if (!text.includes('\x1b') && !text.includes('\r')) return text;
  return resolveCarriageReturns(text).replace(ANY_ESCAPE, '');
}

/** A whole log as plain text, one line per line (for the clipboard). */
export function plainLog(lines: { length: number; outAt(index: number): string }): string {
  const parts = new Array<string>(lines.length);
  for (let index = 0; index < lines.length; index++) parts[index] = searchText(lines.outAt(index));
  return parts.join('\n');
}
