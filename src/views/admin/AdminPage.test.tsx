import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetMockDb } from '../../../mock-server/node';
import type { UserRow } from '../../../mock-server/serialize';
import { addUser } from '../../../mock-server/testkit';
import { renderWithProviders } from '../../../tests/render';
import type { User } from '../../api/types';
import { config } from '../../config';
import { AdminPage } from './AdminPage';
import { setupMockServer } from '../../../tests/mockServer';

// docs/spec.md 2.13 user administration against the Node mock server, signed in as an administrator.

const server = setupMockServer();

const NOW = Math.floor(Date.now() / 1000);
let admin: UserRow;

beforeEach(() => {
  resetMockDb();
  admin = addUser('root', { admin: true, last_login: NOW - 60, created: NOW - 86400 });
  config.token = admin.token;
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  config.token = '';
});

function generatedUsers(count: number): User[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    login: index === 0 ? 'root' : `user${String(index).padStart(4, '0')}`,
    email: `user${index}@example.com`,
    machine: index % 10 === 0,
    admin: index === 0,
    active: true,
    avatar: '',
    syncing: false,
    synced: 0,
    created: NOW - index * 60,
    updated: 0,
    last_login: index % 3 === 0 ? 0 : NOW - index,
  }));
}

/** The row of a login, as its cells' texts. */
async function rowOf(login: string) {
  const cell = await screen.findByText(login, { selector: 'td' });
  return within(cell.closest('tr')!);
}

describe('the users list', () => {
  it("shows the labels, no edit on the admin's own row and a blank last login when 0", async () => {
    addUser('ghost', { active: false, last_login: 0, created: NOW - 7 * 86400 });
    addUser('robot', { machine: true, last_login: 0 });
    addUser('alice', { admin: false, last_login: NOW - 3600 });
    renderWithProviders(<AdminPage />, '/settings/users');

    expect(screen.getByRole('heading', { name: 'System Administration' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Users' })).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();

    const root = await rowOf('root');
    expect(root.getByText('Active')).toBeInTheDocument();
    expect(root.getByText('User')).toBeInTheDocument();
    expect(root.getByText('Admin')).toBeInTheDocument();
    expect(root.getByText(/^\d minutes? ago$/)).toBeInTheDocument();
    // The signed-in administrator cannot edit their own row (docs/spec.md 6); the session loads first.
    await waitFor(() => expect(root.queryByRole('button', { name: /edit/i })).toBeNull());

    const ghost = await rowOf('ghost');
    expect(ghost.getByText('Inactive')).toBeInTheDocument();
    expect(ghost.getByText('Member')).toBeInTheDocument();
    expect(ghost.getByText('last week')).toBeInTheDocument();
    const ghostCells = ghost.getAllByRole('cell');
    expect(ghostCells[6]).toHaveTextContent(/^$/);
    expect(ghost.getByRole('button', { name: 'Edit ghost' })).toBeInTheDocument();

    const robot = await rowOf('robot');
    expect(robot.getByText('Machine')).toBeInTheDocument();
    const alice = await rowOf('alice');
    expect(alice.getByText(/^(1 hour|\d+ minutes) ago$/)).toBeInTheDocument();
  });

  it("renders the first 1000 of 2,500 users, then more with 'Show More'", async () => {
    // Generated users straight from the endpoint: 2,500 database rows would only slow the test.
    server.use(http.get('*/api/users', () => HttpResponse.json(generatedUsers(2500))));
    const { container } = renderWithProviders(<AdminPage />, '/settings/users');
    // Plain DOM queries: role queries over thousands of cells are slow in happy-dom.
    const rows = () => container.querySelectorAll('[data-testid="user-row"]').length;
    const more = await screen.findByText('Show More', { selector: 'button' });
    expect(rows()).toBe(1000);
    fireEvent.click(more);
    expect(rows()).toBe(2000);
    fireEvent.click(screen.getByText('Show More', { selector: 'button' }));
    expect(rows()).toBe(2500);
    expect(screen.queryByText('Show More', { selector: 'button' })).toBeNull();
  });

  it('has no Show More with 1000 users or fewer', async () => {
    server.use(http.get('*/api/users', () => HttpResponse.json(generatedUsers(1000))));
    const { container } = renderWithProviders(<AdminPage />, '/settings/users');
    await screen.findByText('user0999', { selector: 'td' });
    expect(container.querySelectorAll('[data-testid="user-row"]')).toHaveLength(1000);
    expect(screen.queryByText('Show More', { selector: 'button' })).toBeNull();
  });
});

describe('creating and editing users', () => {
  it('offers New User only once the list has loaded, so no click is dropped', async () => {
    // The machine opens the form from its loaded state only; a real Drone's slow /api/users left
    // an enabled button whose click did nothing (found by the real-Drone walk).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('*/api/users', async () => {
        await held;
        return HttpResponse.json(generatedUsers(2));
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<AdminPage />, '/settings/users');
    const newUser = screen.getByRole('button', { name: 'New User' });
    expect(newUser).toBeDisabled();
    release();
    await waitFor(() => expect(newUser).toBeEnabled());
    await user.click(newUser);
    expect(screen.getByRole('dialog', { name: 'New User' })).toBeInTheDocument();
  });

  it("creates a machine user and shows its token once; Drone's validation reaches a toast", async () => {
    const user = userEvent.setup();
    renderWithProviders(<AdminPage />, '/settings/users');
    await rowOf('root');

    await user.click(screen.getByRole('button', { name: 'New User' }));
    const dialog = within(screen.getByRole('dialog', { name: 'New User' }));
    await user.type(dialog.getByLabelText('Login'), 'bad login');
    await user.type(dialog.getByLabelText('Email'), 'bad@example.com');
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    expect(
      await screen.findByText('Unable to create new user: Invalid character in username'),
    ).toBeInTheDocument();

    await user.clear(dialog.getByLabelText('Login'));
    await user.type(dialog.getByLabelText('Login'), '  deployer  ');
    await user.click(dialog.getByLabelText('Machine User'));
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('New user has been created successfully')).toBeInTheDocument();
    const token = await screen.findByTestId('machine-token');
    expect(token.textContent).toMatch(/^\w{32}$/);
    await user.click(screen.getByText('Close', { selector: 'button' }));
    expect(screen.queryByTestId('machine-token')).not.toBeInTheDocument();
    expect((await rowOf('deployer')).getByText('Machine')).toBeInTheDocument();
  });

  it('refuses a login no URL can reach in the create form, before any request (issue 29 item 4)', async () => {
    const posts: string[] = [];
    server.use(
      http.post('*', ({ request }) => {
        posts.push(new URL(request.url).pathname);
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<AdminPage />, '/settings/users');
    await rowOf('root');
    await user.click(screen.getByRole('button', { name: 'New User' }));
    const dialog = within(screen.getByRole('dialog', { name: 'New User' }));
    // The API trims the login, so this one would be `..`.
    await user.type(dialog.getByLabelText('Login'), ' .. ');
    await user.type(dialog.getByLabelText('Email'), 'dots@example.com');
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'The name “..” cannot be sent to the server: a URL cannot hold “.”, “..” or “/” as a name',
    );
    expect(posts).toEqual([]);
  });

  it('makes a user admin, then deletes them after the confirm', async () => {
    addUser('alice');
    const user = userEvent.setup();
    renderWithProviders(<AdminPage />, '/settings/users');
    await user.click(await screen.findByRole('button', { name: 'Edit alice' }));
    const dialog = within(screen.getByRole('dialog', { name: 'alice' }));
    expect(dialog.getByLabelText('Machine User')).toBeDisabled();
    await user.click(dialog.getByLabelText('Admin User'));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User settings have been updated')).toBeInTheDocument();
    expect((await rowOf('alice')).getByText('Admin')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit alice' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByText('Are you sure you want to delete this user?')).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('dialog', { name: 'Please confirm' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('User has been deleted successfully')).toBeInTheDocument();
    expect(screen.queryByText('alice', { selector: 'td' })).not.toBeInTheDocument();
  });
});
