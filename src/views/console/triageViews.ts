// Issue 30 items 2 and 3: the failure summary and the annotation list, with their machines and
// the log readers, in the chunk ./triage.ts loads.
export { AnnotationList } from './AnnotationList';
export { FailureSummary } from '../buildPage/FailureSummary';
