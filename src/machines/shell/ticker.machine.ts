import { assign, setup } from 'xstate';
import { appActor } from '../app/appActors';

// One clock for every live-ticking time on screen (elapsed times, relative dates), so views
// hold no timers of their own. It ticks only while some view shows such a time (`ticker.watch`
// on mount, `ticker.unwatch` on unmount): a page without one, and a test that has unmounted its
// views, holds no timer.
export const TICK_INTERVAL = 1000;

type TickerEvent = { type: 'ticker.watch' } | { type: 'ticker.unwatch' };

export const tickerMachine = setup({
  types: { context: {} as { now: number; watchers: number }, events: {} as TickerEvent },
  delays: { TICK_INTERVAL },
  guards: {
    isLastWatcher: ({ context }) => context.watchers <= 1,
  },
  actions: {
    addWatcher: assign({ watchers: ({ context }) => context.watchers + 1 }),
    removeWatcher: assign({ watchers: ({ context }) => Math.max(0, context.watchers - 1) }),
    readClock: assign({ now: () => Date.now() }),
  },
}).createMachine({
  id: 'ticker',
  context: () => ({ now: Date.now(), watchers: 0 }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'ticker.watch': { target: 'ticking', actions: ['addWatcher', 'readClock'] } },
    },
    ticking: {
      after: {
        TICK_INTERVAL: { target: 'ticking', reenter: true, actions: 'readClock' },
      },
      on: {
        'ticker.watch': { actions: 'addWatcher' },
        'ticker.unwatch': [
          { guard: 'isLastWatcher', target: 'idle', actions: 'removeWatcher' },
          { actions: 'removeWatcher' },
        ],
      },
    },
  },
});

/** One clock for every live-ticking time, started on use. */
export const tickerActor = () => appActor('ticker', tickerMachine);
