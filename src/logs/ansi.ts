import Anser from 'anser';
import { displayText } from './text';

// ANSI escapes -> plain data spans (text + style). The view turns spans into React elements, so
// server text is never handed to the browser as HTML. A line is parsed only when it is rendered,
// and the result is memoised: scrolling back and forth over a long log does not parse again.

export interface SpanStyle {
  color?: string;
  backgroundColor?: string;
  fontWeight?: 'bold';
  opacity?: number;
  fontStyle?: 'italic';
  textDecoration?: string;
  visibility?: 'hidden';
}

export interface LogSpan {
  text: string;
  /** Absent for text with no colour or decoration. */
  style?: SpanStyle;
  /** anser's class names (`ansi-red-fg`, `ansi-bold`...), handy as styling hooks and in tests. */
  classes?: string[];
}

const NAMES = ['black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white'] as const;

// Readable on the dark log background (theme token logBg #0d1117); anser's own defaults assume
// pure black and make dark red or blue text hard to read.
const NORMAL = [
  '#6e7681',
  '#ff7b72',
  '#3fb950',
  '#d29922',
  '#58a6ff',
  '#bc8cff',
  '#39c5cf',
  '#b1bac4',
];
const BRIGHT = [
  '#8b949e',
  '#ffa198',
  '#56d364',
  '#e3b341',
  '#79c0ff',
  '#d2a8ff',
  '#56d4dd',
  '#ffffff',
];

const NAMED = new Map<string, string>();
NAMES.forEach((name, index) => {
  NAMED.set(`ansi-${name}`, NORMAL[index]!);
  NAMED.set(`ansi-bright-${name}`, BRIGHT[index]!);
});

/** xterm's 256-colour palette: 16 named colours, a 6x6x6 cube, then 24 greys. */
function paletteColor(index: number): string {
  if (index < 8) return NORMAL[index]!;
  if (index < 16) return BRIGHT[index - 8]!;
  if (index < 232) {
    const levels = [0, 95, 135, 175, 215, 255];
    const n = index - 16;
    return `rgb(${levels[Math.floor(n / 36)]}, ${levels[Math.floor(n / 6) % 6]}, ${levels[n % 6]})`;
  }
  const grey = 8 + (index - 232) * 10;
  return `rgb(${grey}, ${grey}, ${grey})`;
}

function colorOf(name: string | null, truecolor: string | null): string | undefined {
  if (!name) return undefined;
  if (name === 'ansi-truecolor') return truecolor ? `rgb(${truecolor})` : undefined;
  const named = NAMED.get(name);
  if (named) return named;
  const palette = /^ansi-palette-(\d+)$/.exec(name);
  return palette ? paletteColor(Number(palette[1])) : undefined;
}

/** Black text on a coloured background (test runners' PASS/FAIL badges) must stay dark. */
const BLACK_ON_BACKGROUND = '#0d1117';

function spanOf(entry: Anser.AnserJsonEntry): LogSpan {
  const style: SpanStyle = {};
  const classes: string[] = [];
  const background = colorOf(entry.bg, entry.bg_truecolor);
  const color =
    background && entry.fg === 'ansi-black'
      ? BLACK_ON_BACKGROUND
      : colorOf(entry.fg, entry.fg_truecolor);
  if (color) {
    style.color = color;
    classes.push(`${entry.fg}-fg`);
  }
  if (background) {
    style.backgroundColor = background;
    classes.push(`${entry.bg}-bg`);
  }
  const lines: string[] = [];
  for (const decoration of entry.decorations) {
    classes.push(`ansi-${decoration}`);
    if (decoration === 'bold') style.fontWeight = 'bold';
    else if (decoration === 'dim') style.opacity = 0.6;
    else if (decoration === 'italic') style.fontStyle = 'italic';
    else if (decoration === 'hidden') style.visibility = 'hidden';
    else if (decoration === 'underline') lines.push('underline');
    else if (decoration === 'strikethrough') lines.push('line-through');
    else if (decoration === 'blink') lines.push('blink');
  }
  if (lines.length > 0) style.textDecoration = lines.join(' ');
  return classes.length > 0 ? { text: entry.content, style, classes } : { text: entry.content };
}

/**
 * Spans of one raw line (`Line.out`). One anser instance parses the whole line, so a colour set
 * in one segment carries into the next until a reset; carriage returns are resolved first.
 */
export function parseLine(out: string): LogSpan[] {
  const text = displayText(out);
  if (!text.includes('\x1b')) return text === '' ? [] : [{ text }];
  const entries = Anser.ansiToJson(text, { json: true, use_classes: true, remove_empty: true });
  return entries.map(spanOf);
}

const CACHE_LIMIT = 5000;
const cache = new Map<string, LogSpan[]>();

/** `parseLine`, memoised by the raw text (a bounded cache, oldest entries dropped first). */
export function lineSpans(out: string): LogSpan[] {
  const hit = cache.get(out);
  if (hit) return hit;
  const spans = parseLine(out);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(out, spans);
  return spans;
}
