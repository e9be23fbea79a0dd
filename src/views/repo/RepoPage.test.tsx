import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetMockDb } from '../../../mock-server/node';
import type { RepoRow, UserRow } from '../../../mock-server/serialize';
import { addBuild, addRepo, addUser, fakeRuntime, grant } from '../../../mock-server/testkit';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { config } from '../../config';
import { NotFoundPage } from '../shell/NotFoundPage';
import { Toasts } from '../ui';
import { repoPattern, repoSettingsPattern } from './params';
import { RepoPage } from './RepoPage';
import { setupMockServer } from '../../../tests/mockServer';

// The repository pages against the Node mock server: a signed-in user (token header), rows
// seeded per test; live updates are covered by the machine tests and the end-to-end spec.
setupMockServer();

let requests: ReturnType<typeof fakeRuntime>['requests'];
let writer: UserRow;
let reader: UserRow;
let repo: RepoRow;
const T0 = Math.floor(Date.now() / 1000) - 3600;

beforeEach(() => {
  resetMockDb();
  requests = fakeRuntime().requests;
  writer = addUser('jane');
  reader = addUser('rita');
  // Drone starts a build as the repository's owner (the user who activated it).
  repo = addRepo('octocat/hello-world', { user_id: writer.id });
  grant(writer, repo, 'write');
  grant(reader, repo, 'read');
  // Builds 1-3 ran 1, 2 and 3 minutes; build 3 failed.
  for (const minutes of [1, 2, 3]) {
    addBuild(repo, {
      status: minutes === 3 ? 'failure' : 'success',
      message: `Change number ${minutes}`,
      author_login: 'jane',
      after: `${minutes}`.repeat(40),
      created: T0 + minutes * 600,
      started: T0 + minutes * 600,
      finished: T0 + minutes * 600 + minutes * 60,
    });
  }
});

afterEach(() => {
  // Vitest runs without globals, so Testing Library cannot unmount on its own.
  cleanup();
  config.token = '';
});

/**
 * The app's providers with the repository routes of docs/spec.md 2.1 only (tests/render.tsx mounts every
 * screen, so one screen's unfinished file would fail these tests too).
 */
function renderApp(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <Switch>
          <Route path="/404" component={NotFoundPage} />
          <Route path={repoPattern()} component={RepoPage} />
          <Route path={repoPattern('/branches')} component={RepoPage} />
          <Route path={repoPattern('/deployments')} component={RepoPage} />
          <Route path={repoSettingsPattern} component={RepoPage} />
          <Route>build page</Route>
        </Switch>
      </Router>
      <Toasts />
    </>,
  );
  return { location };
}

const signInAs = (user: UserRow) => {
  config.token = user.token;
};

describe('repository builds tab', () => {
  it('shows the header, summary, chart and executions', async () => {
    signInAs(writer);
    renderApp('/octocat/hello-world');
    const rows = await screen.findAllByTestId('execution');
    expect(rows.map((row) => row.dataset.number)).toEqual(['3', '2', '1']);
    expect(within(rows[0]!).getByText('Change number 3')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('jane pushed 33333333 to main')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Repositories' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('heading', { level: 1, name: 'hello-world' })).toBeInTheDocument();
    expect(screen.getByTestId('summary-total')).toHaveTextContent('3');
    expect(screen.getByTestId('summary-median')).toHaveTextContent('2min');
    const bars = screen.getAllByTestId('chart-bar');
    expect(bars).toHaveLength(3);
    expect(bars[2]).toHaveAttribute('href', '/octocat/hello-world/3');
    expect(bars[2]).toHaveAttribute('aria-label', 'Build #3, failure, 3m 00s');
    const tabs = screen.getByRole('navigation', { name: 'Repository' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((tab) => tab.textContent),
    ).toEqual(['Builds', 'Branches', 'Pull Requests', 'Deployments', 'Insights', 'Settings']);
    await waitFor(() => expect(document.title).toBe('octocat/hello-world - Drone'));
  });

  it('shows beside each activity line the avatar of the person it names (issue 29 item 9)', async () => {
    const jane = 'https://avatars.example.com/jane.png';
    const copied = { author_login: 'jane', author_avatar: jane, sender: 'jane', parent: 2 };
    addBuild(repo, { ...copied, event: 'promote', trigger: 'member', deploy_to: 'prod' });
    addBuild(repo, { ...copied, event: 'custom', trigger: 'admin' });
    addBuild(repo, { ...copied, event: 'push' });
    signInAs(writer);
    renderApp('/octocat/hello-world');
    const rows = await screen.findAllByTestId('execution');
    const avatar = (number: string) =>
      within(rows.find((row) => row.dataset.number === number)!).getByTestId('avatar');
    // The promote names 'member', the custom build 'admin': their initials, not jane's picture.
    expect(within(avatar('4')).getByRole('img', { name: 'member' })).toHaveTextContent('M');
    expect(avatar('4').querySelector('img')).toBeNull();
    expect(within(avatar('5')).getByRole('img', { name: 'admin' })).toHaveTextContent('A');
    // The push names its author, whose picture Drone has.
    expect(within(avatar('6')).getByRole('img', { name: 'jane' })).toHaveAttribute('src', jane);
  });

  it("pages the list with 'Show more' until a page comes back short", async () => {
    signInAs(writer);
    for (let index = 0; index < 52; index += 1) addBuild(repo, { created: T0 + 5000 + index });
    const user = userEvent.setup();
    renderApp('/octocat/hello-world');
    await waitFor(() => expect(screen.getAllByTestId('execution')).toHaveLength(50));
    // The chart shows the latest 50 builds only.
    expect(screen.getAllByTestId('chart-bar')).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByTestId('execution')).toHaveLength(55));
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('hides New Build and Settings from a read-only user', async () => {
    signInAs(reader);
    renderApp('/octocat/hello-world');
    await screen.findAllByTestId('execution');
    expect(screen.queryByRole('button', { name: 'New Build' })).not.toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Repository' });
    expect(within(tabs).queryByText('Settings')).not.toBeInTheDocument();
  });

  it.each([
    ['a read-only user', () => signInAs(reader)],
    ['a signed-out visitor of a public repository', () => void 0],
  ])('gives %s the not-found page at settings, no form or Save Changes', async (_who, who) => {
    grant(reader, addRepo('octocat/open', { visibility: 'public', private: false }), 'read');
    who();
    renderApp('/octocat/open/settings');
    expect(
      await screen.findByText('We are sorry, the resource you requested cannot be found.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'General settings' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
  });

  it('shows the empty state for a repository without builds', async () => {
    signInAs(writer);
    const empty = addRepo('octocat/empty');
    grant(writer, empty, 'write');
    renderApp('/octocat/empty');
    expect(await screen.findByText('Your Build List is Empty.')).toBeInTheDocument();
  });

  it('sends an inactive repository to its settings', async () => {
    signInAs(writer);
    const inactive = addRepo('octocat/sleepy', { active: false });
    grant(writer, inactive, 'write');
    const { location } = renderApp('/octocat/sleepy');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/octocat/sleepy/settings'));
    // Repository navigation is disabled: plain text, not links.
    const tabs = await screen.findByRole('navigation', { name: 'Repository' });
    expect(within(tabs).getByText('Builds').tagName).toBe('SPAN');
    expect(screen.queryByRole('button', { name: 'New Build' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Settings - octocat/sleepy'));
  });

  it('shows the not-found page for a repository the user cannot see', async () => {
    signInAs(writer);
    addRepo('secret/stuff');
    renderApp('/secret/stuff');
    expect(
      await screen.findByText('We are sorry, the resource you requested cannot be found.'),
    ).toBeInTheDocument();
  });
});

describe('filtered builds list (issue 19 item 3)', () => {
  const rowNumbers = () => screen.getAllByTestId('execution').map((row) => row.dataset.number);

  it('filters by the chosen status through the URL, with a chip that removes it', async () => {
    signInAs(writer);
    const user = userEvent.setup();
    const { location } = renderApp('/octocat/hello-world');
    await screen.findAllByTestId('execution');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'failure');
    await waitFor(() => expect(rowNumbers()).toEqual(['3']));
    expect(location.history?.at(-1)).toBe('/octocat/hello-world?status=failure');
    // The chart and the summary follow the filter.
    expect(screen.getAllByTestId('chart-bar')).toHaveLength(1);
    expect(screen.getByTestId('summary-total')).toHaveTextContent('1');
    expect(screen.getByTestId('filter-ran-out')).toHaveTextContent(
      'Only 1 of all 3 builds match these filters.',
    );
    await user.click(screen.getByRole('link', { name: 'Remove filter Status: failure' }));
    await waitFor(() => expect(rowNumbers()).toEqual(['3', '2', '1']));
    expect(location.history?.at(-1)).toBe('/octocat/hello-world');
  });

  it('combines filters from the URL and ignores invalid values', async () => {
    signInAs(writer);
    addBuild(repo, {
      event: 'pull_request',
      ref: 'refs/pull/7/head',
      source: 'feature/x',
      target: 'main',
      author_login: 'rita',
      created: T0 + 4000,
    });
    renderApp('/octocat/hello-world?branch=main&event=push&status=bogus&author=jane&x=%3C');
    await waitFor(() => expect(rowNumbers()).toEqual(['3', '2', '1']));
    expect(screen.getAllByTestId('filter-chip').map((chip) => chip.textContent)).toEqual([
      'Branch: main×',
      'Event: Push×',
      'Author: jane×',
    ]);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('');
    expect(screen.getByRole('link', { name: 'Clear filters' })).toHaveAttribute(
      'href',
      '/octocat/hello-world?x=%3C',
    );
  });

  // Issue 28 item 6: a crafted link with a megabyte of query held the page on every render, the
  // query copied into each link that keeps it. It is not read; the page says so.
  it('reads no query too long to be one, says so, and copies none of it into its links', async () => {
    signInAs(writer);
    const query = `status=failure&x=${'y'.repeat(1 << 20)}`;
    renderApp(`/octocat/hello-world?${query}`);
    await waitFor(() => expect(rowNumbers()).toEqual(['3', '2', '1']));
    expect(screen.getByTestId('filter-refused')).toHaveTextContent(
      `This address's query is too long to read (${query.length.toLocaleString('en')} characters, at most 8,192): its filters are not applied.`,
    );
    expect(screen.queryAllByTestId('filter-chip')).toEqual([]);
    const hrefs = Array.from(document.querySelectorAll('a[href]'), (link) =>
      link.getAttribute('href')!,
    );
    expect(hrefs.length).toBeGreaterThan(0);
    expect(Math.max(...hrefs.map((href) => href.length))).toBeLessThan(1000);
  });

  it('says that a name filter too long to be a name is not applied, and applies the others', async () => {
    signInAs(writer);
    renderApp(`/octocat/hello-world?branch=${'b'.repeat(300)}&status=failure`);
    await waitFor(() => expect(rowNumbers()).toEqual(['3']));
    expect(screen.getByTestId('filter-refused')).toHaveTextContent(
      'The Branch filter in the address is longer than 255 characters: it is not applied.',
    );
  });

  it('loads further pages on its own until the filter fills the screen, then says it ran out', async () => {
    signInAs(writer);
    // 120 newer successful builds hide the one failure (build 3) beyond two pages.
    for (let index = 0; index < 120; index += 1) addBuild(repo, { created: T0 + 5000 + index });
    renderApp('/octocat/hello-world?status=failure');
    await waitFor(() => expect(rowNumbers()).toEqual(['3']));
    expect(screen.getByTestId('filter-ran-out')).toHaveTextContent(
      'Only 1 of all 123 builds match these filters.',
    );
    expect(screen.queryByRole('button', { name: 'Load more builds' })).not.toBeInTheDocument();
  });

  it('stops after a few pages and offers to load more', async () => {
    signInAs(writer);
    for (let index = 0; index < 220; index += 1) addBuild(repo, { created: T0 + 5000 + index });
    const user = userEvent.setup();
    renderApp('/octocat/hello-world?status=failure');
    const ranOut = await screen.findByTestId('filter-ran-out');
    expect(ranOut).toHaveTextContent('None of the 200 builds loaded match these filters.');
    expect(screen.queryAllByTestId('execution')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Load more builds' }));
    await waitFor(() => expect(rowNumbers()).toEqual(['3']));
  });
});

describe('branches and deployments tabs', () => {
  it('lists branches, each linking to its build', async () => {
    signInAs(writer);
    addBuild(repo, { target: 'feature', message: 'Feature work', created: T0 + 4000 });
    renderApp('/octocat/hello-world/branches');
    const rows = await screen.findAllByTestId('branch-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'feature' })).toHaveAttribute(
      'href',
      '/octocat/hello-world/4',
    );
  });

  it('shows the empty deployments text', async () => {
    signInAs(writer);
    renderApp('/octocat/hello-world/deployments');
    expect(await screen.findByText('Your Deployment List is Empty.')).toBeInTheDocument();
    expect(
      screen.getByText('This list will be populated when you promote or rollback a build.'),
    ).toBeInTheDocument();
  });

  it('lists deployments with environment, commit, committer and message', async () => {
    signInAs(writer);
    addBuild(repo, {
      event: 'promote',
      deploy_to: 'production',
      parent: 2,
      after: 'abcdef0123456789abcdef0123456789abcdef01',
      author_login: 'jane',
      message: 'Ship it',
    });
    renderApp('/octocat/hello-world/deployments');
    const [row] = await screen.findAllByTestId('deployment-row');
    expect(within(row!).getByRole('link')).toHaveAttribute('href', '/octocat/hello-world/4');
    expect(row).toHaveTextContent('production');
    expect(row).toHaveTextContent('abcdef01');
    expect(row).toHaveTextContent('jane');
    expect(row).toHaveTextContent('Ship it');
  });

  it('shows the empty branches text', async () => {
    signInAs(writer);
    const fresh = addRepo('octocat/fresh');
    grant(writer, fresh, 'write');
    renderApp('/octocat/fresh/branches');
    expect(await screen.findByText('Your Branch List is Empty.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'This list will be populated when you execute a pipeline for an open branch.',
      ),
    ).toBeInTheDocument();
  });
});

describe('new build dialog', () => {
  it('starts a build with branch and parameters, then opens it', async () => {
    signInAs(writer);
    const user = userEvent.setup();
    const { location } = renderApp('/octocat/hello-world');
    await user.click(await screen.findByRole('button', { name: 'New Build' }));
    const dialog = screen.getByRole('dialog', { name: 'New Build' });
    await user.type(within(dialog).getByLabelText('Branch'), ' main ');
    for (const [key, value] of [
      ['GREETING', 'hello'],
      ['EMPTY', ' '],
      ['TARGET', 'staging'],
    ]) {
      await user.clear(within(dialog).getByLabelText('Parameter key'));
      await user.type(within(dialog).getByLabelText('Parameter key'), key!);
      await user.clear(within(dialog).getByLabelText('Parameter value'));
      await user.type(within(dialog).getByLabelText('Parameter value'), value!);
      await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    }
    // EMPTY had a blank value, so it was not added.
    expect(within(dialog).getAllByRole('button', { name: /^Remove parameter/ })).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/octocat/hello-world/4'));
    expect(requests[0]).toMatchObject({
      branch: 'main',
      params: { GREETING: 'hello', TARGET: 'staging' },
    });
    expect(await screen.findByText('New build has started successfully')).toBeInTheDocument();
    await act(async () => {});
  });
});
