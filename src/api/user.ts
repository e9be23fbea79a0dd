import { ahead } from '../boot/ahead';
import { postForm, request, serverUrl } from './client';
import type { Build, RegistrationPatch, Repository, User, UserWithToken } from './types';

const userPath = '/api/user';

const currentUser = ahead(userPath, () => request<User>(userPath));
export const fetchCurrentUser = currentUser.fetch;
/** Asks for the signed-in user ahead of need (boot/early.ts): every page waits for the session. */
export const prefetchCurrentUser = currentUser.prefetch;

const userRepos = ahead('/api/user/repos?latest=true', () =>
  request<Repository[]>('/api/user/repos', { query: { latest: 'true' } }),
);
export const fetchUserRepos = userRepos.fetch;
export const prefetchUserRepos = userRepos.prefetch;

/** Starts an account sync; the server answers 204 right away. */
export const syncUserRepos = () =>
  request<void>('/api/user/repos', { method: 'POST', query: { async: 'true' } });

export const fetchUserToken = () => request<UserWithToken>('/api/user/token', { method: 'POST' });

/** Completes registration (docs/spec.md 7.1). */
export const updateUserProfile = (patch: RegistrationPatch) =>
  request<User>('/api/user', { method: 'PATCH', body: patch });

const userBuilds = ahead('/api/user/builds', () => request<Repository[]>('/api/user/builds'));
/** The 25 newest builds across the user's repositories, each as a repository with `build`. */
export const fetchUserBuilds = userBuilds.fetch;
export const prefetchUserBuilds = userBuilds.prefetch;

const incompleteBuilds = ahead('/api/builds/incomplete', () =>
  request<Repository[]>('/api/builds/incomplete'),
);
/** Builds with a pending or running stage (system administrators). */
export const fetchIncompleteBuilds = incompleteBuilds.fetch;
export const prefetchIncompleteBuilds = incompleteBuilds.prefetch;

/**
 * The sign-in form (docs/spec.md 2.11, 7.1): POST /login with username and password. Drone answers 303
 * to `/` (or `/register`) on success and to `/login/error?message=...` on failure; this resolves
 * with that destination (null when the server did not redirect).
 */
export const signIn = (username: string, password: string) =>
  postForm('/login', { username, password });

/** POST /logout: the server clears the `_session_` cookie (docs/drone-api.md 4.10). */
export const signOut = () => request<string>('/logout', { method: 'POST', responseType: 'text' });

/** Where the browser signs in with the source-control provider (a full-page navigation). */
export const providerSignInUrl = () => serverUrl('/login').href;

export type { Build };
