import { describe, expect, it, vi } from 'vitest';
import type { Build } from '../../api/types';
import { makeBuild, makeStage, makeStep } from '../../../tests/factories';
import {
  compareHref,
  compareSteps,
  firstChanges,
  findPrevious,
  MAX_COMPARED_STEPS,
  sameFamily,
} from './buildDiff';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);

describe('the previous build', () => {
  const pushMain = (number: number, extra: Partial<Build> = {}) =>
    makeBuild({ number, event: 'push', target: 'main', ...extra });

  it('is the newest earlier build of the same branch, among push, cron and custom builds', () => {
    const list = [
      pushMain(9),
      pushMain(7, { target: 'dev' }),
      makeBuild({ number: 6, event: 'pull_request', target: 'main', ref: 'refs/pull/1/head' }),
      makeBuild({ number: 5, event: 'promote', target: 'main', deploy_to: 'production' }),
      pushMain(4, { event: 'cron' }),
      pushMain(3),
    ];
    expect(findPrevious(pushMain(8), list)?.number).toBe(4);
    expect(findPrevious(pushMain(3), list)).toBeUndefined();
  });

  it('keeps pull requests, deployments and tags to their own kind', () => {
    const pr = (number: number, ref: string) =>
      makeBuild({ number, event: 'pull_request', ref, target: 'main' });
    expect(sameFamily(pr(5, 'refs/pull/1/head'), pr(4, 'refs/pull/1/head'))).toBe(true);
    expect(sameFamily(pr(5, 'refs/pull/1/head'), pr(4, 'refs/pull/2/head'))).toBe(false);
    const deploy = (number: number, event: string, to: string) =>
      makeBuild({ number, event, deploy_to: to });
    expect(sameFamily(deploy(5, 'promote', 'prod'), deploy(4, 'rollback', 'prod'))).toBe(true);
    expect(sameFamily(deploy(5, 'promote', 'prod'), deploy(4, 'promote', 'staging'))).toBe(false);
    const tag = (number: number, target: string) => makeBuild({ number, event: 'tag', target });
    expect(sameFamily(tag(5, 'v2'), tag(4, 'v1'))).toBe(true);
    expect(sameFamily(tag(5, 'v2'), pushMain(4))).toBe(false);
  });
});

describe('per-step changes', () => {
  const step = (number: number, name: string, status: Build['status'], seconds?: number) =>
    makeStep(number, status, {
      name,
      started: seconds === undefined ? undefined : 1000,
      stopped: seconds === undefined ? undefined : 1000 + seconds,
    });
  const build = (stages: Array<[string, ReturnType<typeof step>[]]>) =>
    makeBuild({
      stages: stages.map(([name, steps], index) =>
        makeStage(index + 1, 'success', { name, steps }),
      ),
    });

  it('matches steps by stage and step name, with durations, failures and added/removed steps', () => {
    const previous = build([
      [
        'build',
        [
          step(1, 'clone', 'success', 10),
          step(2, 'test', 'success', 60),
          step(3, 'old', 'success', 5),
        ],
      ],
      ['gone', [step(1, 'x', 'success', 1)]],
    ]);
    const current = build([
      [
        'build',
        [
          step(1, 'clone', 'success', 7),
          step(2, 'test', 'failure', 122),
          step(3, 'lint', 'error', 3),
        ],
      ],
    ]);
    const stages = compareSteps(current, previous);
    expect(stages.map((stage) => stage.name)).toEqual(['build', 'gone']);
    const [clone, test, lint, old] = stages[0]!.steps;
    expect(clone).toMatchObject({ kind: 'same', deltaSeconds: -3, newFailure: false });
    expect(test).toMatchObject({ kind: 'same', deltaSeconds: 62, newFailure: true });
    expect(lint).toMatchObject({ name: 'lint', kind: 'added', newFailure: true });
    expect(old).toMatchObject({ name: 'old', kind: 'removed', newFailure: false });
    expect(stages[1]!.steps[0]).toMatchObject({ name: 'x', kind: 'removed' });
  });

  it('gives no duration change while a step runs, and no new failure for one that failed before', () => {
    const previous = build([['s', [step(1, 'a', 'failure', 5), step(2, 'b', 'success', 5)]]]);
    const current = build([['s', [step(1, 'a', 'failure', 6), step(2, 'b', 'running')]]]);
    const [a, b] = compareSteps(current, previous)[0]!.steps;
    expect(a).toMatchObject({ newFailure: false, fixed: false, deltaSeconds: 1 });
    expect(b!.deltaSeconds).toBeUndefined();
    const fixed = compareSteps(previous, current)[0]!.steps[0];
    expect(fixed).toMatchObject({ fixed: false });
    const passing = build([['s', [step(1, 'a', 'success', 5)]]]);
    expect(compareSteps(passing, previous)[0]!.steps[0]).toMatchObject({ fixed: true });
  });
});

// Issue 28 item 6: a build of 3,000 steps of one name stalled the page for seconds, each step
// looking for its rank among all those before it (4.5 million keys). Work, not time: each step
// is keyed once.
describe('per-step changes of thousands of steps of one name', () => {
  const build = (count: number, seconds: number) =>
    makeBuild({
      stages: [
        makeStage(1, 'success', {
          name: 'matrix',
          steps: Array.from({ length: count }, (_, index) =>
            makeStep(index + 1, 'success', { name: 'test', started: 1, stopped: 1 + seconds }),
          ),
        }),
      ],
    });

  it('keys each step once, and pairs the nth with the nth', () => {
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      const [stage] = compareSteps(build(3000, 5), build(2999, 7));
      expect(stringify.mock.calls.length).toBeLessThanOrEqual(2 * (3000 + 2999));
      expect(stage!.steps).toHaveLength(3000);
      expect(stage!.steps.filter((step) => step.deltaSeconds === -2)).toHaveLength(2999);
      expect(stage!.steps.at(-1)).toMatchObject({ kind: 'added', name: 'test' });
    } finally {
      stringify.mockRestore();
    }
  });

  it('draws the first steps of a long comparison and says how many there are', () => {
    const stages = compareSteps(build(3000, 5), build(3000, 7));
    const first = firstChanges(stages);
    expect(first).toMatchObject({ shown: MAX_COMPARED_STEPS, total: 3000 });
    expect(first.stages[0]!.steps).toHaveLength(MAX_COMPARED_STEPS);
    const short = compareSteps(build(3, 5), build(3, 7));
    expect(firstChanges(short)).toEqual({ stages: short, shown: 3, total: 3 });
  });
});

describe('the commit range link', () => {
  it('is built only from an http(s) repository link and two shas', () => {
    expect(compareHref('https://github.com/acme/api', A, B)).toBe(
      `https://github.com/acme/api/compare/${A}...${B}`,
    );
    expect(compareHref('https://git.example.com/acme/api/?x=1#y', A, B)).toBe(
      `https://git.example.com/acme/api/compare/${A}...${B}`,
    );
    expect(compareHref('javascript:alert(1)//', A, B)).toBeUndefined();
    expect(compareHref('https://user:pw@github.com/acme/api', A, B)).toBeUndefined();
    expect(compareHref('not a url', A, B)).toBeUndefined();
    expect(compareHref('https://github.com/acme/api', A, '../../evil')).toBeUndefined();
    expect(compareHref('https://github.com/acme/api', A, A)).toBeUndefined();
    expect(compareHref(undefined, A, B)).toBeUndefined();
  });
});
