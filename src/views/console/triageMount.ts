import { onDemand } from '../../boot/OnDemand';
import type { AnnotationListProps } from './AnnotationList';
import type { FailureSummaryProps } from '../buildPage/FailureSummary';

// Issue 30 items 2 and 3 (docs/architecture.md 7): the one mount of failure triage on the first
// screen, after its first lines. `part` picks the failure summary (above the log view) or the
// annotation list (in the step's console); ./triage.ts loads their code.
export type TriageProps =
  ({ part: 'summary' } & FailureSummaryProps) | ({ part: 'annotations' } & AnnotationListProps);

export const Triage = onDemand<TriageProps>(() => import('./triage').then((m) => m.Triage), null, {
  afterFirstScreen: true,
});
