import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetMockDb } from '../../../mock-server/node';
import { addBuild, addRepo, addUser, fakeRuntime, grant } from '../../../mock-server/testkit';
import { setupMockServer } from '../../../tests/mockServer';
import { renderWithProviders } from '../../../tests/render';
import { resetAppActors } from '../../machines/app/appActors';
import { resetPaletteActor } from '../../machines/palette/palette.machine';
import { resetSearchActor } from '../../machines/palette/search.machine';
import { AppRoutes } from '../../routes';
import { CommandPalette } from './CommandPalette';

setupMockServer();

beforeEach(() => {
  resetMockDb();
  const { clock } = fakeRuntime();
  const synced = Math.floor(clock.now() / 1000);
  const member = addUser('member', { password: 'member', synced });
  const admin = addUser('admin', { password: 'admin', synced, admin: true });
  for (const slug of ['octocat/hello-world', 'octocat/spoon-knife']) {
    const repo = addRepo(slug);
    grant(member, repo, slug === 'octocat/spoon-knife' ? 'write' : 'read');
    grant(admin, repo, 'admin');
    if (slug === 'octocat/hello-world')
      addBuild(repo, { message: 'Fix the parser', created: synced });
  }
});
afterEach(async () => {
  cleanup();
  resetPaletteActor();
  resetSearchActor();
  await fetch(`${location.origin}/logout`, { method: 'POST', redirect: 'manual' });
});

async function signedIn(login: string, path = '/') {
  await fetch(`${location.origin}/login`, {
    method: 'POST',
    body: new URLSearchParams({ username: login, password: login }),
    redirect: 'manual',
  });
  const app = renderWithProviders(
    <>
      <AppRoutes />
      <CommandPalette />
    </>,
    path,
  );
  // The sidebar's Search button shows once the user is known.
  await screen.findByRole('button', { name: 'Search' });
  return app;
}

const palette = () => screen.findByRole('dialog', { name: 'Command palette' });

describe('command palette', () => {
  it('opens on Ctrl+K; Enter opens the first match', async () => {
    const app = await signedIn('member');
    await userEvent.keyboard('{Control>}k{/Control}');
    const dialog = await palette();
    const field = within(dialog).getByRole('searchbox');
    expect(field).toHaveFocus();
    await userEvent.type(field, 'spoon');
    await within(dialog).findByRole('link', { name: /octocat\/spoon-knife/ });
    await userEvent.keyboard('{Enter}');
    expect(app.location.history?.at(-1)).toBe('/octocat/spoon-knife');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes on Escape, even from the field with text in it', async () => {
    await signedIn('member');
    await userEvent.keyboard('{Control>}k{/Control}');
    const dialog = await palette();
    await userEvent.type(within(dialog).getByRole('searchbox'), 'octo{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("opens on '/', but not while typing in a field", async () => {
    await signedIn('member');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    const drawer = await screen.findByRole('dialog', { name: 'Search repositories' });
    await userEvent.type(within(drawer).getByRole('searchbox'), 'a/b');
    expect(within(drawer).getByRole('searchbox')).toHaveValue('a/b');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.keyboard('/');
    expect(await palette()).toBeInTheDocument();
  });

  it('finds a build by its number or title', async () => {
    const app = await signedIn('member');
    await userEvent.keyboard('/');
    const dialog = await palette();
    await userEvent.type(within(dialog).getByRole('searchbox'), 'parser');
    await within(dialog).findByRole('link', { name: /octocat\/hello-world #1/ });
    await userEvent.keyboard('{Enter}');
    expect(app.location.history?.at(-1)).toBe('/octocat/hello-world/1');
  });

  it('runs a command on Enter', async () => {
    const app = await signedIn('member');
    await userEvent.keyboard('/');
    const dialog = await palette();
    await userEvent.type(within(dialog).getByRole('searchbox'), 'account{Enter}');
    expect(app.location.history?.at(-1)).toBe('/account');
  });

  it('offers the admin page to administrators only', async () => {
    await signedIn('member');
    await userEvent.keyboard('/');
    expect(within(await palette()).queryByText('Go to admin')).not.toBeInTheDocument();
    // Another visit: the app's actors (the session, the palette) start afresh.
    cleanup();
    resetAppActors();
    await signedIn('admin');
    await userEvent.keyboard('/');
    expect(within(await palette()).getByText('Go to admin')).toBeInTheDocument();
  });

  it('offers New build on a repository page to its writers, and opens its dialog', async () => {
    await signedIn('member', '/octocat/spoon-knife');
    await screen.findByRole('button', { name: 'New Build' });
    await userEvent.keyboard('/');
    const dialog = await palette();
    await userEvent.type(within(dialog).getByRole('searchbox'), 'new build');
    await userEvent.click(
      within(dialog).getByRole('button', { name: /New build on octocat\/spoon-knife/ }),
    );
    expect(await screen.findByRole('dialog', { name: 'New Build' })).toBeInTheDocument();
  });

  it('does not offer New build to readers', async () => {
    await signedIn('member', '/octocat/hello-world');
    await screen.findByRole('heading', { name: /hello-world/ });
    await userEvent.keyboard('/');
    await userEvent.type(within(await palette()).getByRole('searchbox'), 'new build');
    expect(screen.queryByText(/New build on/)).not.toBeInTheDocument();
  });

  it('moves between the matches with the arrow keys; Enter opens the one reached', async () => {
    const app = await signedIn('member');
    await userEvent.keyboard('/');
    const dialog = await palette();
    const field = within(dialog).getByRole('searchbox');
    const build = await within(dialog).findByRole('link', { name: /octocat\/hello-world #1/ });
    const dashboard = within(dialog).getByRole('link', { name: /Go to dashboard/ });
    const feed = within(dialog).getByRole('link', { name: /Go to builds feed/ });
    await userEvent.keyboard('{ArrowDown}');
    expect(build).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(feed).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(dashboard).toHaveFocus();
    // Up from the first goes back to the field, where typing goes on.
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(field).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    expect(app.location.history?.at(-1)).toBe('/builds-feed');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("lists every shortcut on '?'", async () => {
    await signedIn('member');
    await userEvent.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const keys of ['Ctrl+K / ⌘K', 'g g', 'G', 'j / ↓', 'f', 't']) {
      expect(within(help).getByText(keys)).toBeInTheDocument();
    }
  });
});
