import { sendParent, setup } from 'xstate';
import type { Line } from '../../src/api/types';

/**
 * A stand-in for the console's logStream child (its `streamLogs` actor): the test pushes a
 * batch of lines with `test.lines`, which reaches the console as the stream's `log.lines`, and
 * ends the stream with `test.eof`.
 */
export const fakeLogStream = setup({
  types: { events: {} as { type: 'test.lines'; lines: Line[] } | { type: 'test.eof' } },
}).createMachine({
  initial: 'open',
  states: {
    open: {
      on: {
        'test.lines': {
          actions: sendParent(({ event }) => ({ type: 'log.lines', lines: event.lines })),
        },
        'test.eof': 'done',
      },
    },
    done: { type: 'final' },
  },
});
