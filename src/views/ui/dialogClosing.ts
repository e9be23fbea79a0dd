import type { KeyboardEvent, MouseEvent, SyntheticEvent } from 'react';

/**
 * The close handlers of a native modal <dialog> that holds a search field (the search drawer,
 * the command palette): the machine that shows it decides when it is gone.
 */
export function dialogClosing(close: () => void) {
  return {
    // A search field swallows Escape (it clears itself), so no cancel event would follow:
    // Escape anywhere in the dialog closes it.
    onKeyDown: (event: KeyboardEvent<HTMLDialogElement>) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close();
    },
    // Any other close request the browser makes: the machine closes it (a drawer slides out).
    onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
      event.preventDefault();
      close();
    },
    // A click on the backdrop lands on the dialog element itself.
    onClick: (event: MouseEvent<HTMLDialogElement>) => {
      if (event.target === event.currentTarget) close();
    },
  };
}
