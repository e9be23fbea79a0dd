import { fromPromise, setup } from 'xstate';

// docs/spec.md 2.10 / 2.12 / 9: after copying, the button reads 'Copied' (or 'Copied!') for 2000 ms.
export const COPIED_DURATION = 2000;

export const copyMachine = setup({
  types: {
    events: {} as { type: 'copy.request'; text: string },
  },
  actors: {
    writeClipboard: fromPromise<void, { text: string }>(async ({ input }) => {
      await navigator.clipboard.writeText(input.text);
    }),
  },
  delays: { COPIED_DURATION },
}).createMachine({
  id: 'copy',
  initial: 'idle',
  states: {
    idle: {
      on: { 'copy.request': 'copying' },
    },
    copying: {
      invoke: {
        id: 'writeClipboard',
        src: 'writeClipboard',
        input: ({ event }) => ({ text: event.type === 'copy.request' ? event.text : '' }),
        onDone: 'copied',
        onError: 'failed',
      },
    },
    copied: {
      after: { COPIED_DURATION: 'idle' },
      on: { 'copy.request': 'copying' },
    },
    failed: {
      after: { COPIED_DURATION: 'idle' },
      on: { 'copy.request': 'copying' },
    },
  },
});
