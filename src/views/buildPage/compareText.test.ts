import { describe, expect, it } from 'vitest';
import { durationChangeText, summaryText } from './compareText';

describe('compare wording', () => {
  it('says how much faster or slower, writing durations as every other screen does', () => {
    expect(durationChangeText(-3)).toBe('3s faster');
    expect(durationChangeText(62)).toBe('1m 02s slower');
    expect(durationChangeText(120)).toBe('2m 00s slower');
    expect(durationChangeText(-3723)).toBe('1h 2m 3s faster');
    expect(durationChangeText(0)).toBe('same time');
  });
});

describe('the comparison summary', () => {
  it('says that no step got faster or slower rather than counting zeros', () => {
    expect(summaryText([{ deltaSeconds: 0 }, {}], 0)).toBe('No step faster or slower');
    expect(summaryText([{ deltaSeconds: -2 }, { deltaSeconds: 0 }], 0)).toBe('1 step faster');
    expect(summaryText([{ deltaSeconds: 3 }], 2)).toBe('1 step slower, 2 new failures');
  });
});
