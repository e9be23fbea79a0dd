import { request } from './client';
import { logsPath, type StepRef } from './logs';

// Kept apart from logs.ts, which the build page's first screen loads: only a repository admin's
// console offers this, and it loads with the action.

/** Deletes a finished step's stored log (repository admins; docs/drone-api.md 4.2). */
export const deleteStepLog = (ref: StepRef) => request<void>(logsPath(ref), { method: 'DELETE' });
