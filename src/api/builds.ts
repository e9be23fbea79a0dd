import { ahead } from '../boot/ahead';
import { fetchPublicJson, request } from './client';
import { encodeSegment as e } from './urls';
import { repoPath, type RepoRef } from './repos';
import type { Build } from './types';

export interface Param {
  key: string;
  value: string;
}

export const BUILD_PAGE_SIZE = 50;

const buildsPath = (repo: RepoRef) => `${repoPath(repo)}/builds`;
const buildPath = (repo: RepoRef, build: number) => `${buildsPath(repo)}/${e(build)}`;

function paramsQuery(params: Param[], extra: Record<string, string> = {}): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(extra)) if (value !== '') query.set(key, value);
  for (const { key, value } of params) query.append(key, value);
  return query;
}

const buildsPage = (repo: RepoRef, page = 1, perPage = BUILD_PAGE_SIZE) =>
  ahead(`${buildsPath(repo)}?page=${page}&per_page=${perPage}`, () =>
    request<Build[]>(buildsPath(repo), { query: { page, per_page: perPage } }),
  );

export const fetchBuilds = (repo: RepoRef, page?: number, perPage?: number) =>
  buildsPage(repo, page, perPage).fetch();

/** Asks for a repository's first page of builds ahead of need (boot/early.ts). */
export const prefetchBuilds = (repo: RepoRef) => buildsPage(repo).prefetch();

const buildAhead = (repo: RepoRef, build: number) =>
  ahead(buildPath(repo, build), () => request<Build>(buildPath(repo, build)));

export const fetchBuild = (repo: RepoRef, build: number) => buildAhead(repo, build).fetch();

/**
 * Asks for a build ahead of need (boot/early.ts): the next fetchBuild of it takes the answer. Returns
 * that answer, for what must wait for the build (the shown step's log).
 */
export const prefetchBuild = (repo: RepoRef, build: number) => buildAhead(repo, build).prefetch();

/** New build; the server answers `null` when no pipeline ran. */
export const createBuild = (
  repo: RepoRef,
  input: { branch: string; commit: string; params: Param[] },
) =>
  request<Build | null>(buildsPath(repo), {
    method: 'POST',
    query: paramsQuery(input.params, { branch: input.branch.trim(), commit: input.commit.trim() }),
  });

export const restartBuild = (repo: RepoRef, build: number, debug = false) =>
  request<Build | null>(buildPath(repo, build), {
    method: 'POST',
    query: debug ? { debug: 'true' } : undefined,
  });

export const cancelBuild = (repo: RepoRef, build: number) =>
  request<Build>(buildPath(repo, build), { method: 'DELETE' });

export type DeployAction = 'promote' | 'rollback';

export const DEFAULT_DEPLOY_TARGET = 'production';

export const deployBuild = (
  repo: RepoRef,
  build: number,
  input: { action: DeployAction; target: string; params: Param[] },
) =>
  request<Build | null>(`${buildPath(repo, build)}/${input.action}`, {
    method: 'POST',
    query: paramsQuery(input.params, { target: input.target.trim() || DEFAULT_DEPLOY_TARGET }),
  });

export const approveStage = (repo: RepoRef, build: number, stage: number) =>
  request<void>(`${buildPath(repo, build)}/approve/${e(stage)}`, { method: 'POST' });

export const declineStage = (repo: RepoRef, build: number, stage: number) =>
  request<void>(`${buildPath(repo, build)}/decline/${e(stage)}`, { method: 'POST' });

export const fetchBranches = (repo: RepoRef) => request<Build[]>(`${buildsPath(repo)}/branches`);

export const fetchDeployments = (repo: RepoRef) =>
  request<Build[]>(`${buildsPath(repo)}/deployments`);

/** Card data of one step (docs/spec.md 7.2) and the adaptive-card template it refers to. */
export const fetchCardData = (repo: RepoRef, build: number, stage: number, step: number) =>
  request<unknown>(`${repoPath(repo)}/cards/${e(build)}/${e(stage)}/${e(step)}`, {
    freeForm: true,
  });

/**
 * The schema URL is the pipeline's to choose: absolute (any host) or relative to the server. It
 * is fetched without the user's credentials, wherever it points.
 */
export const fetchCardSchema = (schemaUrl: string) => fetchPublicJson<unknown>(schemaUrl);
