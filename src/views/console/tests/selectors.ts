import type { SnapshotFrom } from 'xstate';
import type { testResultsMachine } from '../../../machines/console/testResults.machine';

// What the tests panel reads of its machine.

type Snapshot = SnapshotFrom<typeof testResultsMachine>;

export type TestsLogState = 'waiting' | 'reading' | 'comparing' | 'ready' | 'failed';

export const selectLogState = (snapshot: Snapshot): TestsLogState => {
  const value = snapshot.value as { log: string | Record<string, string> };
  return (typeof value.log === 'string' ? value.log : Object.keys(value.log)[0]) as TestsLogState;
};
export const selectReport = (snapshot: Snapshot) => snapshot.context.report;
export const selectError = (snapshot: Snapshot) => snapshot.context.error;
export const selectComparison = (snapshot: Snapshot) => snapshot.context.comparison;
export const selectPreviousBuild = (snapshot: Snapshot) => snapshot.context.previousBuild;
export const selectAlreadyFailing = (snapshot: Snapshot) => snapshot.context.alreadyFailing;
export const selectCard = (snapshot: Snapshot) => snapshot.context.card;
export const selectCardError = (snapshot: Snapshot) => snapshot.context.cardError;
export const selectQuery = (snapshot: Snapshot) => snapshot.context.query;
export const selectLimit = (snapshot: Snapshot) => snapshot.context.limit;
