import type { Repository } from '../../api/types';

// docs/spec.md 5: the search drawer's matching rules, shared by the search machine and its tests.
type Searchable = Pick<Repository, 'slug' | 'namespace' | 'name'>;

/** The query as matched: trimmed and lower-cased. */
export function normalizeQuery(query: string): string {
  return query.trim().toLowerCase();
}

/** Whether `text` contains the query, case-insensitively (the palette's commands and builds). */
export function matchesText(text: string, query: string): boolean {
  const normalized = normalizeQuery(query);
  return normalized !== '' && text.toLowerCase().includes(normalized);
}

/**
 * A query with a '/' is split at its first '/' into a namespace part and a name part, which
 * must be contained in the repository's namespace and name; any other query must be contained
 * in the slug. Both sides are compared case-insensitively. An empty query matches nothing.
 */
export function matchesRepo(repo: Searchable, query: string): boolean {
  const normalized = normalizeQuery(query);
  if (normalized === '') return false;
  const slash = normalized.indexOf('/');
  if (slash === -1) return matchesText(repo.slug, normalized);
  const namespacePart = normalized.slice(0, slash);
  const namePart = normalized.slice(slash + 1);
  return (
    repo.namespace.toLowerCase().includes(namespacePart) &&
    repo.name.toLowerCase().includes(namePart)
  );
}

export function searchRepos<T extends Searchable>(repos: readonly T[], query: string): T[] {
  if (normalizeQuery(query) === '') return [];
  return repos.filter((repo) => matchesRepo(repo, query));
}
