import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { waitUntil } from '../../../tests/wait';
import { statusFavicon } from './tabIcon';
import { setPageTitle, showBuildInTab, tabStatusOf } from './tabStatus';

afterEach(() => document.head.querySelector('link[rel="icon"]')?.remove());

describe('the tab of a build page (issue 19 item 1)', () => {
  it('maps build statuses to running, passed, failed and blocked', () => {
    expect(tabStatusOf('pending')).toBe('running');
    expect(tabStatusOf('running')).toBe('running');
    expect(tabStatusOf('success')).toBe('passed');
    expect(tabStatusOf('failure')).toBe('failed');
    expect(tabStatusOf('killed')).toBe('failed');
    expect(tabStatusOf('error')).toBe('failed');
    expect(tabStatusOf('pending', true)).toBe('blocked');
    expect(tabStatusOf('blocked')).toBe('blocked');
  });

  it('shows the status as favicon and title prefix while the page runs, then restores both', async () => {
    const link = document.head.appendChild(document.createElement('link'));
    link.rel = 'icon';
    link.href = '/favicon.svg';
    setPageTitle('Build #7.1.1 - octocat/hello-world');
    const tab = createActor(showBuildInTab).start();
    tab.send({ type: 'tab.status', status: 'running' });
    expect(document.title).toBe('● Build #7.1.1 - octocat/hello-world');
    // The icons' code loads with the first status.
    await waitUntil(() => expect(link.getAttribute('href')).toBe(statusFavicon('running')));
    // The screen retitles itself (another step): the prefix stays in front.
    setPageTitle('Build #7.1.2 - octocat/hello-world');
    tab.send({ type: 'tab.status', status: 'passed' });
    expect(document.title).toBe('✓ Build #7.1.2 - octocat/hello-world');
    await waitUntil(() => expect(link.getAttribute('href')).toBe(statusFavicon('passed')));
    tab.stop();
    expect(document.title).toBe('Build #7.1.2 - octocat/hello-world');
    expect(link.getAttribute('href')).toBe('/favicon.svg');
  });

  it('writes invisible characters of any title as <U+XXXX> (issue 28 item 10)', () => {
    setPageTitle('Build #1 - a\u202Eb/\u200Bc');
    expect(document.title).toBe('Build #1 - a<U+202E>b/<U+200B>c');
  });

  it('draws each favicon as an SVG data URL, with no request', () => {
    const icons = (['running', 'passed', 'failed', 'blocked'] as const).map(statusFavicon);
    expect(new Set(icons).size).toBe(4);
    for (const icon of icons) expect(icon).toMatch(/^data:image\/svg\+xml,/);
  });
});
