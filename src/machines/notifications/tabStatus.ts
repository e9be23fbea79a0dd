import { fromCallback } from 'xstate';
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

const COLOURS: Record<TabStatus, string> = {
  running: '#d29922',
  passed: '#2ea043',
  failed: '#da3633',
  blocked: '#8250df',
};

const GLYPHS: Record<TabStatus, string> = {
  running: '<circle cx="16" cy="16" r="5" fill="#fff"/>',
  passed: '<path d="M9 16.5l4.5 4.5L23 11.5" stroke="#fff" stroke-width="3.5" fill="none"/>',
  failed: '<path d="M10.5 10.5l11 11M21.5 10.5l-11 11" stroke="#fff" stroke-width="3.5"/>',
  blocked: '<path d="M12.5 10v12M19.5 10v12" stroke="#fff" stroke-width="3.5"/>',
};

/** The tab's status for a build's: blocked while a stage waits for approval. */
export function tabStatusOf(status: Status, blocked = false): TabStatus {
  if (blocked || status === 'blocked') return 'blocked';
  if (!isDone(status)) return 'running';
  return status === 'success' || status === 'skipped' ? 'passed' : 'failed';
}

/** A favicon (an SVG data URL: no request) for a tab status or a build status. */
export function statusFavicon(status: TabStatus | Status): string {
  const kind = status in COLOURS ? (status as TabStatus) : tabStatusOf(status as Status);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">` +
    `<circle cx="16" cy="16" r="15" fill="${COLOURS[kind]}"/>${GLYPHS[kind]}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

let pageTitle = typeof document === 'undefined' ? '' : document.title;
let prefix = '';
let defaultIcon: string | null = null;

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
  if (status) link.setAttribute('href', statusFavicon(status));
  else if (defaultIcon !== null) link.setAttribute('href', defaultIcon);
}

/** Invoked by the build page: shows each status it is sent, and clears the tab when it stops. */
export const showBuildInTab = fromCallback<{ type: 'tab.status'; status: TabStatus }>(
  ({ receive }) => {
    receive(({ status }) => showTabStatus(status));
    return () => showTabStatus(null);
  },
);
