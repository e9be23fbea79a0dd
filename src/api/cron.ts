import { request } from './client';
import { encodeSegment as e } from './urls';
import { repoPath, type RepoRef } from './repos';
import type { Cron, CronCreate } from './types';

const cronPath = (repo: RepoRef) => `${repoPath(repo)}/cron`;

export const CRON_SCHEDULES = ['@hourly', '@daily', '@weekly', '@monthly', '@yearly'] as const;
export const DEFAULT_CRON_BRANCH = 'master';

export const fetchCrons = (repo: RepoRef) => request<Cron[]>(cronPath(repo));

export const createCron = (repo: RepoRef, input: CronCreate) =>
  request<Cron>(cronPath(repo), {
    method: 'POST',
    body: { ...input, branch: input.branch.trim() || DEFAULT_CRON_BRANCH },
  });

export const deleteCron = (repo: RepoRef, cronName: string) =>
  request<void>(`${cronPath(repo)}/${e(cronName)}`, { method: 'DELETE' });
