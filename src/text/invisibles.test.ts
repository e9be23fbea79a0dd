import { describe, expect, it } from 'vitest';
import { codePointLabel, hasInvisibles, showInvisibles, splitInvisibles } from './invisibles';

const labels = (text: string) =>
  splitInvisibles(text).map((part) => (typeof part === 'string' ? part : `[${part.label}]`));

describe('invisible and direction-changing characters', () => {
  it.each([
    ['NUL', 0x0],
    ['bell', 0x7],
    ['escape', 0x1b],
    ['DEL', 0x7f],
    ['C1 CSI', 0x9b],
    ['soft hyphen', 0xad],
    ['Arabic letter mark', 0x061c],
    ['Mongolian vowel separator', 0x180e],
    ['zero width space', 0x200b],
    ['zero width non-joiner', 0x200c],
    ['zero width joiner', 0x200d],
    ['left-to-right mark', 0x200e],
    ['right-to-left mark', 0x200f],
    ['line separator', 0x2028],
    ['paragraph separator', 0x2029],
    ['left-to-right embedding', 0x202a],
    ['right-to-left embedding', 0x202b],
    ['pop directional formatting', 0x202c],
    ['left-to-right override', 0x202d],
    ['right-to-left override', 0x202e],
    ['word joiner', 0x2060],
    ['invisible times', 0x2062],
    ['left-to-right isolate', 0x2066],
    ['right-to-left isolate', 0x2067],
    ['first strong isolate', 0x2068],
    ['pop directional isolate', 0x2069],
    ['Hangul filler', 0x3164],
    ['byte order mark', 0xfeff],
    ['tag latin small a', 0xe0061],
  ])('marks %s', (_, codePoint) => {
    const char = String.fromCodePoint(codePoint);
    expect(hasInvisibles(`a${char}b`)).toBe(true);
    expect(labels(`a${char}b`)).toEqual(['a', `[${codePointLabel(codePoint)}]`, 'b']);
  });

  it('names the code point in Unicode notation, with the character name when known', () => {
    expect(splitInvisibles('\u202E')).toEqual([
      { codePoint: 0x202e, label: 'U+202E', name: 'right-to-left override' },
    ]);
    expect(splitInvisibles('\0')[0]).toMatchObject({ label: 'U+0000', name: 'null' });
    expect(splitInvisibles('\u{E0041}')[0]).toMatchObject({ label: 'U+E0041' });
  });

  it('leaves ordinary text, layout whitespace, variation selectors and emoji sequences alone', () => {
    for (const text of [
      'plain ascii',
      'tab\there\nnew line\r\n',
      'عربي עברית 中文 ñ é',
      '❤️ heart with U+FE0F',
      '👩‍💻 👨‍👩‍👧 🏳️‍🌈 👩🏽‍🚀',
    ]) {
      expect(hasInvisibles(text)).toBe(false);
      expect(splitInvisibles(text)).toEqual([text]);
      expect(showInvisibles(text)).toBe(text);
    }
    expect(splitInvisibles('')).toEqual([]);
  });

  it('marks a zero-width joiner that does not join two pictographs', () => {
    expect(labels('ad\u200Dmin 👩‍💻 x\u200D👩 👩\u200Dx')).toEqual([
      'ad',
      '[U+200D]',
      'min 👩‍💻 x',
      '[U+200D]',
      '👩 👩',
      '[U+200D]',
      'x',
    ]);
  });

  it('splits every run, consecutive markers included', () => {
    expect(labels('invoice\u202Eexe.pdf\u202C')).toEqual([
      'invoice',
      '[U+202E]',
      'exe.pdf',
      '[U+202C]',
    ]);
    expect(labels('\u200B\u200B\uFEFF')).toEqual(['[U+200B]', '[U+200B]', '[U+FEFF]']);
  });

  it('writes markers into plain text for titles, attributes and canvas labels', () => {
    expect(showInvisibles('ad\u200Bmin\0\u202E')).toBe('ad<U+200B>min<U+0000><U+202E>');
  });

  // Issue 28 item 10: a lone surrogate (JSON's "\ud800") is no character; a pair is one.
  it('marks lone surrogates and leaves surrogate pairs alone', () => {
    expect(showInvisibles('a\uD800b\uDC00c')).toBe('a<U+D800>b<U+DC00>c');
    expect(splitInvisibles('\uDFFF')).toEqual([
      { codePoint: 0xdfff, label: 'U+DFFF', name: 'lone surrogate' },
    ]);
    expect(hasInvisibles('rocket \uD83D\uDE80')).toBe(false);
  });

  it('gives the same answer on repeated calls (no regular expression state leaks)', () => {
    for (let run = 0; run < 3; run++) expect(hasInvisibles('a\u202Eb')).toBe(true);
  });
});
