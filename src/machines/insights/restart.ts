import type { Build } from '../../api/types';

/**
 * A restart: it records its `parent` and keeps the event (a promotion or a rollback also records
 * one, under its own event). Its page shows "attempt 2 of 3" once the history is in (stats.ts
 * attemptChain); the header keeps that line's room from the first render (issue 32).
 */
export const isRestart = (build: Pick<Build, 'parent' | 'event'>): boolean =>
  !!build.parent && build.event !== 'promote' && build.event !== 'rollback';
