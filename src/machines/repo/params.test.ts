import { describe, expect, it } from 'vitest';
import { addParam, canAddParam, commitDraftParam, removeParam } from './params';

describe('parameter rules (docs/spec.md 5)', () => {
  it('adds a parameter only when key and value are non-empty after trimming', () => {
    expect(canAddParam('KEY', 'value')).toBe(true);
    expect(canAddParam('', 'value')).toBe(false);
    expect(canAddParam('KEY', '')).toBe(false);
    expect(canAddParam('   ', 'value')).toBe(false);
    expect(canAddParam('KEY', ' \t ')).toBe(false);
  });

  it('trims what it adds and appends in order', () => {
    const one = addParam([], '  FOO ', ' bar  ');
    expect(one).toEqual([{ key: 'FOO', value: 'bar' }]);
    expect(addParam(one, 'B', '2')).toEqual([
      { key: 'FOO', value: 'bar' },
      { key: 'B', value: '2' },
    ]);
  });

  it('returns the same list when nothing can be added', () => {
    const params = [{ key: 'A', value: '1' }];
    expect(addParam(params, ' ', 'x')).toBe(params);
  });

  it('removes by position and ignores positions out of range', () => {
    const params = [
      { key: 'A', value: '1' },
      { key: 'B', value: '2' },
      { key: 'C', value: '3' },
    ];
    expect(removeParam(params, 1)).toEqual([
      { key: 'A', value: '1' },
      { key: 'C', value: '3' },
    ]);
    expect(removeParam(params, 5)).toBe(params);
    expect(removeParam(params, -1)).toBe(params);
  });

  it('commits the draft and clears it, or keeps an incomplete draft as typed', () => {
    expect(commitDraftParam({ params: [], draftKey: ' K ', draftValue: 'v' })).toEqual({
      params: [{ key: 'K', value: 'v' }],
      draftKey: '',
      draftValue: '',
    });
    const incomplete = { params: [], draftKey: 'K', draftValue: '  ' };
    expect(commitDraftParam(incomplete)).toBe(incomplete);
  });
});
