import { fromCallback } from 'xstate';
import { LogLines } from '../../logs';
import type { TimestampMode } from '../../logs/clock';
import { emptyGroupScan, scanGroups, type GroupScan } from '../../logs/groups';
import { runInSlices, yieldToBrowser, type Schedule } from '../../logs/slices';

// Helpers of the log viewer machine: its remembered preferences, the group finder and the
// location-hash listener (its actors).

export interface LogPreferences {
  wrap: boolean;
  timestamps: TimestampMode;
}

export const LOG_PREFERENCES_KEY = 'drone-console:log-view';
export const DEFAULT_LOG_PREFERENCES: LogPreferences = { wrap: true, timestamps: 'elapsed' };

export const browserStorage = () =>
  typeof localStorage === 'undefined' ? undefined : localStorage;

export function readLogPreferences(storage: Storage | undefined): LogPreferences {
  try {
    const stored = JSON.parse(storage?.getItem(LOG_PREFERENCES_KEY) ?? 'null') as Partial<
      Record<keyof LogPreferences, unknown>
    > | null;
    return {
      wrap: typeof stored?.wrap === 'boolean' ? stored.wrap : DEFAULT_LOG_PREFERENCES.wrap,
      timestamps: stored?.timestamps === 'clock' ? 'clock' : 'elapsed',
    };
  } catch {
    return DEFAULT_LOG_PREFERENCES;
  }
}

export function writeLogPreferences(storage: Storage | undefined, prefs: LogPreferences): void {
  try {
    storage?.setItem(LOG_PREFERENCES_KEY, JSON.stringify(prefs));
  } catch {
    // Storage full or disabled (private mode): the preference lasts for this visit only.
  }
}

/** Lines scanned for groups at once when lines arrive, so a short log never renders unfolded. */
export const GROUPS_AT_ONCE = 5000;
const GROUPS_PER_UNIT = 2048;

/** Continues a group scan over at most `limit` more lines, synchronously. */
export const scanGroupsUpTo = (lines: LogLines, scan: GroupScan, limit: number) =>
  scanGroups(lines, scan, Math.min(lines.length, scan.next + limit));

export interface GroupsProgressEvent {
  type: 'groups.progress';
  /** The lines the scan ran over: progress on other lines (an earlier step) is dropped. */
  lines: LogLines;
  scan: GroupScan;
}

/** Finds groups in the lines not scanned yet, in time slices. */
export function createFindGroups(schedule: Schedule = yieldToBrowser) {
  return fromCallback<{ type: 'noop' }, { lines: LogLines; scan: GroupScan }>(
    ({ sendBack, input }) => {
      const { lines } = input;
      let scan = input.scan;
      return runInSlices((shouldYield) => {
        do scan = scanGroupsUpTo(lines, scan, GROUPS_PER_UNIT);
        while (scan.next < lines.length && !shouldYield());
        sendBack({ type: 'groups.progress', lines, scan } satisfies GroupsProgressEvent);
        return scan.next >= lines.length;
      }, schedule);
    },
  );
}

export { emptyGroupScan };

/** The address bar's hash ('' outside a browser). */
export const currentHash = (): string =>
  typeof window === 'undefined' ? '' : window.location.hash;

/** The location hash, now and whenever it changes (a `#L12` permalink). */
export const listenHash = fromCallback<{ type: 'noop' }>(({ sendBack }) => {
  if (typeof window === 'undefined') return undefined;
  const send = () => sendBack({ type: 'permalink.changed', hash: currentHash() });
  send();
  window.addEventListener('hashchange', send);
  return () => window.removeEventListener('hashchange', send);
});

/** Writes the selected lines to the address bar without a history entry or a hashchange. */
export function replaceHash(hash: string): void {
  if (typeof window === 'undefined') return;
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}${hash}`);
}
