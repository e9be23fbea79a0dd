import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serializeRepo } from '../../../mock-server/serialize';
import type { Repository } from '../../api/types';
import { setupSettingsWorld } from '../../../tests/drivers/settingsWorld';
import { timeoutLabel } from './timeouts';

// The General screen against the Node mock server (docs/spec.md 2.12, 4.6, 6).

const { world, renderSettings } = setupSettingsWorld();

describe('timeout labels (docs/spec.md 9)', () => {
  it('reads minutes up to 90 and hours above', () => {
    expect(timeoutLabel(15)).toBe('15 minutes');
    expect(timeoutLabel(90)).toBe('90 minutes');
    expect(timeoutLabel(120)).toBe('2 hours');
    expect(timeoutLabel(4320)).toBe('72 hours');
  });
});

describe('general settings', () => {
  it('shows Trusted and the auto-cancel switches to system administrators only', async () => {
    renderSettings(world.writer, '', {
      ...serializeRepo(world.row),
      permissions: { read: true, write: true, admin: true },
    });
    expect(await screen.findByRole('switch', { name: /Protected/ })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: /Trusted/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: /Auto cancel/ })).not.toBeInTheDocument();
  });

  it('locks auto cancel running while both other auto-cancel switches are off', async () => {
    const user = userEvent.setup();
    renderSettings(world.admin, '');
    // The switches appear once the session knows the user is a system administrator.
    const running = await screen.findByRole('switch', { name: /Auto cancel running/ });
    expect(running).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: /Auto cancel pushes/ }));
    expect(running).toBeEnabled();
    await user.click(running);
    expect(running).toBeChecked();
    await user.click(screen.getByRole('switch', { name: /Auto cancel pushes/ }));
    expect(running).not.toBeChecked();
    expect(running).toBeDisabled();
  });

  it('offers no Auto cancel running where the server keeps no such field', async () => {
    // Drone v1.10.1 and v2.0.4 answer a repository without auto_cancel_running.
    const { auto_cancel_running: _absent, ...older } = serializeRepo(world.row);
    renderSettings(world.admin, '', older);
    expect(await screen.findByRole('switch', { name: /Auto cancel pushes/ })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: /Auto cancel running/ })).not.toBeInTheDocument();
  });

  it('saves the whole form and hands the saved repository to the page', async () => {
    const user = userEvent.setup();
    const { onRepoChanged } = renderSettings(world.admin, '');
    await screen.findByRole('switch', { name: /Trusted/ });
    await user.click(screen.getByRole('radio', { name: /Internal/ }));
    await user.selectOptions(screen.getByLabelText('Timeout'), '2 hours');
    await user.clear(screen.getByLabelText('Configuration'));
    await user.type(screen.getByLabelText('Configuration'), '.drone.star');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Changes have been saved'));
    await waitFor(() => expect(onRepoChanged).toHaveBeenCalled());
    const saved = onRepoChanged.mock.calls[0]![0] as Repository;
    expect(saved).toMatchObject({
      visibility: 'internal',
      timeout: 120,
      config_path: '.drone.star',
    });
  });

  it('disables after the confirm and shows the inactive repository', async () => {
    const user = userEvent.setup();
    const { onRepoChanged } = renderSettings(world.admin, '');
    await user.click(await screen.findByRole('button', { name: 'Disable' }));
    expect(screen.getByText('Are you sure you want to disable this repo?')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Disable' }).at(-1)!);
    expect(await screen.findByText('This Repository is not Active.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activate Repository' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Settings' })).not.toBeInTheDocument();
    expect(onRepoChanged.mock.calls.at(-1)![0]).toMatchObject({ active: false });
  });
});

describe('a settings list', () => {
  it("offers 'New Secret' only once the list has loaded, so a click is never dropped", async () => {
    renderSettings(world.admin, 'secrets');
    expect(screen.getByRole('button', { name: 'New Secret' })).toBeDisabled();
    expect(await screen.findByText('No Secrets')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Secret' })).toBeEnabled();
  });
});
