import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetMockDb } from '../../../mock-server/node';
import { addBuild, addRepo, addUser, fakeRuntime, grant } from '../../../mock-server/testkit';
import { renderApp } from '../../../tests/render';
import { fakeRepoEvents } from '../../../tests/fakeRepoEvents';
import { setupMockServer } from '../../../tests/mockServer';
import { waitUntil } from '../../../tests/wait';

// The dashboard against the Node mock server: every request is a real call to the mock's
// handlers, and the account signs in through its POST /login like a browser.
const repoEvents = fakeRepoEvents();
const server = setupMockServer({ handlers: [repoEvents.handler] });

let clock: ReturnType<typeof fakeRuntime>['clock'];
beforeEach(() => {
  resetMockDb();
  localStorage.clear();
  clock = fakeRuntime().clock;
});
afterEach(async () => {
  // Vitest runs without globals, so Testing Library cannot unmount on its own.
  cleanup();
  server.resetHandlers();
  vi.restoreAllMocks();
  await fetch(`${location.origin}/logout`, { method: 'POST', redirect: 'manual' });
});

/** A user who synced just now (so signing in starts no sync), signed in. */
async function signIn(login = 'member') {
  const user = addUser(login, { password: login, synced: Math.floor(clock.now() / 1000) });
  await fetch(`${location.origin}/login`, {
    method: 'POST',
    body: new URLSearchParams({ username: login, password: login }),
    redirect: 'manual',
  });
  return user;
}

type User = Awaited<ReturnType<typeof signIn>>;

function seed(user: User, slug: string, options: { active?: boolean; builds?: number[] } = {}) {
  const repo = addRepo(slug, { active: options.active ?? true });
  grant(user, repo, 'admin');
  for (const created of options.builds ?? []) {
    addBuild(repo, { created, message: `change in ${slug}` });
  }
  return repo;
}

const repoList = () => screen.findByRole('list', { name: 'Repositories' });
const slugsShown = async () =>
  within(await repoList())
    .getAllByRole('link')
    .map((link) => within(link).getByText(/\//, { selector: 'strong' }).textContent);

describe('dashboard', () => {
  it('lists repositories active first, then by newest build, then by slug', async () => {
    const user = await signIn();
    seed(user, 'acme/old', { builds: [100] });
    seed(user, 'acme/new', { builds: [200] });
    seed(user, 'acme/idle');
    seed(user, 'acme/off', { active: false });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(await slugsShown()).toEqual(['acme/new', 'acme/old', 'acme/idle', 'acme/off']);
    expect(screen.getByRole('combobox', { name: 'Sort repositories' })).toHaveValue(
      'Sort by Recent activity',
    );
    await waitFor(() => expect(document.title).toBe('Dashboard - Drone'));
  });

  it('links active repositories to their builds and inactive ones to their settings', async () => {
    const user = await signIn();
    seed(user, 'acme/on', { builds: [1] });
    seed(user, 'acme/off', { active: false });
    renderApp('/');
    const list = await repoList();
    expect(within(list).getByRole('link', { name: /acme\/on/ })).toHaveAttribute(
      'href',
      '/acme/on',
    );
    expect(within(list).getByRole('link', { name: /acme\/off/ })).toHaveAttribute(
      'href',
      '/acme/off/settings',
    );
  });

  it('shows up to 6 repositories with a build as recent activity', async () => {
    const user = await signIn();
    for (let i = 1; i <= 8; i++) seed(user, `acme/r${i}`, { builds: [i * 10] });
    seed(user, 'acme/never');
    renderApp('/');
    const recent = await screen.findByRole('region', { name: 'Recent Activity' });
    const cards = within(recent).getAllByRole('link');
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(
      ['r8', 'r7', 'r6', 'r5', 'r4', 'r3'].map((name) => `/acme/${name}`),
    );
    expect(within(cards[0]!).getByText('#1')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('change in acme/r8')).toBeInTheDocument();
  });

  it('sorts by name and remembers the choice', async () => {
    const user = await signIn();
    seed(user, 'acme/b', { builds: [10] });
    seed(user, 'acme/c', { builds: [20] });
    seed(user, 'acme/a');
    renderApp('/');
    expect(await slugsShown()).toEqual(['acme/c', 'acme/b', 'acme/a']);
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Sort repositories' }),
      'Sort by Name',
    );
    expect(await slugsShown()).toEqual(['acme/a', 'acme/b', 'acme/c']);
    expect(localStorage.getItem('home_sort_repos_by')).toBe('"Sort by Name"');
  });

  it('filters by a substring of the slug, by organization and by Active Only', async () => {
    const user = await signIn();
    seed(user, 'acme/web-app');
    seed(user, 'acme/api');
    seed(user, 'globex/webhooks', { active: false });
    renderApp('/');
    await repoList();

    await userEvent.type(screen.getByPlaceholderText('Filter …'), 'WEB');
    expect(await slugsShown()).toEqual(['acme/web-app', 'globex/webhooks']);
    await userEvent.clear(screen.getByPlaceholderText('Filter …'));

    const org = screen.getByRole('combobox', { name: 'Organization' });
    expect(
      within(org)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All Organizations', 'acme', 'globex']);
    await userEvent.selectOptions(org, 'globex');
    expect(await slugsShown()).toEqual(['globex/webhooks']);
    expect(localStorage.getItem('home_org_repos')).toBe('"globex"');

    await userEvent.selectOptions(org, 'All Organizations');
    await userEvent.click(screen.getByRole('switch', { name: 'Active Only' }));
    expect(await slugsShown()).toEqual(['acme/api', 'acme/web-app']);
    expect(localStorage.getItem('home_show_active_only_repos')).toBe('true');
  });

  it('opens with the stored preferences', async () => {
    localStorage.setItem('home_show_active_only_repos', 'true');
    localStorage.setItem('home_sort_repos_by', '"Sort by Name"');
    localStorage.setItem('home_org_repos', '"acme"');
    const user = await signIn();
    seed(user, 'acme/z', { builds: [50] });
    seed(user, 'acme/y', { active: false });
    seed(user, 'acme/x');
    seed(user, 'globex/a');
    renderApp('/');
    expect(await slugsShown()).toEqual(['acme/x', 'acme/z']);
    expect(screen.getByRole('switch', { name: 'Active Only' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Sort repositories' })).toHaveValue('Sort by Name');
    expect(screen.getByRole('combobox', { name: 'Organization' })).toHaveValue('acme');
  });

  it('shows the first 50 repositories, then more with Show more', async () => {
    const user = await signIn();
    for (let i = 0; i < 65; i++) seed(user, `acme/repo-${String(i).padStart(2, '0')}`);
    renderApp('/');
    expect(await slugsShown()).toHaveLength(50);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await slugsShown()).toHaveLength(65);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('shows the empty state when the user has no repositories', async () => {
    await signIn();
    renderApp('/');
    expect(await screen.findByText('Your Repository List is Empty.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Drone automatically syncs with your version control system to display your repositories.',
      ),
    ).toBeInTheDocument();
  });

  it('merges live repository events into the list', async () => {
    const user = await signIn();
    const repo = seed(user, 'acme/live', { builds: [10] });
    renderApp('/');
    const list = await repoList();
    expect(within(list).getByText('#1 change in acme/live')).toBeInTheDocument();
    await waitUntil(() => expect(repoEvents.connections()).toBe(1));
    repoEvents.emit({
      ...repo,
      build: { id: 999, number: 2, status: 'running', message: 'live push', created: 20 },
    });
    expect(await within(list).findByText('#2 live push')).toBeInTheDocument();
    expect(within(list).getByRole('img', { name: 'running' })).toBeInTheDocument();
  });

  it('shows Syncing with a spinner while the account syncs', async () => {
    await signIn();
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Sync' }));
    const button = await screen.findByRole('button', { name: 'Syncing' });
    expect(button).toBeDisabled();
  });

  it('shows the sync error toast when the sync cannot start', async () => {
    server.use(
      http.post(`${location.origin}/api/user/repos`, () =>
        HttpResponse.json({ message: 'boom' }, { status: 500 }),
      ),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await signIn();
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Sync' }));
    expect(
      await screen.findByText('Sync error has occurred, please, try again'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sync' })).toBeEnabled();
  });
});
