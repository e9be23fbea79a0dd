import { shortcutOf } from './keys';
import { endWithSession } from './userScope';

// The command palette's keys from boot, its code on demand (docs/issues.md issue 18: the first
// screen carries only what it shows; issue 19 item 2: no palette key press is lost). The palette's
// machine (palette.machine.ts, with the search list it uses) is not on the first screen. Until its
// actor runs, this listener takes the palette's keys, by the rules of every shortcut (keys.ts:
// not while typing, not under a modal, not inside a menu), loads the machine on the first one and
// hands every key pressed meanwhile, in order, to the actor once it runs. From then on the actor's
// own listener takes them and this one is gone: no key press is lost, and none counts twice.

/** The palette's keys: Ctrl+K / Cmd+K and '/' open the palette, '?' the shortcuts help. */
export const PALETTE_KEYS = ['mod+k', '/', '?'] as const;

/** What the palette's code gives: its module, whose `paletteActor()` starts the shared actor. */
export interface PaletteModule {
  paletteActor: () => unknown;
}

/** The palette's code, loaded on demand once (views/ui/code.ts): `loaded` once it has arrived. */
export interface PaletteCode {
  (): Promise<PaletteModule>;
  loaded?: PaletteModule;
}

/**
 * off: nobody signed in (or the palette stopped); listening: waiting for the first palette key;
 * loading: a key came, the code is on its way; running: the palette's actor listens itself.
 */
type Phase = 'off' | 'listening' | 'loading' | 'running';

let phase: Phase = 'off';
/** The keys pressed since the first one, while the code loads. */
let pressed: string[] = [];
let unlisten: (() => void) | undefined;
const watchers = new Set<() => void>();

function moveTo(next: Phase): void {
  phase = next;
  for (const watcher of [...watchers]) watcher();
}

/**
 * For the signed-in user's shell (CommandPalette.tsx): listens for the palette's keys until the
 * palette runs, and loads `code` on the first one. Does nothing while it listens or the palette
 * runs already; sign-out stops it (userScope.ts).
 */
export function listenForPalette(code: PaletteCode): void {
  if (phase !== 'off' || typeof document === 'undefined') return;
  const onKeyDown = (event: KeyboardEvent) => {
    const key = shortcutOf(event);
    if (key === null || !(PALETTE_KEYS as readonly string[]).includes(key)) return;
    // Taken at once, as the actor's listener would (Ctrl+K is the browser's too).
    event.preventDefault();
    pressed.push(key);
    // Arrived already (for an earlier session, or in a test): it starts now and gets this key.
    if (code.loaded) {
      code.loaded.paletteActor();
      return;
    }
    if (phase === 'loading') return;
    moveTo('loading');
    code().then(
      // Unless the user signed out meanwhile: then nothing starts, nothing is remembered.
      (palette) => {
        if (phase === 'loading') palette.paletteActor();
      },
      // The code did not arrive: these keys did nothing; the next one loads it again.
      () => {
        if (phase !== 'loading') return;
        pressed = [];
        moveTo('listening');
      },
    );
  };
  document.addEventListener('keydown', onKeyDown);
  unlisten = () => document.removeEventListener('keydown', onKeyDown);
  endWithSession(stopPaletteKeys);
  moveTo('listening');
}

/**
 * palette.machine.ts, when its actor has started (and listens for the keys itself): this listener
 * stops, and the keys pressed while the code loaded go to the actor (`send`), in order.
 */
export function paletteStarted(send: (key: string) => void): void {
  unlisten?.();
  unlisten = undefined;
  const keys = pressed;
  pressed = [];
  moveTo('running');
  for (const key of keys) send(key);
}

/** The palette stopped or the session ended: no palette key is taken until the next sign-in. */
export function stopPaletteKeys(): void {
  unlisten?.();
  unlisten = undefined;
  pressed = [];
  if (phase !== 'off') moveTo('off');
}

/** Whether the palette's actor runs (its dialogs can show); `subscribePaletteKeys` tells when. */
export function isPaletteRunning(): boolean {
  return phase === 'running';
}

export function subscribePaletteKeys(watcher: () => void): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}
