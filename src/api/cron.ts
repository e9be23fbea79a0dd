import { request } from './client';
import { encodeSegment as e } from './urls';
import { repoPath, type RepoRef } from './repos';
import type { Build, Cron, CronCreate, CronUpdate } from './types';

const cronPath = (repo: RepoRef) => `${repoPath(repo)}/cron`;
const cronJobPath = (repo: RepoRef, cronName: string) => `${cronPath(repo)}/${e(cronName)}`;

export const CRON_SCHEDULES = ['@hourly', '@daily', '@weekly', '@monthly', '@yearly'] as const;
export const DEFAULT_CRON_BRANCH = 'master';

export const fetchCrons = (repo: RepoRef) => request<Cron[]>(cronPath(repo));

/** docs/spec.md 5: an empty branch is master. */
export const cronBranch = (branch: string) => branch.trim() || DEFAULT_CRON_BRANCH;

export const createCron = (repo: RepoRef, input: CronCreate) =>
  request<Cron>(cronPath(repo), {
    method: 'POST',
    body: { ...input, branch: cronBranch(input.branch) },
  });

/** docs/drone-api.md 3.8: a PATCH changes branch, target and disabled, never the expression. */
export const updateCron = (repo: RepoRef, cronName: string, input: CronUpdate) =>
  request<Cron>(cronJobPath(repo, cronName), { method: 'PATCH', body: input });

export const deleteCron = (repo: RepoRef, cronName: string) =>
  request<void>(cronJobPath(repo, cronName), { method: 'DELETE' });

/** Runs the job now (a `cron` build of its branch's head); `null` when no pipeline ran. */
export const runCron = (repo: RepoRef, cronName: string) =>
  request<Build | null>(cronJobPath(repo, cronName), { method: 'POST' });
