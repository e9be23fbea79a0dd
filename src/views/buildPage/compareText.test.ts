import { describe, expect, it } from 'vitest';
import { durationChangeText, spokenDuration, summaryText } from './compareText';

describe('compare wording', () => {
  it('says how much faster or slower', () => {
    expect(durationChangeText(-3)).toBe('3 s faster');
    expect(durationChangeText(62)).toBe('1 min 2 s slower');
    expect(durationChangeText(120)).toBe('2 min slower');
    expect(durationChangeText(-3720)).toBe('1 h 2 min faster');
    expect(durationChangeText(0)).toBe('same time');
    expect(spokenDuration(3600)).toBe('1 h');
  });
});

describe('the comparison summary', () => {
  it('says that no step got faster or slower rather than counting zeros', () => {
    expect(summaryText([{ deltaSeconds: 0 }, {}], 0)).toBe('No step faster or slower');
    expect(summaryText([{ deltaSeconds: -2 }, { deltaSeconds: 0 }], 0)).toBe('1 step faster');
    expect(summaryText([{ deltaSeconds: 3 }], 2)).toBe('1 step slower, 2 new failures');
  });
});
