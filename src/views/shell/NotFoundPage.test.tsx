import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { resetMockDb } from '../../../mock-server/node';
import { addUser, fakeRuntime } from '../../../mock-server/testkit';
import { config } from '../../config';
import { NotFoundPage } from './NotFoundPage';
import { useCurrentUser } from './session';
import { setupMockServer } from '../../../tests/mockServer';

setupMockServer();
beforeEach(() => {
  resetMockDb();
  fakeRuntime();
});
afterEach(() => {
  cleanup();
  config.token = '';
});

/** Shows who the session settled on, so a test can wait for it. */
function Who() {
  return <output>{useCurrentUser()?.login ?? 'nobody'}</output>;
}

function renderNotFound() {
  const location = memoryLocation({ path: '/no/such/page/here', record: true });
  return render(
    <>
      <Router hook={location.hook}>
        <NotFoundPage />
        <Who />
      </Router>
    </>,
  );
}

describe('not-found page (docs/spec.md 2.5)', () => {
  it('offers Sign In to a signed-out visitor', async () => {
    renderNotFound();
    expect(
      screen.getByRole('heading', {
        name: 'We are sorry, the resource you requested cannot be found.',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText("That's all we know.")).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      '/welcome',
    );
    await waitFor(() => expect(document.title).toBe('Not Found - Drone'));
  });

  it('offers nothing to a signed-in user, not even while the session loads', async () => {
    config.token = addUser('jane').token;
    renderNotFound();
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(await screen.findByText('jane')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
  });
});
