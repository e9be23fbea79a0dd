import { describe, expect, it } from 'vitest';
import { scanOsc, searchText } from './escapes';
import { shownLog } from './groups';
import { LogLines } from './lineStore';
import { findUrls, safeHref } from './links';
import { lineContent, markMatches, parseLineContent } from './segments';

const ESC = '\x1b';
const ST = `${ESC}\\`;
const osc8 = (url: string, text: string) => `${ESC}]8;;${url}${ST}${text}${ESC}]8;;${ST}`;
const links = (out: string) =>
  parseLineContent(out)
    .segments.filter((segment) => segment.href)
    .map((segment) => [segment.text, segment.href]);

describe('safeHref', () => {
  it('accepts absolute http and https URLs only', () => {
    expect(safeHref('https://example.com/a?b=1#c')).toBe('https://example.com/a?b=1#c');
    expect(safeHref('HTTP://example.com')).toBe('http://example.com/');
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      '\u0001javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'vbscript:msgbox(1)',
      '//example.com',
      '/relative',
      'https://',
    ]) {
      expect(safeHref(bad), bad).toBeUndefined();
    }
  });
});

describe('findUrls', () => {
  it('finds http(s) URLs and leaves trailing punctuation and brackets out', () => {
    const text =
      'see https://a.example/x. Or (http://b.example/y_(z)) and "https://c.example/q?x=1",';
    expect(findUrls(text).map((link) => link.target)).toEqual([
      'https://a.example/x',
      'http://b.example/y_(z)',
      'https://c.example/q?x=1',
    ]);
    const [first] = findUrls(text);
    expect(text.slice(first!.start, first!.end)).toBe('https://a.example/x');
  });

  it('never links other schemes', () => {
    expect(findUrls('javascript:alert(1) ftp://x.example data:text/html,hi')).toEqual([]);
    expect(findUrls('javascript://example.com/%0aalert(1)')).toEqual([]);
  });
});

describe('OSC 8 hyperlinks', () => {
  it('removes OSC sequences and records links in plain-text offsets', () => {
    const scan = scanOsc(`see ${ESC}[1m${osc8('https://x.example/run/1', 'run 1')}${ESC}[0m done`);
    expect(scan.ansi).toBe(`see ${ESC}[1mrun 1${ESC}[0m done`);
    expect(scan.links).toEqual([{ start: 4, end: 9, target: 'https://x.example/run/1' }]);
    expect(scanOsc(`${ESC}]0;window title\x07text`).ansi).toBe('text');
  });

  it('links OSC 8 text to a safe target, and shows an unsafe one as text', () => {
    expect(links(`${osc8('https://ci.example/logs', 'open the logs')}\n`)).toEqual([
      ['open the logs', 'https://ci.example/logs'],
    ]);
    const unsafe = parseLineContent(`${osc8('javascript:alert(1)', 'click me')}\n`);
    expect(unsafe.plain).toBe('click me');
    expect(unsafe.segments.some((segment) => segment.href)).toBe(false);
  });

  it('keeps colours inside a link, cutting spans at its edges', () => {
    const content = parseLineContent(
      `${ESC}[32mok ${osc8('https://x.example', `${ESC}[1mbold`)} tail${ESC}[0m\n`,
    );
    expect(content.plain).toBe('ok bold tail');
    expect(
      content.segments.map((segment) => [segment.text, segment.href, segment.style?.color]),
    ).toEqual([
      ['ok ', undefined, '#3fb950'],
      ['bold', 'https://x.example/', '#3fb950'],
      [' tail', undefined, '#3fb950'],
    ]);
  });
});

describe('lineContent', () => {
  it('links URLs written in coloured text', () => {
    expect(links(`${ESC}[36mDeployed: https://app.example/${ESC}[0m (200)\n`)).toEqual([
      ['https://app.example/', 'https://app.example/'],
    ]);
  });

  it('marks search matches inside ANSI colours, splitting spans at match boundaries', () => {
    const content = lineContent(`${ESC}[31mERR${ESC}[0mOR twice: error\n`);
    const segments = markMatches(
      content,
      [
        { start: 1, end: 5 },
        { start: 13, end: 18 },
      ],
      1,
    );
    expect(segments.map((segment) => [segment.text, segment.mark, segment.style?.color])).toEqual([
      ['E', undefined, '#ff7b72'],
      ['RR', 'match', '#ff7b72'],
      ['OR', 'match', undefined],
      [' twice: ', undefined, undefined],
      ['error', 'current', undefined],
    ]);
  });
});

describe('plain text', () => {
  it('strips escapes and resolves carriage returns for search and copying', () => {
    expect(searchText(`${ESC}[32mok${ESC}[0m ${osc8('https://x.example', 'link')}\n`)).toBe(
      'ok link',
    );
    expect(searchText('50%\r100%\n')).toBe('100%');
    const lines = LogLines.from([
      { pos: 0, out: `${ESC}[1mone${ESC}[0m\n`, time: 0 },
      { pos: 1, out: 'two\n', time: 1 },
    ]);
    expect(shownLog(lines)).toBe('one\ntwo');
  });
});
