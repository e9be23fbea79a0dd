import { describe, expect, it } from 'vitest';
import { makeBuild } from '../../../tests/factories';
import {
  branchOf,
  filterBuilds,
  filterChoices,
  filterSearch,
  parseBuildFilter,
  withFilter,
} from './buildFilter';

const parse = (query: string) => parseBuildFilter(new URLSearchParams(query));

describe('build filter in the URL query', () => {
  it('reads every dimension and ignores unknown keys and invalid values', () => {
    expect(parse('?branch=main&event=pull_request&status=failure&author=octocat&x=1')).toEqual({
      branch: 'main',
      event: 'pull_request',
      status: 'failure',
      author: 'octocat',
    });
    expect(parse('event=merge&status=blocked&branch=%20%20&author=' + 'a'.repeat(256))).toEqual({});
    expect(parse('status=__proto__&event=constructor')).toEqual({});
  });

  it('decodes a value once: a branch holding %26 and %25 stays whole', () => {
    expect(parse('?branch=a%26b%2525').branch).toBe('a&b%25');
  });

  it('writes the filter back, keeping other keys, and round-trips', () => {
    const query = new URLSearchParams('?scenario=demo&status=success');
    const filter = { branch: 'feature/a b&c', event: 'push' as const };
    const search = filterSearch(query, filter);
    expect(search).toBe('?scenario=demo&branch=feature%2Fa+b%26c&event=push');
    expect(parse(search)).toEqual(filter);
    expect(filterSearch(new URLSearchParams('?status=success'), {})).toBe('');
  });

  it('sets and removes one dimension', () => {
    const filter = withFilter({ branch: 'main' }, 'status', 'failure');
    expect(filter).toEqual({ branch: 'main', status: 'failure' });
    expect(withFilter(filter, 'branch', undefined)).toEqual({ status: 'failure' });
  });
});

describe('matching builds', () => {
  const push = makeBuild({ number: 4, event: 'push', target: 'main', author_login: 'jane' });
  const pull = makeBuild({
    number: 3,
    event: 'pull_request',
    ref: 'refs/pull/7/head',
    source: 'feature/x',
    target: 'main',
    status: 'failure',
  });
  const tag = makeBuild({
    number: 2,
    event: 'tag',
    ref: 'refs/tags/v1',
    source: 'v1',
    target: 'v1',
  });
  const cron = makeBuild({ number: 1, event: 'cron', target: 'main', status: 'failure' });
  const builds = [push, pull, tag, cron];
  const numbers = (filter: Parameters<typeof filterBuilds>[1]) =>
    filterBuilds(builds, filter).map((build) => build.number);

  it("reads a pull request's branch as its head branch and gives a tag build none", () => {
    expect(branchOf(pull)).toBe('feature/x');
    expect(branchOf(tag)).toBeUndefined();
    expect(branchOf(cron)).toBe('main');
  });

  it('combines the dimensions', () => {
    expect(numbers({})).toEqual([4, 3, 2, 1]);
    expect(numbers({ branch: 'main' })).toEqual([4, 1]);
    expect(numbers({ branch: 'main', status: 'failure' })).toEqual([1]);
    expect(numbers({ event: 'pull_request', branch: 'feature/x' })).toEqual([3]);
    expect(numbers({ author: 'jane', event: 'cron' })).toEqual([]);
  });

  it('offers the branches and authors of the loaded builds, sorted', () => {
    expect(filterChoices(builds)).toEqual({
      branches: ['feature/x', 'main'],
      authors: ['jane', 'octocat'],
    });
  });
});
