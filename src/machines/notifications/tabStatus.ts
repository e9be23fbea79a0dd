import { fromCallback } from 'xstate';
import { code } from '../../boot/code';
import { isDone, type Status } from '../../api/types';
import { showInvisibles } from '../../text/invisibles';

// The browser tab of a build page shows the build's status (issue 19 item 1): a favicon and a
// prefix of the page title, so a build can be watched from another tab. The page title itself
// is the screen's (docs/spec.md 2.1); `setPageTitle` keeps the prefix in front of it.

export type TabStatus = 'running' | 'passed' | 'failed' | 'blocked';

export const TAB_PREFIXES: Record<TabStatus, string> = {
  running: '● ',
  passed: '✓ ',
  failed: '✗ ',
  blocked: '⏸ ',
};

/** The tab's status for a build's: blocked while a stage waits for approval. */
export function tabStatusOf(status: Status, blocked = false): TabStatus {
  if (blocked || status === 'blocked') return 'blocked';
  if (!isDone(status)) return 'running';
  return status === 'success' || status === 'skipped' ? 'passed' : 'failed';
}

let pageTitle = typeof document === 'undefined' ? '' : document.title;
let prefix = '';
let defaultIcon: string | null = null;
let shown: TabStatus | null = null;
const tabIconCode = code(() => import('./tabIcon'), { afterFirstScreen: true });

/** The screen's title, after the tab's status prefix if a build page shows one. */
export function setPageTitle(title: string): void {
  // The tab is plain text: whatever a page puts there, no character in it hides (issue 28 item 10).
  pageTitle = showInvisibles(title);
  document.title = `${prefix}${pageTitle}`;
}

function iconLink(): HTMLLinkElement | null {
  return document.querySelector<HTMLLinkElement>('link[rel="icon"]');
}

/** Shows a build's status in the tab, or (null) gives the tab back its usual icon and title. */
export function showTabStatus(status: TabStatus | null): void {
  prefix = status ? TAB_PREFIXES[status] : '';
  document.title = `${prefix}${pageTitle}`;
  const link = iconLink();
  if (!link) return;
  defaultIcon ??= link.getAttribute('href');
  shown = status;
  if (!status) {
    if (defaultIcon !== null) link.setAttribute('href', defaultIcon);
    return;
  }
  // The icons' code comes with the first status, after a build page's first lines (it does not
  // compete with them); the latest status wins.
  void tabIconCode().then(({ statusFavicon }) => {
    if (shown === status) link.setAttribute('href', statusFavicon(status));
  });
}

/** Invoked by the build page: shows each status it is sent, and clears the tab when it stops. */
export const showBuildInTab = fromCallback<{ type: 'tab.status'; status: TabStatus }>(
  ({ receive }) => {
    receive(({ status }) => showTabStatus(status));
    return () => showTabStatus(null);
  },
);
