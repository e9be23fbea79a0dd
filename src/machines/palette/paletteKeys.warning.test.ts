import { waitUntil } from '../../../tests/wait';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Repository } from '../../api/types';
import { runningAppActor } from '../app/appActors';
import { paletteActor } from './palette.machine';
import { paletteKeysActor, selectIsPaletteRunning } from './paletteKeys.machine';
import { resetSearchActor, searchMachine } from './search.machine';

// The first Ctrl+K on a page started the palette's actor inside an action of
// this machine, and XState warned ('Custom actions should not call `assign()` directly').

afterEach(() => vi.restoreAllMocks());

describe('the first palette key', () => {
  it('starts the palette without an XState warning', async () => {
    resetSearchActor(
      searchMachine.provide({
        actors: { fetchRepos: fromPromise(async (): Promise<Repository[]> => []) },
      }),
    );
    const warn = vi.spyOn(console, 'warn');
    const code = Object.assign(async () => ({ paletteActor }), { loaded: undefined });
    paletteKeysActor().send({ type: 'paletteKeys.listen', code });
    document.body.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true, cancelable: true }),
    );
    // Started by the key (not by this test asking for it), and opened by that key.
    await waitUntil(() => expect(runningAppActor('palette')).toBeDefined());
    await waitUntil(() => expect(paletteActor().getSnapshot().value).toBe('palette'));
    expect(selectIsPaletteRunning(paletteKeysActor().getSnapshot())).toBe(true);
    expect(warn).not.toHaveBeenCalled();
  });
});
