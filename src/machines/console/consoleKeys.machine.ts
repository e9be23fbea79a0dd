import { sendParent, setup } from 'xstate';
import { listenKeys, type KeyPressEvent } from '../shell/keys';

// Issue 19 item 2: the build page's keys, as events for the step's console (its parent):
// j / ArrowDown and k / ArrowUp go to the next and previous step, f follows the log on or off,
// t switches the timestamps, G goes to the bottom of the log and g g (two g within a second, as
// in vim and GitHub) to its top.

export const G_SEQUENCE_TIMEOUT = 1000;

export const BUILD_KEYS = ['j', 'k', 'ArrowDown', 'ArrowUp', 'f', 't', 'g', 'G'] as const;

/** What the keys ask the console for. */
export type BuildKeyEvent =
  | { type: 'step.next' }
  | { type: 'step.previous' }
  | { type: 'log.toggleFollow' }
  | { type: 'log.toggleTimestamps' }
  | { type: 'log.jump'; to: 'top' | 'bottom' };

const KEY_EVENTS: Record<string, BuildKeyEvent> = {
  j: { type: 'step.next' },
  ArrowDown: { type: 'step.next' },
  k: { type: 'step.previous' },
  ArrowUp: { type: 'step.previous' },
  f: { type: 'log.toggleFollow' },
  t: { type: 'log.toggleTimestamps' },
  G: { type: 'log.jump', to: 'bottom' },
};

export const consoleKeysMachine = setup({
  types: { events: {} as KeyPressEvent },
  actors: { listenKeys },
  guards: {
    isG: ({ event }) => event.key === 'g',
  },
  actions: {
    sendKeyEvent: sendParent(({ event }) => KEY_EVENTS[event.key] ?? { type: 'key.ignored' }),
    sendTop: sendParent({ type: 'log.jump', to: 'top' } satisfies BuildKeyEvent),
  },
  delays: { G_SEQUENCE_TIMEOUT },
}).createMachine({
  id: 'consoleKeys',
  invoke: { src: 'listenKeys', input: { keys: BUILD_KEYS } },
  initial: 'ready',
  states: {
    ready: {
      on: {
        'key.pressed': [{ guard: 'isG', target: 'afterG' }, { actions: 'sendKeyEvent' }],
      },
    },
    // One g: a second within the timeout goes to the top; any other key is itself.
    afterG: {
      after: { G_SEQUENCE_TIMEOUT: 'ready' },
      on: {
        'key.pressed': [
          { guard: 'isG', target: 'ready', actions: 'sendTop' },
          { target: 'ready', actions: 'sendKeyEvent' },
        ],
      },
    },
  },
});
