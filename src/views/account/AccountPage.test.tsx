import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { resetMockDb } from '../../../mock-server/node';
import { addUser, fakeRuntime } from '../../../mock-server/testkit';
import { config } from '../../config';
import { languageActor } from '../../machines/shell/language.machine';
import { AccountPage } from './AccountPage';
import { setupMockServer } from '../../../tests/mockServer';

// The account page against the Node mock server, signed in with a token header.
setupMockServer();
beforeEach(() => {
  resetMockDb();
  fakeRuntime();
});
afterEach(() => {
  cleanup();
  config.token = '';
});

function renderAccount() {
  const location = memoryLocation({ path: '/account', record: true });
  return render(
    <>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <AccountPage />
      </Router>
    </>,
  );
}

describe('account page', () => {
  it('shows the token with API and CLI examples, each copyable', async () => {
    const jane = addUser('jane');
    config.token = jane.token;
    renderAccount();
    expect(screen.getByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');

    const token = await screen.findByRole('region', { name: 'Your Personal Token' });
    expect(token).toHaveTextContent(jane.token);
    const api = screen.getByRole('region', { name: 'Example API Usage' });
    expect(api).toHaveTextContent(`curl -i ${window.location.origin}/api/user`);
    expect(api).toHaveTextContent(`-H "Authorization: Bearer ${jane.token}"`);
    const cli = screen.getByRole('region', { name: 'Example CLI Usage' });
    expect(cli).toHaveTextContent(`export DRONE_SERVER=${window.location.origin}`);
    expect(cli).toHaveTextContent(`export DRONE_TOKEN=${jane.token}`);
    expect(cli).toHaveTextContent('drone info');

    const user = userEvent.setup();
    await user.click(within(token).getByRole('button', { name: 'Copy token' }));
    expect(await within(token).findByText('Copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(jane.token);
    await waitFor(() => expect(document.title).toBe('Account - Drone'));
  });

  it('shows no snippets when the token call fails (only logged)', async () => {
    // A guest: POST /api/user/token answers 401.
    renderAccount();
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Token|Usage/ })).toBeNull();
    // Build notifications do not depend on the token (issue 19 item 1).
    expect(screen.getByRole('region', { name: 'Build notifications' })).toBeInTheDocument();
  });

  it('switches every text of the page to the language picked in its picker', async () => {
    const jane = addUser('jane');
    config.token = jane.token;
    renderAccount();
    await screen.findByRole('region', { name: 'Your Personal Token' });
    const user = userEvent.setup();
    try {
      await user.selectOptions(screen.getByLabelText('Language'), '简体中文');
      // The Chinese catalog is a dynamic import (src/i18n/languages.ts): the page switches once
      // it has loaded, which on a busy machine is after the pick returns.
      expect(await screen.findByRole('heading', { name: '账户设置' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: '退出登录' })).toBeInTheDocument();
      const token = screen.getByRole('region', { name: '您的个人令牌' });
      expect(within(token).getByRole('button', { name: '复制令牌' })).toHaveTextContent('复制');
      expect(screen.getByLabelText('语言')).toHaveValue('zh-CN');
      expect(document.documentElement.lang).toBe('zh-CN');
      await waitFor(() => expect(document.title).toBe('账户 - Drone'));
    } finally {
      languageActor().send({ type: 'language.followBrowser' });
    }
  });
});
