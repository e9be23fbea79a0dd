import { describe, expect, it } from 'vitest';
import { makeBuild, makeRepo } from '../../../tests/factories';
import {
  DEFAULT_PREFERENCES,
  filterRepos,
  mergeRepoEvent,
  PREFERENCE_KEYS,
  readPreferences,
  recentActivity,
  SORT_BY_NAME,
  sortRepos,
  writePreferences,
} from './repoList';

const slugs = (repos: Array<{ slug: string }>) => repos.map((repo) => repo.slug);

describe('dashboard list rules (docs/spec.md 2.4)', () => {
  const repos = [
    makeRepo({ slug: 'b/old-build', build: makeBuild({ created: 100 }) }),
    makeRepo({ slug: 'a/inactive', active: false }),
    makeRepo({ slug: 'c/new-build', build: makeBuild({ created: 300 }) }),
    makeRepo({ slug: 'a/no-build' }),
    makeRepo({ slug: 'a/also-no-build' }),
    makeRepo({ slug: 'z/inactive-built', active: false, build: makeBuild({ created: 999 }) }),
  ];

  it('orders active first, then newest build, then slug', () => {
    expect(slugs(sortRepos(repos, DEFAULT_PREFERENCES.sortBy))).toEqual([
      'c/new-build',
      'b/old-build',
      'a/also-no-build',
      'a/no-build',
      'z/inactive-built',
      'a/inactive',
    ]);
  });

  it('sorts by name', () => {
    expect(slugs(sortRepos(repos, SORT_BY_NAME))).toEqual([
      'a/also-no-build',
      'a/inactive',
      'a/no-build',
      'b/old-build',
      'c/new-build',
      'z/inactive-built',
    ]);
  });

  it('filters by active, organization and a case-insensitive substring of the slug', () => {
    const prefs = DEFAULT_PREFERENCES;
    expect(slugs(filterRepos(repos, { ...prefs, activeOnly: true }, ''))).not.toContain(
      'a/inactive',
    );
    expect(slugs(filterRepos(repos, { ...prefs, org: 'a' }, ''))).toEqual([
      'a/inactive',
      'a/no-build',
      'a/also-no-build',
    ]);
    expect(slugs(filterRepos(repos, prefs, ' BUILD '))).toEqual([
      'b/old-build',
      'c/new-build',
      'a/no-build',
      'a/also-no-build',
    ]);
    expect(slugs(filterRepos(repos, prefs, 'a/n'))).toEqual(['a/no-build']);
  });

  it('lists at most 6 repositories with a build as recent activity, newest first', () => {
    const many = Array.from({ length: 9 }, (_, index) =>
      makeRepo({ slug: `org/repo-${index}`, build: makeBuild({ created: index * 10 }) }),
    );
    expect(slugs(recentActivity([...many, makeRepo({ slug: 'org/never-built' })]))).toEqual([
      'org/repo-8',
      'org/repo-7',
      'org/repo-6',
      'org/repo-5',
      'org/repo-4',
      'org/repo-3',
    ]);
  });
});

describe('live merge rule (docs/spec.md 4.5)', () => {
  const listed = makeRepo({ slug: 'octocat/hello', id: 7, build: makeBuild({ number: 5 }) });

  it('replaces the build with a newer one', () => {
    const update = { ...listed, build: makeBuild({ number: 6, status: 'running' as const }) };
    expect(mergeRepoEvent([listed], update)[0]?.build?.number).toBe(6);
  });

  it('replaces the build with the same number (a status change)', () => {
    const update = { ...listed, build: makeBuild({ number: 5, status: 'failure' as const }) };
    expect(mergeRepoEvent([listed], update)[0]?.build?.status).toBe('failure');
  });

  it('keeps the listed build when the event is about an older one', () => {
    const update = { ...listed, counter: 9, build: makeBuild({ number: 4, status: 'running' }) };
    const [merged] = mergeRepoEvent([listed], update);
    expect(merged?.build?.number).toBe(5);
    expect(merged?.build?.status).toBe('success');
    // The repository's own fields still follow the event.
    expect(merged?.counter).toBe(9);
  });

  it('gives a build to a repository that had none, without its stages', () => {
    const bare = makeRepo({ slug: 'octocat/bare', id: 8 });
    const stages = [{ id: 1 }] as never;
    const [merged] = mergeRepoEvent([bare], { ...bare, build: makeBuild({ number: 1, stages }) });
    expect(merged?.build?.number).toBe(1);
    expect(merged?.build).not.toHaveProperty('stages');
  });

  it('ignores repositories that are not in the list', () => {
    const list = [listed];
    expect(mergeRepoEvent(list, makeRepo({ slug: 'someone/else', build: makeBuild() }))).toBe(list);
  });
});

describe('preferences (docs/spec.md 2.4)', () => {
  it('defaults to all repositories, recent activity, all organizations', () => {
    localStorage.clear();
    expect(readPreferences(localStorage)).toEqual({
      activeOnly: false,
      sortBy: 'Sort by Recent activity',
      org: '',
    });
  });

  it('round-trips through the three localStorage keys', () => {
    localStorage.clear();
    writePreferences(localStorage, { activeOnly: true, sortBy: SORT_BY_NAME, org: 'drone' });
    expect(PREFERENCE_KEYS).toEqual({
      activeOnly: 'home_show_active_only_repos',
      sortBy: 'home_sort_repos_by',
      org: 'home_org_repos',
    });
    expect(localStorage.getItem('home_show_active_only_repos')).toBe('true');
    expect(localStorage.getItem('home_sort_repos_by')).toBe('"Sort by Name"');
    expect(localStorage.getItem('home_org_repos')).toBe('"drone"');
    expect(readPreferences(localStorage)).toEqual({
      activeOnly: true,
      sortBy: SORT_BY_NAME,
      org: 'drone',
    });
  });

  it('falls back to the defaults for values it does not know', () => {
    localStorage.clear();
    localStorage.setItem('home_sort_repos_by', 'Sort by Mood');
    localStorage.setItem('home_org_repos', 'plain-text-org');
    expect(readPreferences(localStorage)).toEqual({
      activeOnly: false,
      sortBy: 'Sort by Recent activity',
      org: 'plain-text-org',
    });
  });
});
