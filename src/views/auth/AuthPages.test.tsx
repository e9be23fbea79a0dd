import { switchLanguage } from '../../../tests/language';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNodeServer, resetMockDb } from '../../../mock-server/node';
import { addUser, fakeRuntime } from '../../../mock-server/testkit';
import { render } from '@testing-library/react';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { config } from '../../config';
import { LoginErrorPage } from './LoginErrorPage';
import { LoginFormPage } from './LoginFormPage';
import { LoginRedirectPage } from './LoginRedirectPage';
import { LogoutPage } from './LogoutPage';
import { RegisterPage } from './RegisterPage';
import { WelcomePage } from './WelcomePage';
import { useCurrentUser } from '../shell/session';
import { Toasts } from '../ui';

/** happy-dom's own controls (the test environment), to pretend another host. */
const happyDom = () => (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM;

/** Stands for every other page: who the session says is signed in. */
function SignedInAs() {
  const user = useCurrentUser();
  return <p>{user ? `signed in as ${user.login}` : 'elsewhere'}</p>;
}

/**
 * The app's providers around the auth routes of docs/spec.md 2.1 only (not tests/render's whole route
 * table), so these tests do not depend on every other screen.
 */
function renderApp(path: string) {
  const location = memoryLocation({ path, record: true });
  const result = render(
    <>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <Switch>
          <Route path="/welcome" component={WelcomePage} />
          <Route path="/register" component={RegisterPage} />
          <Route path="/login/form" component={LoginFormPage} />
          <Route path="/login/error" component={LoginErrorPage} />
          <Route path="/login" component={LoginRedirectPage} />
          <Route path="/logout" component={LogoutPage} />
          <Route>
            <SignedInAs />
          </Route>
        </Switch>
      </Router>
      <Toasts />
    </>,
  );
  return { ...result, location };
}

// The sign-in family of pages against the Node mock server (guests unless a test signs in).
// After a form post the client follows Drone's 303 to a console page, which the dev server
// (not the mock) would serve; the override stands in for it.
const server = createNodeServer(
  http.get('*/', () => HttpResponse.text('<!doctype html>')),
  http.get('*/register', () => HttpResponse.text('<!doctype html>')),
  http.get('*/login/error', () => HttpResponse.text('<!doctype html>')),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

beforeEach(() => {
  resetMockDb();
  fakeRuntime();
  config.token = '';
});

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  // msw keeps the session cookie in a process-wide jar; end any session a test started.
  await fetch('http://localhost/logout', { method: 'POST' });
});

describe('welcome page', () => {
  it('greets, names the provider and continues to /login', async () => {
    renderApp('/welcome');
    expect(screen.getByRole('heading', { name: 'Welcome to Drone' })).toBeInTheDocument();
    expect(
      screen.getByText(/redirected to your source control management system \(GitHub\)/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/login');
    await waitFor(() => expect(document.title).toBe('Welcome - Drone'));
  });
});

describe('login error page', () => {
  it('shows the default message without a query', async () => {
    renderApp('/login/error');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'An error occurred during login attempt, please, try again',
    );
    await waitFor(() => expect(document.title).toBe('Login Error - Drone'));
  });

  it('shows the message from the query string, as text', () => {
    renderApp('/login/error?message=%3Cb%3EAccount%20is%20not%20active%3C%2Fb%3E');
    expect(screen.getByRole('alert')).toHaveTextContent('<b>Account is not active</b>');
    expect(screen.getByRole('alert').querySelector('b')).toBeNull();
  });

  it('decodes the message once: percent signs in it stay as written', () => {
    renderApp('/login/error?message=%253Cscript%253E%20100%25');
    expect(screen.getByRole('alert')).toHaveTextContent('%3Cscript%3E 100%');
  });

  it('on the hosted cloud says registrations are closed, with two ways out', () => {
    const previous = window.location.href;
    happyDom().setURL('https://cloud.drone.io/login/error');
    try {
      renderApp('/login/error?message=whatever');
      const notice = screen.getByRole('alert');
      expect(notice).toHaveTextContent('cloud.drone.io is no longer accepting new registrations.');
      expect(notice).not.toHaveTextContent('whatever');
      expect(screen.getByRole('link', { name: 'install and host Drone yourself' })).toHaveAttribute(
        'href',
        'https://docs.drone.io/server/overview/',
      );
      expect(screen.getByRole('link', { name: /hosted CI offering/ })).toHaveAttribute(
        'href',
        expect.stringContaining('harness.io'),
      );
    } finally {
      happyDom().setURL(previous);
    }
  });
});

describe('sign-in form', () => {
  it('has the English title, required username and password, and Sign in', async () => {
    renderApp('/login/form');
    expect(
      screen.getByRole('heading', { name: 'Sign in using your GitHub credentials.' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveAttribute('type', 'submit');
    await waitFor(() => expect(document.title).toBe('Sign In - Drone'));
  });

  it('shows its title and fields in Chinese when Chinese is chosen', async () => {
    await switchLanguage('zh-CN');
    renderApp('/login/form');
    expect(screen.getByRole('heading', { name: '使用您的 GitHub 凭据登录。' })).toBeInTheDocument();
    expect(screen.getByLabelText('用户名')).toBeRequired();
    expect(screen.getByRole('button', { name: '登录' })).toHaveAttribute('type', 'submit');
  });

  it('signs in and lands on the dashboard route', async () => {
    addUser('member', { password: 'member' });
    const { location } = renderApp('/login/form');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'member');
    await user.type(screen.getByLabelText('Password'), 'member');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    // The session was reloaded with the new cookie.
    expect(await screen.findByText('signed in as member')).toBeInTheDocument();
  });

  it('follows a refusal to the login error page with the server message', async () => {
    addUser('member', { password: 'member' });
    const { location } = renderApp('/login/form');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'member');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location.history.at(-1)).toMatch(/^\/login\/error\?message=/));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
  });
});

describe('login redirect', () => {
  it('on the mock server opens the sign-in form in place', async () => {
    const { location } = renderApp('/login');
    await waitFor(() => expect(location.history.at(-1)).toBe('/login/form'));
    expect(
      await screen.findByRole('heading', { name: 'Sign in using your GitHub credentials.' }),
    ).toBeInTheDocument();
  });
});

describe('registration page', () => {
  it('has its title, fields and legal links', async () => {
    renderApp('/register');
    expect(
      screen.getByRole('heading', { name: 'Complete your Drone Registration.' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Your Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Your Email')).toBeRequired();
    expect(screen.getByLabelText('Your Full Name')).toBeRequired();
    expect(screen.getByLabelText('Company Name')).not.toBeRequired();
    for (const name of ['Privacy Policy', 'License', 'documentation']) {
      expect(screen.getByRole('link', { name })).toHaveAttribute(
        'href',
        expect.stringMatching(/^https:/),
      );
    }
    await waitFor(() => expect(document.title).toBe('Register - Drone'));
  });

  it('saves the email and goes home', async () => {
    const jane = addUser('jane', { email: '' });
    config.token = jane.token;
    const { location } = renderApp('/register');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Your Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Your Full Name'), 'Jane Doe');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    const saved = await (
      await fetch('http://localhost/api/user', {
        headers: { Authorization: `Bearer ${jane.token}` },
      })
    ).json();
    expect(saved.email).toBe('jane@example.com');
  });
});

describe('logout page', () => {
  it('ends the session and says so', async () => {
    renderApp('/logout');
    expect(
      await screen.findByRole('heading', {
        name: 'Your session has been successfully terminated.',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/welcome');
    await waitFor(() => expect(document.title).toBe('Logout - Drone'));
  });

  it('says why when the server could not end the session, and retries', async () => {
    server.use(
      http.post('*/logout', () => HttpResponse.json({ message: 'boom' }, { status: 500 }), {
        once: true,
      }),
    );
    renderApp('/logout');
    expect(await screen.findByRole('heading', { name: 'Signing out failed' })).toBeInTheDocument();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain('boom');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', {
        name: 'Your session has been successfully terminated.',
      }),
    ).toBeInTheDocument();
  });
});
