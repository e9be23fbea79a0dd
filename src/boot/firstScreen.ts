// Issue 18 (docs/issues.md): a build page's first log lines come before everything the page can
// show a moment later. Not a machine: a latch that opens once (a page is shown once), which code
// loaded `afterFirstScreen` waits on (./code.ts). The log's rows say when their first rows are
// painted (markFirstScreenShown, views/console/LogRows.tsx); until then the code of what is not
// needed for them waits: react-virtuoso (the first rows are painted without it), the build's
// controls, the notifications' bell and machine. A visit that
// does not open on a build page's log view goes on at once (./early.ts); a log view that shows
// no lines (a pending step, a failed call) after FALLBACK_MS.

/** How long what waits for the first lines waits at most, from the first thing that waits. */
const FALLBACK_MS = 1000;

let shown = false;
let fallback: ReturnType<typeof setTimeout> | undefined;
const waiting = new Set<() => void>();

/** The first screen is on screen: everything waiting for it goes on. */
export function markFirstScreenShown(): void {
  if (shown) return;
  shown = true;
  clearTimeout(fallback);
  for (const task of [...waiting]) task();
  waiting.clear();
}

/** Whether the first screen has been shown. */
export const isFirstScreenShown = (): boolean => shown;

/** Runs `task` once the first screen is shown (at once if it is); returns how to cancel it. */
export function whenFirstScreenShown(task: () => void): () => void {
  if (shown) {
    task();
    return () => undefined;
  }
  waiting.add(task);
  fallback ??= setTimeout(markFirstScreenShown, FALLBACK_MS);
  return () => waiting.delete(task);
}
