import type { Build, BuildEvent, Status } from '../../api/types';

// Issue 19 item 3: the Executions list filtered by branch, event, status and author, combined.
// The filter lives in the URL query (`?branch=main&event=push&status=failure&author=octocat`) so a
// filtered list can be shared and survives a reload. Drone's list has no server-side filter on
// event, status or author (docs/drone-api.md 4.2), and its `branch` narrows by ref, which drops pull
// requests: every dimension is matched here, on the builds the server returned.

export interface BuildFilter {
  branch?: string;
  event?: BuildEvent;
  status?: Status;
  author?: string;
}

export type FilterKey = keyof BuildFilter;

export const FILTER_KEYS: readonly FilterKey[] = ['branch', 'event', 'status', 'author'];

/** docs/drone-api.md 9.2, with the words the list's activity line uses. */
export const FILTER_EVENTS: ReadonlyArray<{ value: BuildEvent; label: string }> = [
  { value: 'push', label: 'Push' },
  { value: 'pull_request', label: 'Pull request' },
  { value: 'tag', label: 'Tag' },
  { value: 'promote', label: 'Promote' },
  { value: 'rollback', label: 'Rollback' },
  { value: 'cron', label: 'Cron' },
  { value: 'custom', label: 'Custom' },
];

/**
 * docs/drone-api.md 9.1, less `blocked` and `waiting_on_dependencies`: a build never carries
 * those (its blocked stages leave it `pending`).
 */
export const FILTER_STATUSES: readonly Status[] = [
  'success',
  'failure',
  'running',
  'pending',
  'killed',
  'error',
  'declined',
  'skipped',
];

/**
 * Longer query values are not branch or login names: not applied, and the page says so
 * (refusedFilterKeys; issue 28 item 6).
 */
export const MAX_NAME_LENGTH = 255;

function nameOf(value: string | null): string | undefined {
  const trimmed = value?.trim() ?? '';
  return trimmed && trimmed.length <= MAX_NAME_LENGTH ? trimmed : undefined;
}

function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | undefined {
  return allowed.find((entry) => entry === value);
}

/**
 * The filter a query asks for. Pass the raw query (useQueryParams), decoded once: unknown keys
 * and invalid values are ignored, never an error.
 */
export function parseBuildFilter(query: URLSearchParams): BuildFilter {
  const filter: BuildFilter = {
    branch: nameOf(query.get('branch')),
    event: oneOf(
      FILTER_EVENTS.map((entry) => entry.value),
      query.get('event'),
    ),
    status: oneOf(FILTER_STATUSES, query.get('status')),
    author: nameOf(query.get('author')),
  };
  return withoutEmpty(filter);
}

/** The name filters of `query` whose value is too long to be a name: not applied. */
export function refusedFilterKeys(query: URLSearchParams): FilterKey[] {
  return (['branch', 'author'] as const).filter(
    (key) => (query.get(key)?.trim().length ?? 0) > MAX_NAME_LENGTH,
  );
}

function withoutEmpty(filter: BuildFilter): BuildFilter {
  const result: BuildFilter = {};
  for (const key of FILTER_KEYS) {
    if (filter[key]) Object.assign(result, { [key]: filter[key] });
  }
  return result;
}

/**
 * The query with the filter's keys replaced: other keys stay. Returns '' or '?...', ready to
 * append to a path.
 */
export function filterSearch(query: URLSearchParams, filter: BuildFilter): string {
  const next = new URLSearchParams(query);
  for (const key of FILTER_KEYS) {
    const value = filter[key];
    if (value) next.set(key, value);
    else next.delete(key);
  }
  const text = next.toString();
  return text ? `?${text}` : '';
}

/** The filter with one dimension set (a value) or removed (undefined). */
export function withFilter(filter: BuildFilter, key: FilterKey, value: string | undefined) {
  return withoutEmpty({ ...filter, [key]: value });
}

export const isFiltered = (filter: BuildFilter) => FILTER_KEYS.some((key) => filter[key]);

export const sameFilter = (a: BuildFilter, b: BuildFilter) =>
  FILTER_KEYS.every((key) => a[key] === b[key]);

/**
 * The branch a build ran for, as GitHub Actions' branch filter reads it: a pull request's head
 * (source) branch, a tag build none, anything else its target branch.
 */
export function branchOf(build: Build): string | undefined {
  if (build.ref.startsWith('refs/tags/')) return undefined;
  return (build.event === 'pull_request' ? build.source : build.target) || undefined;
}

export function matchesFilter(build: Build, filter: BuildFilter): boolean {
  return (
    (!filter.branch || branchOf(build) === filter.branch) &&
    (!filter.event || build.event === filter.event) &&
    (!filter.status || build.status === filter.status) &&
    (!filter.author || build.author_login === filter.author)
  );
}

export function filterBuilds(builds: Build[], filter: BuildFilter): Build[] {
  return isFiltered(filter) ? builds.filter((build) => matchesFilter(build, filter)) : builds;
}

/** The branches and authors of the loaded builds, sorted, for the filter's choices. */
export function filterChoices(builds: Build[]): { branches: string[]; authors: string[] } {
  const branches = new Set<string>();
  const authors = new Set<string>();
  for (const build of builds) {
    const branch = branchOf(build);
    if (branch) branches.add(branch);
    if (build.author_login) authors.add(build.author_login);
  }
  const sorted = (values: Set<string>) => [...values].sort((a, b) => a.localeCompare(b));
  return { branches: sorted(branches), authors: sorted(authors) };
}
