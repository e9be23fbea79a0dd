import type { Status } from '../../api/types';
import { tabStatusOf, type TabStatus } from './tabStatus';

// The tab's favicon for a status (tabStatus.ts), loaded with the first status a page shows.

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

/** A favicon (an SVG data URL: no request) for a tab status or a build status. */
export function statusFavicon(status: TabStatus | Status): string {
  const kind = status in COLOURS ? (status as TabStatus) : tabStatusOf(status as Status);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">` +
    `<circle cx="16" cy="16" r="15" fill="${COLOURS[kind]}"/>${GLYPHS[kind]}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
