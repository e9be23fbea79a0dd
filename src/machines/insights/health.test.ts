import { describe, expect, it } from 'vitest';
import type { Status } from '../../api/types';
import { makeBuild, makeRepo } from '../../../tests/factories';
import { repoHealth, sortHealth } from './health';

const repo = makeRepo({ default_branch: 'main' });
/** Newest first, as the server lists them: statuses oldest to newest. */
const history = (statuses: Status[], extra: (n: number) => object = () => ({})) =>
  statuses
    .map((status, index) =>
      makeBuild({
        number: index + 1,
        status,
        created: 1000 * (index + 1),
        started: 1000 * (index + 1),
        finished: 1000 * (index + 1) + 60,
        ...extra(index + 1),
      }),
    )
    .reverse();

describe('repository health', () => {
  it('is red on the default branch since the first build of the failing streak', () => {
    const health = repoHealth(repo, history(['success', 'failure', 'success', 'failure', 'error']));
    expect(health.red).toEqual({ number: 4, since: 4000 });
    expect(health.failureRate).toBeCloseTo(3 / 5);
  });

  it('is green when the default branch last passed, whatever other branches say', () => {
    const health = repoHealth(
      repo,
      history(['failure', 'success', 'failure'], (n) => (n === 3 ? { target: 'feature' } : {})),
    );
    expect(health.red).toBeNull();
  });

  it('measures back to green from the first failure to the next success', () => {
    const health = repoHealth(repo, history(['success', 'failure', 'failure', 'success']));
    // #2 created at 2000, #4 finished at 4060.
    expect(health.backToGreen).toBe(2060);
  });

  it('says too little data rather than a rate from fewer than 5 builds', () => {
    const health = repoHealth(repo, history(['success', 'killed', 'failure']));
    expect(health.failureRate).toBeNull();
    expect(health.counted).toBe(2);
  });

  it('sorts the worst first and the unmeasured last', () => {
    const a = repoHealth(makeRepo({ id: 1, slug: 'o/a' }), history(Array(5).fill('success')));
    const b = repoHealth(makeRepo({ id: 2, slug: 'o/b' }), history(Array(5).fill('failure')));
    const c = repoHealth(makeRepo({ id: 3, slug: 'o/c' }), history(['failure']));
    expect(sortHealth([a, c, b], 'failureRate').map((row) => row.repo.slug)).toEqual([
      'o/b',
      'o/a',
      'o/c',
    ]);
  });
});
