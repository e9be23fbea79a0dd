import { assign, fromPromise, setup } from 'xstate';
import { fetchLogs } from '../../api/logs';
import type { RepoRef } from '../../api/repos';
import { isDone, type Build, type Stage, type Step } from '../../api/types';
import { msg } from '../../i18n/message';
import { errorMessageOf } from '../shell/callErrors';
import { readStepLog, type LoadStepLog } from '../console/stepLog';
import { notify } from '../shell/toasts.machine';

// Issue 18: the raw logs of a whole build as one text file, each step's log under a header, in
// the order of the stages and their steps. Only for a finished build: then every log is stored
// (a running step's log is not, and a file of half a build would read as all of it). The logs
// are read one at a time, so one long log at most is held parsed; the text goes out in parts.

export const downloadFailed = (message: string) => msg('build.downloadAll.failed', { message });

/** The header above one step's log in the file. */
export function stepHeader(stage: Stage, step: Step): string {
  const exit = step.status === 'success' || step.status === 'failure';
  const outcome = exit ? `${step.status}, exit code ${step.exit_code}` : step.status;
  return `===== ${stage.name} / ${step.name} (stage ${stage.number}, step ${step.number}): ${outcome} =====\n`;
}

/** A step that never started has no stored log to ask for. */
const hasRun = (step: Step) => Boolean(step.started) || step.status === 'running';

/** The file's parts: each step's header, then its raw log (or a note), a blank line between. */
export function createReadBuildLogs(load: LoadStepLog) {
  return fromPromise<string[], { repo: RepoRef; build: Build }>(async ({ input }) => {
    const { repo, build } = input;
    const parts: string[] = [];
    for (const stage of build.stages ?? []) {
      for (const step of stage.steps ?? []) {
        if (parts.length > 0) parts.push('\n');
        parts.push(stepHeader(stage, step));
        if (!hasRun(step)) continue;
        const ref = { ...repo, build: build.number, stage: stage.number, step: step.number };
        const text = (await readStepLog(load, ref)).text();
        parts.push(text === '' || text.endsWith('\n') ? text : `${text}\n`);
      }
    }
    return parts;
  });
}

export interface BuildLogsInput {
  repo: RepoRef;
  /** Saves the file (the view's download), so the machine stays free of the DOM. */
  save: (parts: string[], build: Build) => void;
}

export const buildLogsMachine = setup({
  types: {
    context: {} as BuildLogsInput & { build: Build | null },
    input: {} as BuildLogsInput,
    events: {} as { type: 'logs.download'; build: Build },
  },
  actors: { readBuildLogs: createReadBuildLogs(fetchLogs) },
  guards: {
    isFinishedBuild: ({ event }) => isDone(event.build.status),
  },
  actions: {
    saveFile: ({ context, event }) =>
      context.save((event as unknown as { output: string[] }).output, context.build!),
    notifyFailed: ({ event }) =>
      notify.error(downloadFailed(errorMessageOf(event, 'Unknown error'))),
  },
}).createMachine({
  id: 'buildLogs',
  context: ({ input }) => ({ ...input, build: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'logs.download': {
          guard: 'isFinishedBuild',
          target: 'reading',
          actions: assign({ build: ({ event }) => event.build }),
        },
      },
    },
    reading: {
      invoke: {
        src: 'readBuildLogs',
        input: ({ context }) => ({ repo: context.repo, build: context.build! }),
        onDone: { target: 'idle', actions: 'saveFile' },
        onError: { target: 'idle', actions: 'notifyFailed' },
      },
    },
  },
});
