import { parseLine, type LogSpan } from './ansi';
import { scanOsc, withoutCommand, type LinkRange, type TextRange } from './escapes';
import { findUrls, safeHref } from './links';
import { displayText } from './text';

// One rendered line as data: anser's coloured spans, cut wherever a link or a search match starts
// or ends, so a match inside ANSI-coloured text keeps its colours and a link may span colours.

export interface LogSegment extends LogSpan {
  /** A safe http(s) target: the segment belongs to this link. */
  href?: string;
  /** Part of a search match: 'current' for the match the search is on. */
  mark?: 'match' | 'current';
}

export interface LineContent {
  segments: LogSegment[];
  /** The text shown (every escape removed); search ranges are offsets into it. */
  plain: string;
}

interface Overlay extends TextRange {
  apply(segment: LogSegment): void;
}

/** Cuts `segments` at every overlay boundary and lets each overlay mark the pieces it covers. */
function overlay(segments: readonly LogSegment[], overlays: readonly Overlay[]): LogSegment[] {
  if (overlays.length === 0) return segments as LogSegment[];
  const cuts = new Set<number>();
  for (const range of overlays) {
    cuts.add(range.start);
    cuts.add(range.end);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const result: LogSegment[] = [];
  let offset = 0;
  for (const segment of segments) {
    const end = offset + segment.text.length;
    let from = offset;
    for (const point of points) {
      if (point <= from || point >= end) continue;
      result.push({ ...segment, text: segment.text.slice(from - offset, point - offset) });
      from = point;
    }
    result.push(
      from === offset ? { ...segment } : { ...segment, text: segment.text.slice(from - offset) },
    );
    offset = end;
  }
  offset = 0;
  for (const piece of result) {
    const middle = offset + piece.text.length / 2;
    for (const range of overlays)
      if (range.start < middle && middle < range.end) range.apply(piece);
    offset += piece.text.length;
  }
  return result;
}

/** URLs written in the text, except where an OSC 8 link already covers them. */
function linkOverlays(plain: string, osc: LinkRange[]): Overlay[] {
  const overlays: Overlay[] = [];
  for (const link of osc) {
    const href = safeHref(link.target);
    // An unsafe target (javascript: ...) leaves its text as plain text.
    if (href) overlays.push({ ...link, apply: (segment) => (segment.href = href) });
  }
  for (const url of findUrls(plain)) {
    if (osc.some((link) => link.start < url.end && url.start < link.end)) continue;
    const href = safeHref(url.target)!;
    overlays.push({ ...url, apply: (segment) => (segment.href = href) });
  }
  return overlays;
}

function spansOf(ansi: string): LogSpan[] {
  if (!ansi.includes('\x1b')) return ansi === '' ? [] : [{ text: ansi }];
  // parseLine drops one trailing newline and resolves carriage returns (none are left): the added
  // newline is what it drops, so the text reaches anser unchanged.
  return parseLine(`${ansi}\n`);
}

/** Segments of one raw line (`Line.out`) with its links, and its plain text. */
export function parseLineContent(out: string): LineContent {
  const scan = scanOsc(displayText(withoutCommand(out)));
  const spans = spansOf(scan.ansi);
  const plain = spans.map((span) => span.text).join('');
  // anser and our scanner disagree only on malformed escapes: then OSC 8 ranges would be off,
  // and the line keeps its text and detected URLs only.
  const osc = plain.length === scan.plainLength ? scan.links : [];
  return { segments: overlay(spans, linkOverlays(plain, osc)), plain };
}

const CACHE_LIMIT = 5000;
const cache = new Map<string, LineContent>();

/** `parseLineContent`, memoised by the raw text (bounded; oldest entries dropped first). */
export function lineContent(out: string): LineContent {
  const hit = cache.get(out);
  if (hit) return hit;
  const content = parseLineContent(out);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(out, content);
  return content;
}

/** Marks search matches (ranges of `content.plain`); `current` is the index of the current one. */
export function markMatches(
  content: LineContent,
  matches: readonly TextRange[],
  current = -1,
): LogSegment[] {
  const overlays = matches.map<Overlay>((range, index) => ({
    ...range,
    apply: (segment) => (segment.mark = index === current ? 'current' : 'match'),
  }));
  return overlay(content.segments, overlays);
}
