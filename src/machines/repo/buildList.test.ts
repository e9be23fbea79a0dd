import { describe, expect, it } from 'vitest';
import { makeBuild, makeBuilds } from '../../../tests/factories';
import { appendPage, applyBuildUpdate, applyIndexUpdate, mergeFirstPage } from './buildList';

const numbers = (builds: { number: number }[]) => builds.map((build) => build.number);

describe('live update rule (docs/spec.md 4.5)', () => {
  it('replaces the entry with the same number in place', () => {
    const list = makeBuilds(3);
    const update = makeBuild({ number: 2, status: 'running' });
    const next = applyBuildUpdate(list, update);
    expect(numbers(next)).toEqual([3, 2, 1]);
    expect(next[1]?.status).toBe('running');
    expect(list[1]?.status).toBe('success');
  });

  it('inserts a newer build number at the top', () => {
    const next = applyBuildUpdate(makeBuilds(3), makeBuild({ number: 4, status: 'pending' }));
    expect(numbers(next)).toEqual([4, 3, 2, 1]);
  });

  it('ignores an older build number that is not listed', () => {
    const list = makeBuilds(3, (number) => ({ number: number + 10 }));
    expect(applyBuildUpdate(list, makeBuild({ number: 5 }))).toBe(list);
  });

  it('drops the stages an event carries', () => {
    const update = makeBuild({ number: 1, stages: [] });
    expect(applyBuildUpdate([], update)[0]).not.toHaveProperty('stages');
  });

  it('adds an entry to an empty list', () => {
    expect(numbers(applyBuildUpdate([], makeBuild({ number: 1 })))).toEqual([1]);
  });
});

describe('paging', () => {
  it('appends a page without the builds already listed', () => {
    const list = makeBuilds(3, (number) => ({ number: number + 2 })); // 5 4 3
    const page = makeBuilds(3); // 3 2 1 (3 shifted onto this page)
    expect(numbers(appendPage(list, page))).toEqual([5, 4, 3, 2, 1]);
  });

  it('lets a fresh first page win and keeps older entries below it', () => {
    const list = makeBuilds(5); // 5..1
    const fresh = [makeBuild({ number: 6 }), makeBuild({ number: 5, status: 'failure' })];
    const next = mergeFirstPage(list, fresh);
    expect(numbers(next)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(next[1]?.status).toBe('failure');
  });
});

describe('branch and deployment lists', () => {
  it('replaces the branch entry with a newer or equal build and keeps a newer entry', () => {
    const list = [
      makeBuild({ number: 5, target: 'main' }),
      makeBuild({ number: 3, target: 'dev' }),
    ];
    const newer = applyIndexUpdate('branches', list, makeBuild({ number: 6, target: 'dev' }));
    expect(numbers(newer)).toEqual([5, 6]);
    const older = applyIndexUpdate('branches', list, makeBuild({ number: 2, target: 'dev' }));
    expect(older).toBe(list);
  });

  it('adds a new branch at the top and ignores events the list does not index', () => {
    const list = [makeBuild({ number: 5, target: 'main' })];
    expect(
      numbers(applyIndexUpdate('branches', list, makeBuild({ number: 7, target: 'x' }))),
    ).toEqual([7, 5]);
    const tag = makeBuild({ number: 8, event: 'tag', ref: 'refs/tags/v1' });
    expect(applyIndexUpdate('branches', list, tag)).toBe(list);
  });

  it('keys deployments by environment', () => {
    const list = [makeBuild({ number: 4, event: 'promote', deploy_to: 'production' })];
    const rollback = makeBuild({ number: 9, event: 'rollback', deploy_to: 'production' });
    expect(numbers(applyIndexUpdate('deployments', list, rollback))).toEqual([9]);
    expect(applyIndexUpdate('deployments', list, makeBuild({ number: 10 }))).toBe(list);
  });
});
