import { onDemand } from '../../boot/OnDemand';
import type { AnnotationListProps } from './AnnotationList';
import type { FailureSummaryProps } from '../buildPage/FailureSummary';

/** `part` picks the failure summary (above the log view) or the annotation list (in the console). */
export type TriageProps =
  ({ part: 'summary' } & FailureSummaryProps) | ({ part: 'annotations' } & AnnotationListProps);

// Issue 30 items 2 and 3, docs/architecture.md 7: the first screen names only this small module
// (its chunk imports nothing the first screen has not loaded), which loads the failure summary
// and the annotation list, their machines and the log readers. One file name on the first screen
// instead of one per chunk they use.
const Views = onDemand<TriageProps>(
  () =>
    import('./triageViews').then(
      ({ AnnotationList, FailureSummary }) =>
        function TriageView(props: TriageProps) {
          return props.part === 'summary' ? (
            <FailureSummary {...props} />
          ) : (
            <AnnotationList {...props} />
          );
        },
    ),
  null,
);

export function Triage(props: TriageProps) {
  return <Views {...props} />;
}
