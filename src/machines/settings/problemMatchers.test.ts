import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { said } from '../../../tests/said';
import { waitUntil } from '../../../tests/wait';
import { matchersKey, repoMatchers } from '../console/repoMatchers';
import { problemMatchersMachine } from './problemMatchers.machine';

const FILE = JSON.stringify({
  problemMatcher: [{ owner: 'acme', pattern: [{ regexp: '^ACME (.*)$', message: 1 }] }],
});

function start(slug = 'acme/api') {
  const actor = createActor(problemMatchersMachine, { input: { slug } });
  actor.start();
  return actor;
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('problem matchers machine', () => {
  it("keeps a valid file for the repository; the console's matchers read it", async () => {
    const actor = start();
    actor.send({ type: 'matchers.edit', text: FILE });
    actor.send({ type: 'matchers.save' });
    await waitUntil(() => expect(actor.getSnapshot().context.result).not.toBeNull());
    expect(said(actor.getSnapshot().context.result)).toBe('Matchers saved: 1 matcher.');
    expect(localStorage.getItem(matchersKey('acme/api'))).toBe(FILE);
    expect(repoMatchers('acme/api').map((matcher) => matcher.owner)).toEqual(['acme']);
    expect(repoMatchers('acme/web')).toEqual([]);
    // The next visit edits what was kept.
    expect(start().getSnapshot().context.text).toBe(FILE);
  });

  it('refuses a file that does not read, saying what is wrong, and keeps nothing', () => {
    const actor = start();
    actor.send({ type: 'matchers.edit', text: '{"problemMatcher": {}}' });
    actor.send({ type: 'matchers.save' });
    expect(said(actor.getSnapshot().context.result)).toBe(
      'Not a problem-matcher file: expected { "problemMatcher": [ ... ] }',
    );
    expect(localStorage.getItem(matchersKey('acme/api'))).toBeNull();
  });

  it('an empty text removes them; a browser that refuses to store says so', async () => {
    localStorage.setItem(matchersKey('acme/api'), FILE);
    const actor = start();
    actor.send({ type: 'matchers.edit', text: '' });
    actor.send({ type: 'matchers.save' });
    await waitUntil(() => expect(actor.getSnapshot().context.result).not.toBeNull());
    expect(said(actor.getSnapshot().context.result)).toBe('No matchers: the built-in shapes only.');
    expect(localStorage.getItem(matchersKey('acme/api'))).toBeNull();

    vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    actor.send({ type: 'matchers.edit', text: FILE });
    actor.send({ type: 'matchers.save' });
    await waitUntil(() =>
      expect(said(actor.getSnapshot().context.result)).toBe(
        'This browser did not keep the matchers (storage full or disabled).',
      ),
    );
  });
});
