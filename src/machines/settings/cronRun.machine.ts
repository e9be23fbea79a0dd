import { assign, fromPromise, setup } from 'xstate';
import { runCron } from '../../api/cron';
import type { RepoRef } from '../../api/repos';
import type { Build } from '../../api/types';
import { msg } from '../../i18n/message';
import { errorOf } from '../shell/callErrors';
import { notify } from '../shell/toasts.machine';

// Issue 31 part 5: run a cron job now (POST .../cron/{name}: a `cron` build of its branch's head;
// docs/drone-api.md 4.3, write access, which the cron settings already need). One job at a time;
// the toast names the build it started, or says no pipeline ran (Drone answers `null`).

export interface CronRunContext {
  repo: RepoRef;
  running: string | null;
}

export const cronRunMachine = setup({
  types: {
    context: {} as CronRunContext,
    input: {} as { repo: RepoRef },
    events: {} as { type: 'cron.run'; name: string },
  },
  actors: {
    runCron: fromPromise<Build | null, { repo: RepoRef; name: string }>(({ input }) =>
      runCron(input.repo, input.name),
    ),
  },
  guards: {
    hasStartedBuild: ({ event }) => (event as unknown as { output: Build | null }).output !== null,
  },
  actions: {
    notifyStarted: ({ context, event }) =>
      notify.success(
        msg('settings.cron.started', {
          name: context.running ?? '',
          number: (event as unknown as { output: Build }).output.number,
        }),
      ),
    notifyNothingRan: ({ context }) =>
      notify.warning(msg('settings.cron.nothingRan', { name: context.running ?? '' })),
    notifyError: ({ event }) => notify.error(errorOf(event)),
    clearRunning: assign({ running: null }),
  },
}).createMachine({
  id: 'cronRun',
  context: ({ input }) => ({ repo: input.repo, running: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'cron.run': { target: 'running', actions: assign({ running: ({ event }) => event.name }) },
      },
    },
    running: {
      invoke: {
        src: 'runCron',
        input: ({ context }) => ({ repo: context.repo, name: context.running ?? '' }),
        onDone: [
          { guard: 'hasStartedBuild', target: 'idle', actions: ['notifyStarted', 'clearRunning'] },
          { target: 'idle', actions: ['notifyNothingRan', 'clearRunning'] },
        ],
        onError: { target: 'idle', actions: ['notifyError', 'clearRunning'] },
      },
    },
  },
});

export const selectRunningCron = (snapshot: { context: CronRunContext }) =>
  snapshot.context.running;
