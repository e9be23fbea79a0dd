import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Repository, User } from '../../api/types';
import { makeUser } from '../../../tests/factories';
import { paletteActor, resetPaletteActor } from './palette.machine';
import {
  paletteKeysActor,
  resetPaletteKeysActor,
  selectIsPaletteRunning,
  type PaletteCode,
  type PaletteModule,
} from './paletteKeys.machine';
import { resetSearchActor, searchActor, searchMachine } from './search.machine';
import { sessionMachine } from '../shell/session.machine';
import { waitUntil } from '../../../tests/wait';

// The palette's keys before its code has arrived (docs/issues.md issue 18, issue 19 item 2): the
// first palette key loads the palette's machine, and that key, with every one pressed while it
// loads, reaches the machine once, in order: none is lost, none counts twice. Driven as the app
// drives it: the shell's `paletteKeys.listen`, real key presses on the page, the real palette.

/** The palette's code, arriving when the test says (`arrive`), or failing (`fail`). */
function codeOnDemand() {
  const pending: Array<{ resolve: (module: PaletteModule) => void; reject: (e: Error) => void }> =
    [];
  const load = vi.fn(
    () => new Promise<PaletteModule>((resolve, reject) => pending.push({ resolve, reject })),
  );
  return {
    load,
    arrive: async () => {
      pending.shift()!.resolve({ paletteActor });
      await new Promise((resolve) => setTimeout(resolve));
    },
    fail: async () => {
      pending.shift()!.reject(new Error('Failed to fetch dynamically imported module'));
      await new Promise((resolve) => setTimeout(resolve));
    },
  };
}

/** Presses a key on `target` (the page by default), as the browser sends it; was it taken? */
function press(key: string, options: KeyboardEventInit = {}, target: Element = document.body) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...options });
  target.dispatchEvent(event);
  return event.defaultPrevented;
}
const ctrlK = () => press('k', { ctrlKey: true });

const state = () => paletteActor().getSnapshot().value;

/** What the shell sends once a user is signed in (CommandPalette.tsx), with the palette's code. */
const listenForPalette = (code: PaletteCode) =>
  paletteKeysActor().send({ type: 'paletteKeys.listen', code });
const isPaletteRunning = () => selectIsPaletteRunning(paletteKeysActor().getSnapshot());
const keysState = () => paletteKeysActor().getSnapshot().value;

/** Each time the palette opens, it asks the search list for the repositories: one per opening. */
function countOpenings() {
  const send = vi.spyOn(searchActor(), 'send');
  return () => send.mock.calls.filter(([event]) => event.type === 'search.load').length;
}

beforeEach(() =>
  resetSearchActor(
    searchMachine.provide({
      actors: { fetchRepos: fromPromise(async (): Promise<Repository[]> => []) },
    }),
  ),
);
afterEach(() => {
  // The palette's reset forgets the listener that waited for it, too.
  resetPaletteActor();
  resetPaletteKeysActor();
  resetSearchActor();
  document.body.replaceChildren();
});

describe('palette keys before the palette has loaded', () => {
  it('takes no key before the shell says someone is signed in', () => {
    expect(keysState()).toBe('off');
    expect(ctrlK()).toBe(false);
    expect(press('/')).toBe(false);
    expect(keysState()).toBe('off');
  });

  it('the first Ctrl+K loads the palette and opens it exactly once', async () => {
    const code = codeOnDemand();
    const openings = countOpenings();
    listenForPalette(code.load);
    expect(code.load).not.toHaveBeenCalled();
    expect(ctrlK()).toBe(true);
    expect(code.load).toHaveBeenCalledOnce();
    expect(keysState()).toEqual({ takingKeys: 'loading' });
    expect(isPaletteRunning()).toBe(false);
    await code.arrive();
    expect(isPaletteRunning()).toBe(true);
    expect(state()).toBe('palette');
    expect(openings()).toBe(1);
    // From now on the palette's own listener takes the keys, alone: Ctrl+K once closes it.
    expect(ctrlK()).toBe(true);
    expect(state()).toBe('closed');
    expect(code.load).toHaveBeenCalledOnce();
  });

  it("the first '/' opens it exactly once, and '?' the help", async () => {
    const code = codeOnDemand();
    const openings = countOpenings();
    listenForPalette(code.load);
    expect(press('/')).toBe(true);
    await code.arrive();
    expect(state()).toBe('palette');
    expect(openings()).toBe(1);
    // One press each, not two: '?' is ignored while the palette is open, Ctrl+K closes it.
    press('?');
    ctrlK();
    expect(state()).toBe('closed');
    press('?');
    expect(state()).toBe('help');
  });

  it('hands over every key pressed while the code loads, in order', async () => {
    const code = codeOnDemand();
    const openings = countOpenings();
    listenForPalette(code.load);
    ctrlK();
    ctrlK();
    press('?');
    expect(code.load).toHaveBeenCalledOnce();
    await code.arrive();
    // Open, closed, then the help.
    expect(openings()).toBe(1);
    expect(state()).toBe('help');
  });

  it('follows the rules of every shortcut: not while typing, not under a modal', async () => {
    const code = codeOnDemand();
    listenForPalette(code.load);
    const field = document.body.appendChild(document.createElement('input'));
    expect(press('/', {}, field)).toBe(false);
    const dialog = document.body.appendChild(document.createElement('dialog'));
    dialog.setAttribute('open', '');
    expect(press('?')).toBe(false);
    expect(press('/', { altKey: true })).toBe(false);
    expect(code.load).not.toHaveBeenCalled();
    // Ctrl+K works everywhere, even from a field.
    dialog.remove();
    expect(press('k', { ctrlKey: true }, field)).toBe(true);
    expect(code.load).toHaveBeenCalledOnce();
  });

  it('does not load again when the code has arrived before (a later session)', async () => {
    const code = Object.assign(codeOnDemand().load, { loaded: { paletteActor } });
    listenForPalette(code);
    expect(ctrlK()).toBe(true);
    // The loaded module answers at once (the next microtask), no second download.
    await waitUntil(() => expect(isPaletteRunning()).toBe(true));
    expect(state()).toBe('palette');
    expect(code).not.toHaveBeenCalled();
  });

  it('hands the keys pressed so far to a palette started some other way', async () => {
    const code = codeOnDemand();
    const openings = countOpenings();
    listenForPalette(code.load);
    press('/');
    // A repository page offers New build: the palette starts before its code has "arrived".
    paletteActor();
    expect(isPaletteRunning()).toBe(true);
    expect(state()).toBe('palette');
    // The code's arrival changes nothing: the '/' was handed over once.
    await code.arrive();
    expect(openings()).toBe(1);
    expect(ctrlK()).toBe(true);
    expect(state()).toBe('closed');
  });

  it('tries again on the next key when the code did not arrive', async () => {
    const code = codeOnDemand();
    listenForPalette(code.load);
    ctrlK();
    await code.fail();
    expect(isPaletteRunning()).toBe(false);
    press('/');
    expect(code.load).toHaveBeenCalledTimes(2);
    await code.arrive();
    expect(state()).toBe('palette');
  });

  it('listens once, however often the shell asks', async () => {
    const code = codeOnDemand();
    const openings = countOpenings();
    listenForPalette(code.load);
    listenForPalette(code.load);
    press('/');
    await code.arrive();
    listenForPalette(code.load);
    // Closed, then open again: each press once.
    ctrlK();
    ctrlK();
    expect(openings()).toBe(2);
    expect(state()).toBe('palette');
  });
});

describe('palette keys and the session', () => {
  /** A session whose user is signed in. */
  async function signedIn() {
    const answers: User[] = [makeUser({ login: 'octocat' })];
    const fetchUser = fromPromise<User>(async () => answers.shift()!);
    const session = createActor(sessionMachine.provide({ actors: { fetchUser } })).start();
    await waitUntil(() => expect(session.getSnapshot().matches('signedIn')).toBe(true));
    return session;
  }

  it('signing out before any palette key: nothing listens, nothing loads', async () => {
    const session = await signedIn();
    const code = codeOnDemand();
    listenForPalette(code.load);
    session.send({ type: 'session.signedOut' });
    expect(press('/')).toBe(false);
    expect(code.load).not.toHaveBeenCalled();
  });

  it('signing out while the code loads: it arrives, but nothing starts', async () => {
    const session = await signedIn();
    const code = codeOnDemand();
    listenForPalette(code.load);
    press('/');
    session.send({ type: 'session.signedOut' });
    await code.arrive();
    expect(isPaletteRunning()).toBe(false);
    expect(press('/')).toBe(false);
    // The next user's palette starts closed: the '/' pressed before is not remembered.
    expect(state()).toBe('closed');
  });

  it('signing out once the palette runs stops it, and its listener', async () => {
    const session = await signedIn();
    const code = codeOnDemand();
    listenForPalette(code.load);
    press('/');
    await code.arrive();
    const palette = paletteActor();
    session.send({ type: 'session.signedOut' });
    expect(palette.getSnapshot().status).toBe('stopped');
    expect(isPaletteRunning()).toBe(false);
    expect(press('/')).toBe(false);
  });
});
