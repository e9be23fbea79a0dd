import { onDemand } from '../../boot/OnDemand';

// Issue 30 items 2 and 3, docs/architecture.md 7: the first screen names only this small module
// (its chunk imports nothing the first screen has not loaded), which loads the failure summary
// and the annotation list, their machines and the log readers, once it is itself loaded after
// the first lines. One file name on the first screen instead of one per chunk they use.
export const FailureSummary = onDemand(
  () => import('./triageViews').then((m) => m.FailureSummary),
  null,
);
export const AnnotationList = onDemand(
  () => import('./triageViews').then((m) => m.AnnotationList),
  null,
);
