import { ahead } from '../boot/ahead';
import { request } from './client';
import { encodeSegment as e } from './urls';
import type { Repository, RepositoryPatch } from './types';

export interface RepoRef {
  namespace: string;
  name: string;
}

export const repoPath = ({ namespace, name }: RepoRef) => `/api/repos/${e(namespace)}/${e(name)}`;

const repoAhead = (repo: RepoRef) =>
  ahead(repoPath(repo), () => request<Repository>(repoPath(repo)));

export const fetchRepo = (repo: RepoRef) => repoAhead(repo).fetch();

/** Asks for a repository ahead of need (boot/early.ts): the next fetchRepo of it takes the answer. */
export const prefetchRepo = (repo: RepoRef) => repoAhead(repo).prefetch();

export const activateRepo = (repo: RepoRef) =>
  request<Repository>(repoPath(repo), { method: 'POST' });

export const updateRepo = (repo: RepoRef, patch: RepositoryPatch) =>
  request<Repository>(repoPath(repo), { method: 'PATCH', body: patch });

export const disableRepo = (repo: RepoRef) =>
  request<Repository>(repoPath(repo), { method: 'DELETE' });

/**
 * Badge image URL (docs/spec.md 7.6); `branch` is trimmed, empty means no ref filter. The ref reads as
 * people write it (`?ref=refs/heads/main`): a slash is valid in a query, so only what is not
 * stays encoded.
 */
export function badgePath({ namespace, name }: RepoRef, branch = ''): string {
  const trimmed = branch.trim();
  const ref = trimmed
    ? `?ref=${encodeURIComponent(`refs/heads/${trimmed}`).replaceAll('%2F', '/')}`
    : '';
  return `/api/badges/${e(namespace)}/${e(name)}/status.svg${ref}`;
}

/** Drone's CCMenu feed (docs/drone-api.md 4.4, 7.2); the server has no other cc.xml route. */
export const ccMenuPath = ({ namespace, name }: RepoRef) =>
  `/api/badges/${e(namespace)}/${e(name)}/cc.xml`;
