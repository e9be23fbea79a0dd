// Characters that hide or reorder text (issue 17, item 3). A commit message, branch, step name or
// log line from someone else may carry a right-to-left override (U+202E) that makes
// `invoice<U+202E>fdp.exe` read as `invoiceexe.pdf`, zero-width characters that make a name look
// like `admin` when it is not, or NUL. The console shows each such code point as a visible marker
// naming it (`U+202E`) instead of the character itself, so the reader sees what the text holds.
//
// Framework-free (views and the log pipeline may both use it). What is marked:
// - C0 and C1 controls and DEL, except tab, line feed and carriage return (text layout);
// - bidi controls: U+061C, U+200E, U+200F, U+202A..U+202E, U+2066..U+2069;
// - zero-width and other default-ignorable code points: U+00AD, U+034F, U+115F, U+1160, U+17B4,
//   U+17B5, U+180E, U+200B..U+200D, U+2060..U+206F, U+3164, U+FEFF, U+FFA0, U+FFF0..U+FFFB,
//   U+1BCA0..U+1BCA3, U+1D173..U+1D17A and the tag block U+E0000..U+E0FFF (invisible ASCII);
// - line and paragraph separators U+2028, U+2029;
// - lone surrogates U+D800..U+DFFF (issue 28 item 10): no character at all, a JSON `\ud800`
//   escape decodes to one, and each renderer shows it its own way (or drops it).
// Not marked: variation selectors (emoji presentation needs U+FE0F) and a zero-width joiner
// between two pictographs (emoji sequences such as woman, U+200D, laptop); everywhere else U+200D is marked.

const CLASS =
  '[\\0-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F-\\x9F\\xAD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5' +
  '\\u180E\\u200B\\u200C\\u200E\\u200F\\u2028-\\u202E\\u2060-\\u206F\\u3164\\uFEFF\\uFFA0' +
  '\\uFFF0-\\uFFFB\\u{1BCA0}-\\u{1BCA3}\\u{1D173}-\\u{1D17A}\\u{E0000}-\\u{E0FFF}' +
  // In a `u` regex this range matches only lone surrogates: a pair is one astral code point.
  '\\uD800-\\uDFFF]';
// A joiner is kept only between two pictographs (a skin tone or U+FE0F may follow the first).
const LONE_JOINER =
  '(?<!\\p{Extended_Pictographic}(?:\\uFE0F|\\p{Emoji_Modifier})?)\\u200D|\\u200D(?!\\p{Extended_Pictographic})';
const SOURCE = `${CLASS}|${LONE_JOINER}`;

// The class lists combining and invisible code points one by one on purpose (U+034F, U+17B4...).
/** One test per string: most text holds no such character and is shown as it is. */
// eslint-disable-next-line no-misleading-character-class -- single code points, not sequences
const ANY = new RegExp(SOURCE, 'u');
// eslint-disable-next-line no-misleading-character-class -- single code points, not sequences
const EACH = new RegExp(SOURCE, 'gu');

/** A marked code point: what the marker says (`U+202E`) and, when known, the character's name. */
export interface Invisible {
  codePoint: number;
  label: string;
  name: string;
}

/** A string is shown as it is; an `Invisible` is shown as its marker. */
export type TextPart = string | Invisible;

const NAMES: Record<number, string> = {
  0x00: 'null',
  0x1b: 'escape',
  0xad: 'soft hyphen',
  0x061c: 'Arabic letter mark',
  0x200b: 'zero width space',
  0x200c: 'zero width non-joiner',
  0x200d: 'zero width joiner',
  0x200e: 'left-to-right mark',
  0x200f: 'right-to-left mark',
  0x2028: 'line separator',
  0x2029: 'paragraph separator',
  0x202a: 'left-to-right embedding',
  0x202b: 'right-to-left embedding',
  0x202c: 'pop directional formatting',
  0x202d: 'left-to-right override',
  0x202e: 'right-to-left override',
  0x2060: 'word joiner',
  0x2066: 'left-to-right isolate',
  0x2067: 'right-to-left isolate',
  0x2068: 'first strong isolate',
  0x2069: 'pop directional isolate',
  0xfeff: 'zero width no-break space',
};

/** `U+202E`: the code point in Unicode's notation (at least four hex digits). */
export function codePointLabel(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}

function invisible(char: string): Invisible {
  const codePoint = char.codePointAt(0)!;
  const name =
    NAMES[codePoint] ??
    (codePoint < 0xa0
      ? 'control character'
      : codePoint >= 0xd800 && codePoint <= 0xdfff
        ? 'lone surrogate'
        : 'invisible character');
  return { codePoint, label: codePointLabel(codePoint), name };
}

/** Whether the text holds a character the console shows as a marker. */
export function hasInvisibles(text: string): boolean {
  return ANY.test(text);
}

/** The text cut into runs shown as they are and the code points shown as markers. */
export function splitInvisibles(text: string): TextPart[] {
  if (!ANY.test(text)) return text === '' ? [] : [text];
  const parts: TextPart[] = [];
  let from = 0;
  for (const match of text.matchAll(EACH)) {
    if (match.index > from) parts.push(text.slice(from, match.index));
    parts.push(invisible(match[0]));
    from = match.index + match[0].length;
  }
  if (from < text.length) parts.push(text.slice(from));
  return parts;
}

/**
 * The text with each marked code point written as `<U+202E>`: for places that hold plain text
 * only (document.title, attributes such as title and aria-label, <option>, canvas labels).
 */
export function showInvisibles(text: string): string {
  if (!ANY.test(text)) return text;
  return text.replace(EACH, (char) => `<${codePointLabel(char.codePointAt(0)!)}>`);
}
