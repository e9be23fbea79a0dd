import { request } from './client';
import type { Build, RegistrationPatch, Repository, User, UserWithToken } from './types';

export const fetchCurrentUser = () => request<User>('/api/user');

export const fetchUserRepos = () =>
  request<Repository[]>('/api/user/repos', { query: { latest: 'true' } });

/** Starts an account sync; the server answers 204 right away. */
export const syncUserRepos = () =>
  request<void>('/api/user/repos', { method: 'POST', query: { async: 'true' } });

export const fetchUserToken = () => request<UserWithToken>('/api/user/token', { method: 'POST' });

/** Completes registration (SPEC 7.1). */
export const updateUserProfile = (patch: RegistrationPatch) =>
  request<User>('/api/user', { method: 'PATCH', body: patch });

/** The 25 newest builds across the user's repositories, each as a repository with `build`. */
export const fetchUserBuilds = () => request<Repository[]>('/api/user/builds');

/** Builds with a pending or running stage (system administrators). */
export const fetchIncompleteBuilds = () => request<Repository[]>('/api/builds/incomplete');

export type { Build };
