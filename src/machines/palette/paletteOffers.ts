import { fromCallback } from 'xstate';

// Commands a page offers the command palette while it is shown (New build on a repository
// page). Kept apart from the palette (palette.machine.ts): a page offers its command without
// loading the palette's code or starting its actor, which wait for the first palette key
// (issue 18, docs/issues.md). The palette reads the offers when it starts and follows them.

/** The commands' names, as keys of the view's catalog (shell.palette.commands). */
export type CommandName = 'dashboard' | 'feed' | 'account' | 'admin' | 'theme' | 'newBuild';

/** A command a page offers while it is shown; the palette runs it by id. */
export interface OfferedCommand {
  id: string;
  name: CommandName;
  values?: Record<string, string>;
}

interface Offer {
  command: OfferedCommand;
  run: () => void;
}

const offers = new Map<string, Offer>();
const watchers = new Set<(offered: OfferedCommand[]) => void>();

/** What the shown pages offer now, in the order they offered it. */
export function offeredCommands(): OfferedCommand[] {
  return [...offers.values()].map(({ command }) => command);
}

function changed(): void {
  const offered = offeredCommands();
  for (const watcher of watchers) watcher(offered);
}

/**
 * For a page's machine: invoke this with the command while the page may run it. The palette
 * lists it until the invoking state is left; choosing it sends `event` back to the machine.
 */
export const offerCommand = fromCallback<
  { type: 'noop' },
  { command: OfferedCommand; event: { type: string } }
>(({ input, sendBack }) => {
  const offer: Offer = { command: input.command, run: () => sendBack(input.event) };
  // A later offer of the same id replaces this one (it goes to the end of the list).
  offers.delete(input.command.id);
  offers.set(input.command.id, offer);
  changed();
  return () => {
    if (offers.get(input.command.id) !== offer) return;
    offers.delete(input.command.id);
    changed();
  };
});

/** Runs the offered command with this id; one withdrawn meanwhile does nothing. */
export function runOfferedCommand(id: string): void {
  offers.get(id)?.run();
}

/** For the palette: `palette.offers` with the whole list at each change. */
export const watchOffers = fromCallback<{ type: 'noop' }>(({ sendBack }) => {
  const watcher = (offered: OfferedCommand[]) => sendBack({ type: 'palette.offers', offered });
  watchers.add(watcher);
  return () => watchers.delete(watcher);
});
