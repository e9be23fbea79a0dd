import { describe, expect, it } from 'vitest';
import { extendSpan, formatPermalink, parsePermalink } from './permalink';

describe('parsePermalink', () => {
  it('reads one line and a range', () => {
    expect(parsePermalink('#L5')).toEqual({ start: 5, end: 5 });
    expect(parsePermalink('#L3-L9')).toEqual({ start: 3, end: 9 });
    expect(parsePermalink('L3-L9')).toEqual({ start: 3, end: 9 });
    expect(parsePermalink('#L9-L3')).toEqual({ start: 3, end: 9 });
  });

  it.each(['', '#', '#L', '#L0', '#Lx', '#L5-', '#L5-L', '#5', '#L1.5', '#L5;alert(1)', '#L-5'])(
    'names no line for %j',
    (hash) => {
      expect(parsePermalink(hash)).toBeNull();
    },
  );
});

describe('formatPermalink and extendSpan', () => {
  it('writes one line or a range', () => {
    expect(formatPermalink({ start: 5, end: 5 })).toBe('#L5');
    expect(formatPermalink({ start: 3, end: 9 })).toBe('#L3-L9');
  });

  it('extends a selection from its first line in either direction', () => {
    expect(extendSpan(null, 4)).toEqual({ start: 4, end: 4 });
    expect(extendSpan({ start: 4, end: 4 }, 9)).toEqual({ start: 4, end: 9 });
    expect(extendSpan({ start: 4, end: 9 }, 2)).toEqual({ start: 2, end: 4 });
  });
});
