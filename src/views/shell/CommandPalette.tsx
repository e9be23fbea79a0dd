import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import {
  paletteActor,
  selectIsHelpOpen,
  selectIsPaletteOpen,
} from '../../machines/shell/palette.machine';
import { onDemand } from '../ui/OnDemand';
import { useCurrentUser } from './session';

// Issue 19 item 2: the command palette (Ctrl/Cmd+K, '/') and the shortcuts help ('?'), for
// signed-in users on every page. The palette machine listens for the keys from boot, so no key
// press is lost; the dialogs' code loads the first time one opens (issue 18).

const dialogs = () => import('./PaletteDialogs');
const PaletteDialog = onDemand(() => dialogs().then((m) => m.PaletteDialog), null);
const ShortcutsHelp = onDemand(() => dialogs().then((m) => m.ShortcutsHelp), null);

export function CommandPalette() {
  const user = useCurrentUser();
  return user ? <PaletteHost admin={user.admin} /> : null;
}

function PaletteHost({ admin }: { admin: boolean }) {
  const actor = paletteActor();
  const open = useSelector(actor, selectIsPaletteOpen);
  const help = useSelector(actor, selectIsHelpOpen);
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
}
