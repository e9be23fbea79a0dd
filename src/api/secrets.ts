import { request } from './client';
import { encodeSegment as e } from './urls';
import { repoPath, type RepoRef } from './repos';
import type { Secret, SecretCreate, SecretUpdate } from './types';

const repoSecretsPath = (repo: RepoRef) => `${repoPath(repo)}/secrets`;
const orgSecretsPath = (namespace: string) => `/api/secrets/${e(namespace)}`;
const repoSecretPath = (repo: RepoRef, secretName: string) =>
  `${repoSecretsPath(repo)}/${e(secretName)}`;
const orgSecretPath = (namespace: string, secretName: string) =>
  `${orgSecretsPath(namespace)}/${e(secretName)}`;

export const fetchRepoSecrets = (repo: RepoRef) => request<Secret[]>(repoSecretsPath(repo));

export const createRepoSecret = (repo: RepoRef, input: SecretCreate) =>
  request<Secret>(repoSecretsPath(repo), { method: 'POST', body: input });

/** docs/drone-api.md 4.3: a PATCH changes the value and flags it names; the name cannot change. */
export const updateRepoSecret = (repo: RepoRef, secretName: string, input: SecretUpdate) =>
  request<Secret>(repoSecretPath(repo, secretName), { method: 'PATCH', body: input });

export const deleteRepoSecret = (repo: RepoRef, secretName: string) =>
  request<void>(repoSecretPath(repo, secretName), { method: 'DELETE' });

export const fetchOrgSecrets = (namespace: string) => request<Secret[]>(orgSecretsPath(namespace));

export const createOrgSecret = (namespace: string, input: SecretCreate) =>
  request<Secret>(orgSecretsPath(namespace), { method: 'POST', body: input });

/** docs/drone-api.md 4.8: as a repository secret's PATCH. */
export const updateOrgSecret = (namespace: string, secretName: string, input: SecretUpdate) =>
  request<Secret>(orgSecretPath(namespace, secretName), { method: 'PATCH', body: input });

export const deleteOrgSecret = (namespace: string, secretName: string) =>
  request<void>(orgSecretPath(namespace, secretName), { method: 'DELETE' });
