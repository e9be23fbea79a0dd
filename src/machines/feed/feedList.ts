import type { Repository } from '../../api/types';
import { withoutStages } from '../dashboard/repoList';

// The builds feed's list rules (docs/drone-api.md 4.5 / 4.7): each item is a repository carrying one
// build; a repository appears once per build.
export const FEED_SIZE = 25;
export const RUNNING_SIZE = 50;

const sameBuild = (a: Repository, b: Repository) =>
  (a.id === b.id || a.slug === b.slug) && a.build?.number === b.build?.number;

/** Newest first, as the server orders them: by build id, then creation time. */
const newestFirst = (a: Repository, b: Repository) =>
  (b.build?.id ?? 0) - (a.build?.id ?? 0) || (b.build?.created ?? 0) - (a.build?.created ?? 0);

function asItem(repo: Repository): Repository {
  const { permissions: _permissions, ...item } = repo;
  return { ...item, build: repo.build ? withoutStages(repo.build) : undefined };
}

/** Inserts or replaces the event's build (by repository and number), keeping the newest `size`. */
export function upsertBuild(
  items: readonly Repository[],
  update: Repository,
  size = FEED_SIZE,
): Repository[] {
  if (!update.build) return items as Repository[];
  const item = asItem(update);
  const rest = items.filter((existing) => !sameBuild(existing, item));
  return [...rest, item].sort(newestFirst).slice(0, size);
}

/** 'Running now': a build stays while pending or running, and leaves when it finishes. */
export function updateRunning(items: readonly Repository[], update: Repository): Repository[] {
  const status = update.build?.status;
  if (status === 'pending' || status === 'running') {
    return upsertBuild(items, update, RUNNING_SIZE);
  }
  return items.filter((existing) => !sameBuild(existing, update));
}
