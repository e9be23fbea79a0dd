import { request } from './client';
import { encodeSegment as e } from './urls';
import type { User, UserAdminPatch, UserCreate, UserWithToken } from './types';

export const fetchUsers = () => request<User[]>('/api/users');

/** A machine user comes back with its token, shown once. */
export const createUser = (input: UserCreate) =>
  request<User | UserWithToken>('/api/users', {
    method: 'POST',
    body: { ...input, login: input.login.trim(), email: input.email?.trim() },
  });

export const updateUser = (login: string, patch: UserAdminPatch) =>
  request<User>(`/api/users/${e(login)}`, { method: 'PATCH', body: patch });

export const deleteUser = (login: string) =>
  request<void>(`/api/users/${e(login)}`, { method: 'DELETE' });
