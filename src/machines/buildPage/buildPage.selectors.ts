import type { Repository } from '../../api/types';
import {
  GENERIC_ERROR,
  NOT_FOUND_MESSAGES,
  requestedStage,
  requestedStep,
  type BuildPageContext,
} from './buildPage.machine';

// Selectors: the view renders from a snapshot alone.
type Snapshot = { context: BuildPageContext; value: unknown };

type PageState = 'loading' | 'notFound' | 'error' | 'blocked' | 'normal';

const pageValue = (snapshot: { value: unknown }) => {
  const page = (snapshot.value as { page: string | Record<string, string> }).page;
  return typeof page === 'string' ? page : Object.keys(page)[0];
};

/** docs/spec.md 4.2: the build's error, else the fetch error, else the generic text. */
export const selectErrorMessage = (snapshot: { context: BuildPageContext }) =>
  snapshot.context.build?.error || snapshot.context.fetchError || GENERIC_ERROR;

export const selectPageState = (snapshot: Snapshot): PageState => {
  const value = pageValue(snapshot);
  if (value === 'error') {
    return NOT_FOUND_MESSAGES.includes(selectErrorMessage(snapshot)) ? 'notFound' : 'error';
  }
  if (value === 'blocked' || value === 'normal') return value;
  return 'loading';
};

/** A failed load or refresh, which Retry (docs/spec.md 8's message beside it) tries again. */
export const selectCanRetry = (snapshot: Snapshot) =>
  selectPageState(snapshot) === 'error' && snapshot.context.fetchError !== null;

export const selectBuild = (snapshot: { context: BuildPageContext }) => snapshot.context.build;
export const selectRepo = (snapshot: { context: BuildPageContext }) => snapshot.context.repo;
export const selectRoute = (snapshot: { context: BuildPageContext }) => snapshot.context.route;
export const selectStage = (snapshot: { context: BuildPageContext }) =>
  requestedStage(snapshot.context);
export const selectStep = (snapshot: { context: BuildPageContext }) =>
  requestedStep(snapshot.context);
/** Issue 30 item 1: the page landed on a failed step, whose console opens on its first error. */
export const selectLandOnError = (snapshot: { context: BuildPageContext }) =>
  snapshot.context.landOnError;
/** Approving or declining is under way (the buttons are disabled meanwhile). */
export const selectIsDeciding = (snapshot: { value: unknown }) => {
  const page = (snapshot.value as { page: unknown }).page;
  return (
    typeof page === 'object' && page !== null && (page as { blocked?: string }).blocked !== 'idle'
  );
};
/** docs/spec.md 2.9: Card View exists only when a step has an adaptive-card schema. */
export const selectHasCards = (snapshot: { context: BuildPageContext }) =>
  Boolean(snapshot.context.build?.stages?.some((stage) => stage.steps?.some((s) => s.schema)));

/** docs/spec.md 6: write permission on the repository, or a system administrator. */
export function hasWriteAccess(repo: Repository | null, user: { admin: boolean } | null): boolean {
  return Boolean(user?.admin || repo?.permissions?.write || repo?.permissions?.admin);
}
