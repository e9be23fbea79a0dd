import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetMockDb } from '../../../mock-server/node';
import { addRepo, addUser, fakeRuntime, grant } from '../../../mock-server/testkit';
import { resetSearchActor } from '../../machines/palette/search.machine';
import { renderApp } from '../../../tests/render';
import { setupMockServer } from '../../../tests/mockServer';

setupMockServer();

beforeEach(() => {
  resetMockDb();
  const { clock } = fakeRuntime();
  const user = addUser('member', { password: 'member', synced: Math.floor(clock.now() / 1000) });
  for (const slug of ['octocat/hello-world', 'octocat/spoon-knife', 'drone/drone-ui']) {
    grant(user, addRepo(slug), 'read');
  }
});
afterEach(async () => {
  cleanup();
  resetSearchActor();
  await fetch(`${location.origin}/logout`, { method: 'POST', redirect: 'manual' });
});

async function openDrawer() {
  await fetch(`${location.origin}/login`, {
    method: 'POST',
    body: new URLSearchParams({ username: 'member', password: 'member' }),
    redirect: 'manual',
  });
  const app = renderApp('/');
  await userEvent.click(await screen.findByRole('button', { name: 'Search' }));
  const drawer = await screen.findByRole('dialog', { name: 'Search repositories' });
  return { app, drawer };
}

describe('search drawer', () => {
  it('lists matches under Search results, each linking to its repository', async () => {
    const { drawer } = await openDrawer();
    const input = within(drawer).getByRole('searchbox', { name: 'Search repositories' });
    expect(input).toHaveFocus();
    await userEvent.type(input, '  OCTO/spoon ');
    const results = await within(drawer).findByRole('region', { name: 'Search results' });
    const links = within(results).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', '/octocat/spoon-knife');
    expect(links[0]).toHaveTextContent('octocat/spoon-knife');
    expect(links[0]).toHaveTextContent('Found "OCTO/spoon" in Repositories');
  });

  it('matches a query without a slash anywhere in the slug', async () => {
    const { drawer } = await openDrawer();
    await userEvent.type(within(drawer).getByRole('searchbox'), 'o');
    const results = await within(drawer).findByRole('region', { name: 'Search results' });
    expect(within(results).getAllByRole('link')).toHaveLength(3);
  });

  it("says 'Repos not found' when nothing matches", async () => {
    const { drawer } = await openDrawer();
    await userEvent.type(within(drawer).getByRole('searchbox'), 'spoon/octo');
    expect(await within(drawer).findByText('Repos not found')).toBeInTheDocument();
    expect(within(drawer).queryByText('Search results')).not.toBeInTheDocument();
  });

  it('opens a result and slides out', async () => {
    const { drawer, app } = await openDrawer();
    await userEvent.type(within(drawer).getByRole('searchbox'), 'drone');
    await userEvent.click(await within(drawer).findByRole('link', { name: /drone\/drone-ui/ }));
    expect(app.location.history?.at(-1)).toBe('/drone/drone-ui');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens the first result on Enter', async () => {
    const { drawer, app } = await openDrawer();
    const input = within(drawer).getByRole('searchbox');
    await userEvent.type(input, 'octo');
    await within(drawer).findByRole('region', { name: 'Search results' });
    await userEvent.keyboard('{Enter}');
    expect(app.location.history?.at(-1)).toBe('/octocat/hello-world');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('does nothing on Enter without a result', async () => {
    const { drawer, app } = await openDrawer();
    await userEvent.type(within(drawer).getByRole('searchbox'), 'nothing-like-it{Enter}');
    expect(app.location.history?.at(-1)).toBe('/');
    expect(drawer).toHaveAttribute('data-state', 'open');
  });

  it('closes with the Close button after the slide-out', async () => {
    const { drawer } = await openDrawer();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    expect(drawer).toHaveAttribute('data-state', 'closing');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('slides out on Escape, even from the search field', async () => {
    const { drawer } = await openDrawer();
    await userEvent.type(within(drawer).getByRole('searchbox'), 'drone{Escape}');
    expect(drawer).toHaveAttribute('data-state', 'closing');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
