import { request } from './client';
import type { Stage } from './types';

// The build queue (docs/drone-api.md 4.7), system administrators only; 501 on an open-source
// build. Nothing reports whether the scheduler is paused.

/** Every pending and running stage, by stage id. */
export const fetchQueue = () => request<Stage[]>('/api/queue');

export const pauseQueue = () => request<void>('/api/queue', { method: 'DELETE' });

export const resumeQueue = () => request<void>('/api/queue', { method: 'POST' });
