import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { annotationsMachine } from '../../machines/console/annotations.machine';
import type { AnnotationLevel } from '../../logs/annotations/types';

// What the annotation list reads from its machine.

export type AnnotationsRef = ActorRefFrom<typeof annotationsMachine>;
type AnnotationsSnapshot = SnapshotFrom<typeof annotationsMachine>;

export const selectAnnotations = (snapshot: AnnotationsSnapshot) => snapshot.context.annotations;
export const selectCurrent = (snapshot: AnnotationsSnapshot) => snapshot.context.current;
export const selectIsReading = (snapshot: AnnotationsSnapshot) => snapshot.matches('reading');
export const selectIsReady = (snapshot: AnnotationsSnapshot) => snapshot.matches('ready');
/** Lines the runner dropped from the start of the log (the first line's pos). */
export const selectDroppedLines = (snapshot: AnnotationsSnapshot) => snapshot.context.firstPos;

/** Distinct annotations per level. */
export function countLevels(annotations: ReadonlyArray<{ level: AnnotationLevel }>) {
  const counts = { errors: 0, warnings: 0, notices: 0 };
  for (const { level } of annotations) {
    if (level === 'error') counts.errors++;
    else if (level === 'warning') counts.warnings++;
    else counts.notices++;
  }
  return counts;
}
