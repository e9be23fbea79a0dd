import { describe, expect, it } from 'vitest';
import { durationChangeText, spokenDuration } from './compareText';

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
