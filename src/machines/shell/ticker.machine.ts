import { assign, createActor, setup } from 'xstate';
import { inspect } from '../devtools/inspector';

// One clock for every live-ticking time on screen (elapsed times, relative dates), so views
// hold no timers of their own.
export const TICK_INTERVAL = 1000;

export const tickerMachine = setup({
  types: { context: {} as { now: number } },
  delays: { TICK_INTERVAL },
}).createMachine({
  id: 'ticker',
  context: () => ({ now: Date.now() }),
  initial: 'ticking',
  states: {
    ticking: {
      after: {
        TICK_INTERVAL: {
          target: 'ticking',
          reenter: true,
          actions: assign({ now: () => Date.now() }),
        },
      },
    },
  },
});

export const tickerActor = createActor(tickerMachine, { inspect }).start();
