import { request } from './client';
import { encodeSegment as e } from './urls';
import { repoPath, type RepoRef } from './repos';
import type { Secret, SecretCreate } from './types';

const repoSecretsPath = (repo: RepoRef) => `${repoPath(repo)}/secrets`;
const orgSecretsPath = (namespace: string) => `/api/secrets/${e(namespace)}`;

export const fetchRepoSecrets = (repo: RepoRef) => request<Secret[]>(repoSecretsPath(repo));

export const createRepoSecret = (repo: RepoRef, input: SecretCreate) =>
  request<Secret>(repoSecretsPath(repo), { method: 'POST', body: input });

export const deleteRepoSecret = (repo: RepoRef, secretName: string) =>
  request<void>(`${repoSecretsPath(repo)}/${e(secretName)}`, { method: 'DELETE' });

export const fetchOrgSecrets = (namespace: string) => request<Secret[]>(orgSecretsPath(namespace));

export const createOrgSecret = (namespace: string, input: SecretCreate) =>
  request<Secret>(orgSecretsPath(namespace), { method: 'POST', body: input });

export const deleteOrgSecret = (namespace: string, secretName: string) =>
  request<void>(`${orgSecretsPath(namespace)}/${e(secretName)}`, { method: 'DELETE' });
