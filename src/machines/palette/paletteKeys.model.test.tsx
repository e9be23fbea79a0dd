import { act, fireEvent, screen, waitFor as waitForScreen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fromPromise, waitFor, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { modelSteps } from '../../../tests/drivers/modelSteps';
import { makeUser } from '../../../tests/factories';
import { createSettler, leftOutOfChart, modelOf, pathName, replayed } from '../../../tests/model';
import { renderWithMachines } from '../../../tests/renderMachine';
import type { Repository, User } from '../../api/types';
import { CommandPalette } from '../../views/shell/CommandPalette';
import { paletteActor, paletteMachine, resetPaletteActor } from './palette.machine';
import {
  paletteKeysActor,
  paletteKeysMachine,
  resetPaletteKeysActor,
  type PaletteCode,
  type PaletteModule,
} from './paletteKeys.machine';
import { resetSearchActor, searchMachine } from './search.machine';
import { sessionMachine } from '../shell/session.machine';

// The palette's keys before its code (docs/issues.md issue 18, issue 19 item 2), walked along the
// machine's shortest paths (docs/architecture.md 8). The machine draws nothing itself: what it
// does shows on the page's keyboard (is a palette key taken?) and in the shell's CommandPalette,
// which tells it who is signed in and shows the palette's dialogs once the palette runs. So each
// path renders that view, signs in when the model says `paletteKeys.listen`, presses the keys on
// the page, answers the code's load when the model says, and starts the real palette as a page's
// offered command does (`palette.started`).

const module: PaletteModule = { paletteActor };
/** The model's stand-in; on the page, the view hands in its own (the palette's code on demand). */
const modelCode: PaletteCode = async () => module;
const LOAD_FAILED = new Error('Failed to fetch dynamically imported module');

const events: AnyEventObject[] = [
  { type: 'paletteKeys.listen', code: modelCode },
  { type: 'key.pressed', key: '/' },
  { type: 'key.pressed', key: 'mod+k' },
  { type: 'xstate.done.actor.loadPalette', output: module },
  { type: 'xstate.error.actor.loadPalette', error: LOAD_FAILED },
  { type: 'palette.started', palette: { send: () => undefined } },
];
// The keys pressed pile up in the context: states are told apart by their value and the first two
// keys (so each key is pressed, after either, in each state that takes it), not by every key.
const keyBy = (snapshot: SnapshotFrom<typeof paletteKeysMachine>) => ({
  value: snapshot.value,
  pressed: snapshot.context.pressed.slice(0, 2),
});
const paths = modelOf(paletteKeysMachine, events, { keyBy }).getShortestPaths();

/** A palette key as the browser sends it; whether it was taken (its default prevented). */
function press(key: string): boolean {
  const init = key === 'mod+k' ? { key: 'k', ctrlKey: true } : { key };
  return !fireEvent.keyDown(document.body, init);
}

/** The keys the palette gets on starting: those since the last failed load, in order. */
function handedOver(steps: ReadonlyArray<{ event: AnyEventObject }>): string[] {
  let keys: string[] = [];
  for (const { event } of steps) {
    if (event.type === 'key.pressed') keys.push(event.key as string);
    if (event.type === 'xstate.error.actor.loadPalette') keys = [];
  }
  return keys;
}

const paletteDialog = () => screen.queryByRole('dialog', { name: 'Command palette' });

beforeEach(() =>
  resetSearchActor(
    searchMachine.provide({
      actors: { fetchRepos: fromPromise(async (): Promise<Repository[]> => []) },
    }),
  ),
);
afterEach(() => {
  resetPaletteActor();
  resetPaletteKeysActor();
  resetSearchActor();
});

describe('palette keys machine, model-based, through the keyboard and the command palette', () => {
  it('covers every state and transition of the chart', () => {
    expect(leftOutOfChart(paletteKeysMachine, { paths })).toEqual([]);
  });

  for (const path of paths) {
    it(pathName(path), async () => {
      const loads = createSettler();
      let loadCalls = 0;
      resetPaletteKeysActor(
        paletteKeysMachine.provide({
          actors: {
            loadPalette: fromPromise<PaletteModule, PaletteCode | undefined>(() => {
              loadCalls += 1;
              return loads.call<PaletteModule>();
            }),
          },
        }),
      );
      // The user is known when the model says: until then the shell has nobody signed in.
      const user = createSettler();
      const session = sessionMachine.provide({
        actors: { fetchUser: fromPromise<User>(() => user.call<User>()) },
      });
      renderWithMachines(<CommandPalette />, { machines: [[sessionMachine, session]] });
      const keys = paletteKeysActor();
      const steps = modelSteps(keys, loads);
      const signIn = async () => {
        if (!user.waiting) return;
        await act(async () =>
          user.settle({ type: 'xstate.done.actor.fetchUser', output: makeUser() }),
        );
      };

      await path.test({
        states: {
          off: () => {
            expect(press('/')).toBe(false);
            expect(press('mod+k')).toBe(false);
            expect(loadCalls).toBe(0);
            expect(paletteDialog()).toBeNull();
          },
          'takingKeys.listening': () => {
            // Waiting for the first key: no code asked for (again, after a failed load).
            expect(loads.waiting).toBe(false);
            expect(paletteDialog()).toBeNull();
          },
          'takingKeys.loading': () => {
            expect(loads.waiting).toBe(true);
            expect(paletteDialog()).toBeNull();
          },
          running: async () => {
            // A page may have started the palette before the shell knew the user.
            await signIn();
            // The palette got every key pressed while its code loaded, once each, in order.
            const pressed = handedOver(path.steps);
            const expected = replayed(
              paletteMachine,
              undefined,
              pressed.map((key) => ({ event: { type: 'key.pressed', key } })),
            );
            expect(paletteActor().getSnapshot().value).toEqual(expected.value);
            if (expected.matches('palette')) {
              expect(await screen.findByRole('dialog', { name: 'Command palette' })).toBeVisible();
            }
            // This machine has stepped aside: the palette's own listener takes the next key, once.
            const open = expected.matches('palette');
            expect(press('mod+k')).toBe(true);
            if (open) await waitForScreen(() => expect(paletteDialog()).toBeNull());
            else
              expect(await screen.findByRole('dialog', { name: 'Command palette' })).toBeVisible();
            expect(keys.getSnapshot().value).toBe('running');
          },
        },
        events: {
          'paletteKeys.listen': async () => {
            await signIn();
            await act(() => waitFor(keys, (snapshot) => !snapshot.matches('off')));
          },
          'key.pressed': ({ event }) => {
            expect(press((event as AnyEventObject).key as string)).toBe(true);
          },
          ...steps.answers('loadPalette'),
          // A repository page offers New build: the palette starts without a key.
          'palette.started': () => {
            act(() => void paletteActor());
          },
        },
      });
      expect(keys.getSnapshot().value).toEqual(path.state.value);
    });
  }
});
