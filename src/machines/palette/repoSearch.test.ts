import { describe, expect, it } from 'vitest';
import { matchesRepo, normalizeQuery, searchRepos } from './repoSearch';

const repo = (slug: string) => {
  const [namespace = '', name = ''] = slug.split('/');
  return { slug, namespace, name };
};

const repos = [
  repo('octocat/Hello-World'),
  repo('octocat/spoon-knife'),
  repo('drone/drone'),
  repo('drone/drone-ui'),
  repo('acme-corp/world-api'),
];

const slugs = (query: string) => searchRepos(repos, query).map((found) => found.slug);

describe('search matching (docs/spec.md 5)', () => {
  it('trims the query', () => {
    expect(normalizeQuery('  Drone  ')).toBe('drone');
    expect(slugs('  spoon  ')).toEqual(['octocat/spoon-knife']);
  });

  it('matches case-insensitively on both sides', () => {
    expect(slugs('HELLO')).toEqual(['octocat/Hello-World']);
    expect(slugs('hello-world')).toEqual(['octocat/Hello-World']);
  });

  it('without a slash, looks for the query anywhere in the slug', () => {
    expect(slugs('world')).toEqual(['octocat/Hello-World', 'acme-corp/world-api']);
    // The slug includes its '/', and a namespace-only query matches every repository in it.
    expect(slugs('drone')).toEqual(['drone/drone', 'drone/drone-ui']);
  });

  it('with a slash, needs the namespace part in the namespace and the name part in the name', () => {
    expect(slugs('oct/world')).toEqual(['octocat/Hello-World']);
    expect(slugs('drone/ui')).toEqual(['drone/drone-ui']);
    // 'world' is in acme-corp/world-api's name, but 'oct' is not in its namespace.
    expect(slugs('oct/api')).toEqual([]);
    // Substring of the slug across the slash, yet neither part matches its field.
    expect(matchesRepo(repo('octocat/spoon-knife'), 'cat/spoon')).toBe(true);
    expect(matchesRepo(repo('octocat/spoon-knife'), 'spoon/cat')).toBe(false);
  });

  it('lets either part be empty', () => {
    expect(slugs('/drone')).toEqual(['drone/drone', 'drone/drone-ui']);
    expect(slugs('acme/')).toEqual(['acme-corp/world-api']);
    expect(slugs(' Drone / ')).toEqual([]);
  });

  it('splits at the first slash only', () => {
    expect(slugs('drone/drone/ui')).toEqual([]);
  });

  it('matches nothing for an empty or blank query', () => {
    expect(slugs('')).toEqual([]);
    expect(slugs('   ')).toEqual([]);
  });
});
