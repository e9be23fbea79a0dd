import { request } from './client';
import { repoPath, type RepoRef } from './repos';
import type { Build } from './types';
import { encodeSegment as e } from './urls';

// The pull request list and branch removal (issue 31 part 5), apart from builds.ts, which the
// first screen loads: only the repository page's tabs use them.

const buildsPath = (repo: RepoRef) => `${repoPath(repo)}/builds`;

export const fetchPulls = (repo: RepoRef) => request<Build[]>(`${buildsPath(repo)}/pulls`);

/**
 * Removes a branch from the branch index (its builds stay). Drone reads the branch from the rest
 * of the path, so each of its parts is a segment of its own.
 */
export const deleteBranchEntry = (repo: RepoRef, branch: string) =>
  request<void>(`${buildsPath(repo)}/branches/${branch.split('/').map(e).join('/')}`, {
    method: 'DELETE',
  });
