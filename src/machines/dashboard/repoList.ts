import type { Build, Repository } from '../../api/types';

// docs/spec.md 2.4 and 4.5: the dashboard's list rules, as pure functions the machine and tests share.

export const SORT_BY_RECENT_ACTIVITY = 'Sort by Recent activity';
export const SORT_BY_NAME = 'Sort by Name';
export const SORT_OPTIONS = [SORT_BY_RECENT_ACTIVITY, SORT_BY_NAME] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

export const REPOS_PAGE_SIZE = 50;
export const RECENT_ACTIVITY_SIZE = 6;

export interface RepoListPreferences {
  activeOnly: boolean;
  sortBy: SortOption;
  /** A namespace, or '' for all organizations. */
  org: string;
}

export const PREFERENCE_KEYS = {
  activeOnly: 'home_show_active_only_repos',
  sortBy: 'home_sort_repos_by',
  org: 'home_org_repos',
} as const;

export const DEFAULT_PREFERENCES: RepoListPreferences = {
  activeOnly: false,
  sortBy: SORT_BY_RECENT_ACTIVITY,
  org: '',
};

/** Values are stored as JSON; a raw string written by hand is accepted too. */
function readStored(storage: Storage, key: string): unknown {
  const raw = storage.getItem(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

export function readPreferences(storage: Storage | undefined): RepoListPreferences {
  if (!storage) return DEFAULT_PREFERENCES;
  const activeOnly = readStored(storage, PREFERENCE_KEYS.activeOnly);
  const sortBy = readStored(storage, PREFERENCE_KEYS.sortBy);
  const org = readStored(storage, PREFERENCE_KEYS.org);
  return {
    activeOnly: activeOnly === true || activeOnly === 'true',
    sortBy: SORT_OPTIONS.find((option) => option === sortBy) ?? DEFAULT_PREFERENCES.sortBy,
    org: typeof org === 'string' ? org : DEFAULT_PREFERENCES.org,
  };
}

export function writePreferences(storage: Storage | undefined, prefs: RepoListPreferences): void {
  if (!storage) return;
  try {
    storage.setItem(PREFERENCE_KEYS.activeOnly, JSON.stringify(prefs.activeOnly));
    storage.setItem(PREFERENCE_KEYS.sortBy, JSON.stringify(prefs.sortBy));
    storage.setItem(PREFERENCE_KEYS.org, JSON.stringify(prefs.org));
  } catch {
    // Storage full or disabled (private mode): the preference lasts for this visit only.
  }
}

const buildTime = (repo: Repository) => repo.build?.created ?? 0;
const bySlug = (a: Repository, b: Repository) => a.slug.localeCompare(b.slug);

/** Default order: active first, then newest build, then slug. */
export function byRecentActivity(a: Repository, b: Repository): number {
  if (a.active !== b.active) return a.active ? -1 : 1;
  return buildTime(b) - buildTime(a) || bySlug(a, b);
}

export function sortRepos(repos: readonly Repository[], sortBy: SortOption): Repository[] {
  return [...repos].sort(sortBy === SORT_BY_NAME ? bySlug : byRecentActivity);
}

export function namespacesOf(repos: readonly Repository[]): string[] {
  return [...new Set(repos.map((repo) => repo.namespace))].sort((a, b) => a.localeCompare(b));
}

/** Active-only switch, organization and the slug text filter (case-insensitive substring). */
export function filterRepos(
  repos: readonly Repository[],
  prefs: RepoListPreferences,
  text: string,
): Repository[] {
  const needle = text.trim().toLowerCase();
  return repos.filter(
    (repo) =>
      (!prefs.activeOnly || repo.active) &&
      (prefs.org === '' || repo.namespace === prefs.org) &&
      (needle === '' || repo.slug.toLowerCase().includes(needle)),
  );
}

/** 'Recent Activity': up to 6 repositories with a latest build, newest build first. */
export function recentActivity(repos: readonly Repository[]): Repository[] {
  return repos
    .filter((repo) => repo.build)
    .sort((a, b) => buildTime(b) - buildTime(a) || (b.build?.id ?? 0) - (a.build?.id ?? 0))
    .slice(0, RECENT_ACTIVITY_SIZE);
}

/** Events carry the build with its stages; lists keep the lighter list form. */
export function withoutStages(build: Build): Build {
  if (!build.stages) return build;
  const { stages: _stages, ...rest } = build;
  return rest;
}

/**
 * docs/spec.md 4.5: an event updates a repository already in the list; its build replaces the listed
 * one only if its number is newer or equal (a late event about an older build is ignored).
 * Repositories outside the list (public ones the stream also reports) are not added.
 */
export function mergeRepoEvent(repos: readonly Repository[], update: Repository): Repository[] {
  const index = repos.findIndex((repo) => repo.id === update.id || repo.slug === update.slug);
  if (index === -1) return repos as Repository[];
  const current = repos[index]!;
  const incoming = update.build;
  const keepsCurrentBuild =
    !incoming || (current.build !== undefined && incoming.number < current.build.number);
  const { permissions: _permissions, ...fields } = update;
  const merged: Repository = {
    ...current,
    ...fields,
    build: keepsCurrentBuild ? current.build : withoutStages(incoming),
  };
  if (!merged.build) delete merged.build;
  const next = [...repos];
  next[index] = merged;
  return next;
}
