import { useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'wouter';
import {
  paletteKeysActor,
  selectIsPaletteRunning,
} from '../../machines/palette/paletteKeys.machine';
import { code } from '../../boot/code';
import { onDemand } from '../../boot/OnDemand';
import { useCurrentUser } from './session';

// Issue 19 item 2: the command palette (Ctrl/Cmd+K, '/') and the shortcuts help ('?'), for
// signed-in users on every page. Neither the palette's machine nor its dialogs are on the first
// screen (docs/issues.md issue 18): a small machine takes the palette's keys from boot, so no key
// press is lost, and the first one loads the palette's machine (issue 19 item 2;
// machines/palette/paletteKeys.machine.ts); the dialogs' code loads beside it, or the first time one
// opens. This view only tells that machine who is signed in, and renders the dialogs once the
// palette runs.

type PaletteMachineModule = typeof import('../../machines/palette/palette.machine');

const dialogs = () => import('./PaletteDialogs');
const PaletteDialog = onDemand(() => dialogs().then((m) => m.PaletteDialog), null);
const ShortcutsHelp = onDemand(() => dialogs().then((m) => m.ShortcutsHelp), null);

const paletteMachine = () => import('../../machines/palette/palette.machine');

/** What the first palette key loads: the machine, and beside it the dialogs that key opens. */
const paletteCode = code(() => {
  void dialogs().catch(() => undefined);
  return paletteMachine();
});

/** The dialogs over the running palette (on a repository page, its New build offer starts it). */
const PaletteHost = onDemand(() => paletteMachine().then(paletteHost), null);

export function CommandPalette() {
  const user = useCurrentUser();
  const keys = paletteKeysActor();
  const running = useSelector(keys, selectIsPaletteRunning);
  const signedIn = Boolean(user);
  // Before the first paint with a user (a layout effect): no key pressed on that screen is lost.
  // Only the listener that has not listened yet takes it; a new one after each sign-out.
  useLayoutEffect(() => {
    if (signedIn) keys.send({ type: 'paletteKeys.listen', code: paletteCode });
  }, [keys, signedIn]);
  return user && running ? <PaletteHost admin={user.admin} /> : null;
}

function paletteHost(palette: PaletteMachineModule) {
  return function PaletteHost({ admin }: { admin: boolean }) {
    const actor = palette.paletteActor();
    const open = useSelector(actor, palette.selectIsPaletteOpen);
    const help = useSelector(actor, palette.selectIsHelpOpen);
    const [, navigate] = useLocation();
    // The machine decides where to go; the router lives here.
    useEffect(() => {
      const subscription = actor.on('palette.navigate', ({ href }) => navigate(href));
      return () => subscription.unsubscribe();
    }, [actor, navigate]);
    const close = () => actor.send({ type: 'palette.close' });
    return (
      <>
        {open ? <PaletteDialog admin={admin} onClose={close} /> : null}
        {help ? <ShortcutsHelp onClose={close} /> : null}
      </>
    );
  };
}
