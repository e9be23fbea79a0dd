import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { listenKeys, type KeyPressEvent } from '../shell/keys';
import { appActor, swapAppActor } from '../app/appActors';

// The command palette's keys from boot, its code on demand (docs/issues.md issue 18: the first
// screen carries only what it shows; issue 19 item 2: no palette key press is lost). The palette's
// machine (palette.machine.ts, with the search list it uses) is not on the first screen, and this
// module must not import it: the view hands its code in (boot/code.ts's `code()`). Until the
// palette's actor runs, this machine takes the palette's keys, by the rules of every shortcut
// (keys.ts: not while typing, not under a modal, not inside a menu; Ctrl+K from anywhere), loads
// the code on the first one and hands every key pressed meanwhile, in order, to the actor once it
// runs. From then on the actor's own listener takes them and this one is gone: no key press is
// lost, and none counts twice.

/** The palette's keys: Ctrl+K / Cmd+K and '/' open the palette, '?' the shortcuts help. */
export const PALETTE_KEYS = ['mod+k', '/', '?'] as const;

/** The palette's actor, as far as this machine knows it: it takes the keys pressed. */
export interface PaletteKeysTarget {
  send: (event: KeyPressEvent) => void;
}

/** What the palette's code gives: its module, whose `paletteActor()` starts the shared actor. */
export interface PaletteModule {
  paletteActor: () => PaletteKeysTarget;
}

/** The palette's code, loaded on demand once (boot/code.ts): `loaded` once it has arrived. */
export interface PaletteCode {
  (): Promise<PaletteModule>;
  loaded?: PaletteModule;
}

export type PaletteKeysEvent =
  | KeyPressEvent
  /** The signed-in user's shell (CommandPalette.tsx): take the keys, load `code` on the first. */
  | { type: 'paletteKeys.listen'; code: PaletteCode }
  /** palette.machine.ts: its actor has started, by a key or otherwise (a page's offer). */
  | { type: 'palette.started'; palette: PaletteKeysTarget };

interface PaletteKeysContext {
  code?: PaletteCode;
  /** The keys pressed since the first one, while the code loads. */
  pressed: string[];
}

/** The code's module: at once when it has arrived already (a later session), without a call. */
export const loadPalette = fromPromise<PaletteModule, PaletteCode | undefined>(
  async ({ input }) => {
    if (!input) throw new Error('No palette code to load');
    return input.loaded ?? input();
  },
);

/** Hands `keys` to the palette, in the order they were pressed. */
function handOver(palette: PaletteKeysTarget, keys: readonly string[]): void {
  for (const key of keys) palette.send({ type: 'key.pressed', key });
}

export const paletteKeysMachine = setup({
  types: {
    context: {} as PaletteKeysContext,
    events: {} as PaletteKeysEvent,
  },
  actors: { listenKeys, loadPalette },
  actions: {
    assignCode: assign({
      code: ({ context, event }) =>
        event.type === 'paletteKeys.listen' ? event.code : context.code,
    }),
    assignPressed: assign({
      pressed: ({ context, event }) =>
        event.type === 'key.pressed' ? [...context.pressed, event.key] : context.pressed,
    }),
    clearPressed: assign({ pressed: [] }),
    /**
     * The code arrived: its actor starts (and listens itself) and gets the keys pressed so far.
     * The `palette.started` it sends on starting reaches this machine after, in `running`: ignored,
     * so no key is handed over twice. Started once this transition is over: an actor created
     * inside an action makes XState warn (its context is assigned while an action runs), and no
     * key event can come between (a key press is a task of its own, a microtask runs first).
     */
    startPalette: ({ context }, params: { module: PaletteModule }) => {
      const { pressed } = context;
      queueMicrotask(() => handOver(params.module.paletteActor(), pressed));
    },
    /** The palette started some other way: it gets the keys pressed so far all the same. */
    handOverKeys: ({ context, event }) => {
      if (event.type === 'palette.started') handOver(event.palette, context.pressed);
    },
  },
}).createMachine({
  id: 'paletteKeys',
  context: { pressed: [] },
  initial: 'off',
  states: {
    /**
     * Nobody signed in yet: no key is taken. Sign-out ends the actor (appActors.ts); the next
     * user's shell starts a new one here. A palette started without a key (a page's offer) runs.
     */
    off: {
      on: {
        'paletteKeys.listen': { target: 'takingKeys', actions: 'assignCode' },
        'palette.started': 'running',
      },
    },
    /**
     * The palette's keys are this machine's. One listener for both children, so it is not removed
     * and added again between the first key and the next (issue 19 item 2: none lost).
     */
    takingKeys: {
      invoke: { src: 'listenKeys', input: { keys: PALETTE_KEYS } },
      on: { 'palette.started': { target: 'running', actions: 'handOverKeys' } },
      initial: 'listening',
      states: {
        /** Waiting for the first palette key. */
        listening: {
          on: { 'key.pressed': { target: 'loading', actions: 'assignPressed' } },
        },
        /** A key came, the code is on its way; the keys pressed meanwhile wait for it. */
        loading: {
          invoke: {
            id: 'loadPalette',
            src: 'loadPalette',
            input: ({ context }) => context.code,
            onDone: {
              target: '#paletteKeys.running',
              actions: { type: 'startPalette', params: ({ event }) => ({ module: event.output }) },
            },
            // The code did not arrive: these keys did nothing; the next one loads it again.
            onError: { target: 'listening', actions: 'clearPressed' },
          },
          on: { 'key.pressed': { actions: 'assignPressed' } },
        },
      },
    },
    /** The palette's actor runs and listens itself: this machine steps aside. */
    running: { entry: 'clearPressed' },
  },
});

type PaletteKeysSnapshot = SnapshotFrom<typeof paletteKeysMachine>;

/** Whether the palette's actor runs (its dialogs can show). */
export const selectIsPaletteRunning = (snapshot: PaletteKeysSnapshot) =>
  snapshot.matches('running');

/**
 * One listener for the app, started on use (the shell's first render): it takes no key until the
 * shell says who is signed in (`paletteKeys.listen`), and ends with the session (appActors.ts),
 * so nothing pressed on the login page is taken or remembered for the next user.
 */
export const paletteKeysActor = () => appActor('paletteKeys', paletteKeysMachine);

/**
 * Tests: forget the shared actor; the next one runs `logic` (e.g.
 * `paletteKeysMachine.provide({ actors: { loadPalette } })` with answers the test controls).
 */
export const resetPaletteKeysActor = (logic?: typeof paletteKeysMachine) =>
  swapAppActor('paletteKeys', logic);
