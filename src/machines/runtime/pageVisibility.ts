import { fromCallback } from 'xstate';

// The Page Visibility API as an actor, for machines whose streams should not keep working for a
// tab nobody looks at: `page.hidden` once the tab has stayed hidden for `hiddenAfterMs`, and
// `page.visible` when it is shown again (only after a `page.hidden`, so a quick look at another
// tab costs nothing).

export type PageVisibilityEvent = { type: 'page.hidden' } | { type: 'page.visible' };

export const watchPageVisibility = fromCallback<{ type: 'noop' }, { hiddenAfterMs: number }>(
  ({ sendBack, input }) => {
    if (typeof document === 'undefined') return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let reportedHidden = false;
    const hide = () => {
      timer = undefined;
      reportedHidden = true;
      sendBack({ type: 'page.hidden' } satisfies PageVisibilityEvent);
    };
    const update = () => {
      if (document.hidden) {
        if (timer === undefined && !reportedHidden) timer = setTimeout(hide, input.hiddenAfterMs);
        return;
      }
      clearTimeout(timer);
      timer = undefined;
      if (!reportedHidden) return;
      reportedHidden = false;
      sendBack({ type: 'page.visible' } satisfies PageVisibilityEvent);
    };
    document.addEventListener('visibilitychange', update);
    // A tab opened in the background starts hidden.
    update();
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', update);
    };
  },
);
