// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkedValues } from './values';

// Times and counts from the server are checked where answers arrive (issue 28 item 8).
describe('checkedValues', () => {
  it('turns a time no Date holds, a string or null where a number belongs into NaN', () => {
    const repo = checkedValues({
      slug: 'a/b',
      created: 1e15,
      updated: '1700000000',
      counter: null,
      timeout: 60,
      build: {
        number: 'seven',
        started: -1e15,
        finished: 1_700_000_000,
        params: { created: 'yesterday', next: '1' },
        stages: [{ exit_code: 'x', stopped: true, steps: [{ started: null, stopped: 0 }] }],
      },
    });
    expect(repo).toEqual({
      slug: 'a/b',
      created: NaN,
      updated: NaN,
      counter: NaN,
      timeout: 60,
      build: {
        // Numbers address things: they stay as sent.
        number: 'seven',
        started: NaN,
        finished: 1_700_000_000,
        // The pipeline's own keys are not Drone's.
        params: { created: 'yesterday', next: '1' },
        stages: [{ exit_code: NaN, stopped: NaN, steps: [{ started: NaN, stopped: 0 }] }],
      },
    });
  });

  it('leaves answers without such fields as they are', () => {
    expect(checkedValues(null)).toBeNull();
    expect(checkedValues([{ name: 'x', data: { created: 'no' } }])).toEqual([
      { name: 'x', data: { created: 'no' } },
    ]);
  });
});
