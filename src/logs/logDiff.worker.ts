/// <reference lib="webworker" />
import { diffLogs, type LogDiff } from './logDiff';

// Compares two logs off the main thread (issue 30 item 5): the page posts both logs' `out`
// texts once and gets the hunks back; the worker ends with its one answer.

export interface ToDiffWorker {
  before: string[];
  after: string[];
}
export type FromDiffWorker = { type: 'done'; diff: LogDiff } | { type: 'error'; message: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<ToDiffWorker>) => {
  try {
    const answer: FromDiffWorker = {
      type: 'done',
      diff: diffLogs(event.data.before, event.data.after),
    };
    scope.postMessage(answer);
  } catch (error) {
    scope.postMessage({
      type: 'error',
      message: error instanceof Error ? error.message : String(error),
    });
  }
};
