import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { switchLanguage } from '../../../tests/language';
import { db, newId } from '../../../mock-server/db';
import { parseCron, upcomingRuns } from '../../cron/cronexpr';
import { seed, setupSettingsWorld } from '../../../tests/drivers/settingsWorld';

// The settings list screens against the Node mock server: editing in place (issue 19 item 5).

const { world, server, renderSettings, toasted } = setupSettingsWorld();

const REPO_API = '/api/repos/octocat/hello-world';
const secretRow = (name: string) => db.secret.findFirst({ where: { name: { equals: name } } })!;
const nightly = { name: 'nightly', expr: '@daily', branch: 'main' };
const cronRow = (name: string) => db.cron.findFirst({ where: { name: { equals: name } } })!;

/** Opens the row's edit modal; returns the dialog. */
async function openEdit(name: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: `Edit ${name}` }));
  return { user, dialog: screen.getByRole('dialog', { name }) };
}

describe('editing a secret', () => {
  it('changes the pull-request flag and keeps the value when none is typed', async () => {
    await seed(world.admin, `${REPO_API}/secrets`, { name: 'deploy_key', data: 'hunter2' });
    renderSettings(world.writer, 'secrets');
    const { user, dialog } = await openEdit('deploy_key');
    expect(within(dialog).getByLabelText('Value')).toHaveValue('');
    await user.click(within(dialog).getByLabelText('Allow Pull Requests'));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await toasted('Secret has been updated successfully');
    const row = screen.getByRole('row', { name: /deploy_key/ });
    expect(within(row).getByRole('cell', { name: 'Enabled' })).toBeInTheDocument();
    expect(secretRow('deploy_key')).toMatchObject({ data: 'hunter2', pull_request: true });
  });

  it('sends a typed value; the server refusing keeps the modal open with its message', async () => {
    await seed(world.admin, `${REPO_API}/secrets`, { name: 'deploy_key', data: 'hunter2' });
    renderSettings(world.writer, 'secrets');
    const { user, dialog } = await openEdit('deploy_key');
    await user.type(within(dialog).getByLabelText('Value'), 'correct horse');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(secretRow('deploy_key').data).toBe('correct horse');
  });

  it('edits an organization secret through its own PATCH', async () => {
    await seed(world.admin, '/api/secrets/octocat', { name: 'org_token', data: 's3cret' });
    server.use(
      http.patch('*/api/secrets/:namespace/:name', () =>
        HttpResponse.json({ message: 'Forbidden' }, { status: 401 }),
      ),
    );
    renderSettings(world.admin, 'org-secrets');
    const { user, dialog } = await openEdit('org_token');
    await user.click(within(dialog).getByLabelText('Allow Pull Requests'));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await toasted('Unable to update organization secret: Forbidden');
    expect(screen.getByRole('dialog', { name: 'org_token' })).toBeInTheDocument();
    server.resetHandlers();
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await toasted('Organization secret has been updated successfully');
    expect(secretRow('org_token')).toMatchObject({ data: 's3cret', pull_request: true });
  });
});

describe("a secret's second flag, pull_request_push (docs/drone-api.md 3.7)", () => {
  /** The JSON bodies the page sends with `method` to a secrets path, in order. */
  function bodiesOf(method: 'post' | 'patch') {
    const bodies: unknown[] = [];
    // A resolver that answers nothing lets the mock's own handler answer.
    server.use(
      http[method]('*/secrets*', async ({ request }) => {
        bodies.push(await request.clone().json());
      }),
    );
    return bodies;
  }

  it("is sent off when a secret is created (the form shows only 'Allow Pull Requests')", async () => {
    const posts = bodiesOf('post');
    renderSettings(world.writer, 'secrets');
    const user = userEvent.setup();
    const newSecret = await screen.findByRole('button', { name: 'New Secret' });
    await waitFor(() => expect(newSecret).toBeEnabled());
    await user.click(newSecret);
    const dialog = screen.getByRole('dialog', { name: 'New Secret' });
    await user.type(within(dialog).getByPlaceholderText('Secret Name'), 'deploy_key');
    await user.type(within(dialog).getByLabelText('Value'), 'hunter2');
    await user.click(within(dialog).getByLabelText('Allow Pull Requests'));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await toasted('Secret has been added successfully');
    expect(posts).toEqual([
      { name: 'deploy_key', data: 'hunter2', pull_request: true, pull_request_push: false },
    ]);
  });

  it('is never sent by an edit, so editing keeps what the form does not show', async () => {
    await seed(world.admin, `${REPO_API}/secrets`, {
      name: 'deploy_key',
      data: 'hunter2',
      pull_request_push: true,
    });
    const patches = bodiesOf('patch');
    renderSettings(world.writer, 'secrets');
    const { user, dialog } = await openEdit('deploy_key');
    await user.click(within(dialog).getByLabelText('Allow Pull Requests'));
    await user.type(within(dialog).getByLabelText('Value'), 'correct horse');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await toasted('Secret has been updated successfully');
    expect(patches).toEqual([{ data: 'correct horse', pull_request: true }]);
    expect(secretRow('deploy_key')).toMatchObject({
      data: 'correct horse',
      pull_request: true,
      pull_request_push: true,
    });
  });

  it('is kept by an organization secret edit too', async () => {
    await seed(world.admin, '/api/secrets/octocat', {
      name: 'org_token',
      data: 's3cret',
      pull_request: true,
      pull_request_push: true,
    });
    const patches = bodiesOf('patch');
    renderSettings(world.admin, 'org-secrets');
    const { user, dialog } = await openEdit('org_token');
    await user.click(within(dialog).getByLabelText('Allow Pull Requests'));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await toasted('Organization secret has been updated successfully');
    expect(patches).toEqual([{ pull_request: false }]);
    expect(secretRow('org_token')).toMatchObject({ pull_request: false, pull_request_push: true });
  });
});

describe('editing a cron job', () => {
  it('changes the branch in place (the job keeps its id)', async () => {
    await seed(world.admin, `${REPO_API}/cron`, nightly);
    const { id } = cronRow('nightly');
    renderSettings(world.writer, 'cron');
    const { user, dialog } = await openEdit('nightly');
    // No warning while the schedule is unchanged.
    expect(within(dialog).queryByText(/cannot change a job's schedule/)).not.toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Branch'));
    await user.type(within(dialog).getByLabelText('Branch'), 'release');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await toasted('Cron has been updated successfully');
    expect(within(screen.getByRole('row', { name: /nightly/ })).getByText('release'));
    expect(cronRow('nightly')).toMatchObject({ id, branch: 'release', expr: '@daily' });
  });

  it('previews the next runs, refuses an invalid expression, and re-creates the job for a new one', async () => {
    await seed(world.admin, `${REPO_API}/cron`, nightly);
    const { id } = cronRow('nightly');
    renderSettings(world.writer, 'cron');
    const { user, dialog } = await openEdit('nightly');
    await user.selectOptions(within(dialog).getByLabelText('Schedule'), 'Custom expression');
    const expression = within(dialog).getByLabelText('Expression');
    await user.clear(expression);
    await user.type(expression, '0 61 * * *');
    expect(within(dialog).getByText('minutes must be 0-59, got 61')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Update' })).toBeDisabled();

    await user.clear(expression);
    await user.type(expression, '0 30 9 * * mon');
    const expected = upcomingRuns(parseCron('0 30 9 * * mon'), Date.now(), 3);
    const runs = within(screen.getByTestId('schedule-preview')).getAllByRole('listitem');
    expect(runs.map((run) => run.querySelector('time')?.dateTime)).toEqual(
      expected.map((at) => new Date(at).toISOString()),
    );
    expect(within(dialog).getByText(/Update deletes this job and creates it again/));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await toasted('Cron has been updated successfully');
    expect(within(screen.getByRole('row', { name: /nightly/ })).getByText('0 30 9 * * mon'));
    const recreated = cronRow('nightly');
    expect(recreated).toMatchObject({ branch: 'main', expr: '0 30 9 * * mon' });
    expect(recreated.id).not.toBe(id);
    expect(recreated.next * 1000).toBe(expected[0]);
  });

  it('keeps a disabled job disabled when it is re-created', async () => {
    await seed(world.admin, `${REPO_API}/cron`, nightly);
    db.cron.update({ where: { name: { equals: 'nightly' } }, data: { disabled: true } });
    renderSettings(world.writer, 'cron');
    const { user, dialog } = await openEdit('nightly');
    await user.selectOptions(within(dialog).getByLabelText('Schedule'), '@weekly');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await toasted('Cron has been updated successfully');
    expect(cronRow('nightly')).toMatchObject({ expr: '@weekly', disabled: true });
  });

  it('marks a disabled job disabled, with no next run (issue 29 item 8)', async () => {
    await seed(world.admin, `${REPO_API}/cron`, nightly);
    await seed(world.admin, `${REPO_API}/cron`, { ...nightly, name: 'hourly', expr: '@hourly' });
    db.cron.update({ where: { name: { equals: 'nightly' } }, data: { disabled: true } });
    renderSettings(world.writer, 'cron');
    const disabled = await screen.findByRole('row', { name: /nightly/ });
    expect(within(disabled).getByText('Disabled: never runs')).toBeInTheDocument();
    expect(disabled.querySelector('time')).toBeNull();
    const enabled = screen.getByRole('row', { name: /hourly/ });
    expect(within(enabled).queryByText('Disabled: never runs')).toBeNull();
    expect(enabled.querySelector('time')).not.toBeNull();
  });

  it('says so when the job was deleted but not created again, and shows what the server holds', async () => {
    await seed(world.admin, `${REPO_API}/cron`, nightly);
    server.use(
      http.post('*/api/repos/:owner/:name/cron', () =>
        HttpResponse.json({ message: 'database is locked' }, { status: 500 }),
      ),
    );
    renderSettings(world.writer, 'cron');
    const { user, dialog } = await openEdit('nightly');
    await user.selectOptions(within(dialog).getByLabelText('Schedule'), '@hourly');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await toasted(
      'Cron job nightly was removed to change its schedule, but could not be created again: database is locked',
    );
    expect(await screen.findByText('No Cron Jobs')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('creates a job with a custom expression', async () => {
    const user = userEvent.setup();
    renderSettings(world.writer, 'cron');
    await user.click(await screen.findByRole('button', { name: 'New Cron Job' }));
    const dialog = screen.getByRole('dialog', { name: 'New Cron Job' });
    expect(within(dialog).getByLabelText('Schedule')).toHaveValue('@hourly');
    await user.type(within(dialog).getByLabelText('Name'), 'weekdays');
    await user.selectOptions(within(dialog).getByLabelText('Schedule'), 'Custom expression');
    const expression = within(dialog).getByLabelText('Expression');
    await user.clear(expression);
    await user.type(expression, '@every 2h');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await toasted('Cron has been added successfully');
    expect(cronRow('weekdays')).toMatchObject({ expr: '@every 2h', branch: 'master' });
  });
});

describe('a name no URL can reach (issue 29 item 4)', () => {
  const refusal = (name: string) =>
    `The name “${name}” cannot be sent to the server: a URL cannot hold “.”, “..” or “/” as a name`;
  /** The paths of the requests the page sends with `method`, in order. */
  function requested(method: 'post') {
    const paths: string[] = [];
    server.use(
      http[method]('*', ({ request }) => {
        paths.push(new URL(request.url).pathname);
      }),
    );
    return paths;
  }

  it.each([
    { section: 'secrets', newLabel: 'New Secret', name: '.' },
    { section: 'secrets', newLabel: 'New Secret', name: 'a/b' },
    { section: 'org-secrets', newLabel: 'New Organization Secret', name: '..' },
    { section: 'cron', newLabel: 'New Cron Job', name: '..' },
    // The name sent, and so refused, is the typed one with its extension (docs/spec.md 5).
    { section: 'templates', newLabel: 'New Template', name: 'ci/base', sent: 'ci/base.yaml' },
  ])(
    'refuses $name in the $section create form, before any request',
    async ({ section, newLabel, name, sent: refused = name }) => {
      const posts = requested('post');
      const user = userEvent.setup();
      renderSettings(world.admin, section);
      const create = await screen.findByRole('button', { name: newLabel });
      await waitFor(() => expect(create).toBeEnabled());
      await user.click(create);
      const dialog = screen.getByRole('dialog', { name: newLabel });
      await user.type(within(dialog).getByLabelText('Name'), name);
      if (section.endsWith('secrets')) await user.type(within(dialog).getByLabelText('Value'), 'x');
      await user.click(within(dialog).getByRole('button', { name: 'Create' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal(refused));
      expect(posts).toEqual([]);
      expect(screen.getByRole('dialog', { name: newLabel })).toBeInTheDocument();
    },
  );

  it('says so in Chinese', async () => {
    await switchLanguage('zh-CN');
    const user = userEvent.setup();
    renderSettings(world.admin, 'secrets');
    const create = await screen.findByRole('button', { name: '新建密钥' });
    await waitFor(() => expect(create).toBeEnabled());
    await user.click(create);
    const dialog = screen.getByRole('dialog', { name: '新建密钥' });
    await user.type(within(dialog).getByLabelText('名称'), '..');
    await user.type(within(dialog).getByLabelText('值'), 'x');
    await user.click(within(dialog).getByRole('button', { name: '创建' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '名称“..”无法发送到服务器：URL 中的名称不能是“.”、“..”或包含“/”',
    );
    await switchLanguage('en');
  });
});

describe('cron expressions Drone refuses (issue 28 item 7)', () => {
  it('lists a job saved with a run past what a Date holds, and previews its error', async () => {
    // What the mock saved before it checked durations as Go does: next is 11 million years on.
    db.cron.create({
      id: newId(),
      repo_id: world.row.id,
      name: 'forever',
      expr: '@every 99999999999h',
      branch: 'main',
      next: 359_999_996_400_000,
      version: 1,
    });
    renderSettings(world.writer, 'cron');
    const row = await screen.findByRole('row', { name: /forever/ });
    expect(within(row).getByText('unknown')).toBeInTheDocument();
    const { dialog } = await openEdit('forever');
    expect(
      within(dialog).getByText('99999999999h is not a duration (such as 90s or 1h30m)'),
    ).toBeInTheDocument();
  });

  it('refuses an expression longer than Drone stores, before parsing it', async () => {
    const user = userEvent.setup();
    renderSettings(world.writer, 'cron');
    await user.click(await screen.findByRole('button', { name: 'New Cron Job' }));
    const dialog = screen.getByRole('dialog', { name: 'New Cron Job' });
    await user.type(within(dialog).getByLabelText('Name'), 'long');
    await user.selectOptions(within(dialog).getByLabelText('Schedule'), 'Custom expression');
    const expression = within(dialog).getByLabelText('Expression');
    await user.clear(expression);
    await user.click(expression);
    await user.paste(`0 0 0 * * ${'*'.padStart(41, ' ')}`);
    expect(
      within(dialog).getByText('At most 50 characters: Drone does not store a longer expression.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeDisabled();
  });
});

describe('in Chinese', () => {
  afterEach(() => switchLanguage('en'));

  it('shows the secrets list, its edit form and the update toast in the chosen language', async () => {
    await seed(world.admin, `${REPO_API}/secrets`, { name: 'deploy_key', data: 'hunter2' });
    await switchLanguage('zh-CN');
    renderSettings(world.writer, 'secrets');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '编辑 deploy_key' }));
    const dialog = screen.getByRole('dialog', { name: 'deploy_key' });
    expect(within(dialog).getByLabelText('值')).toHaveAttribute('placeholder', '留空以保留当前值');
    await user.click(within(dialog).getByLabelText('允许拉取请求'));
    await user.click(within(dialog).getByRole('button', { name: '更新' }));
    // The machine posts the message's key; the toast shows it in Chinese.
    await toasted('密钥已成功更新');
    const row = screen.getByRole('row', { name: /deploy_key/ });
    expect(within(row).getByRole('cell', { name: '已启用' })).toBeInTheDocument();
  });

  it("says in Chinese that a cron job was removed but not created again, with its name and the server's message", async () => {
    await seed(world.admin, `${REPO_API}/cron`, nightly);
    server.use(
      http.post('*/api/repos/:owner/:name/cron', () =>
        HttpResponse.json({ message: 'database is locked' }, { status: 500 }),
      ),
    );
    await switchLanguage('zh-CN');
    renderSettings(world.writer, 'cron');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '编辑 nightly' }));
    const dialog = screen.getByRole('dialog', { name: 'nightly' });
    await user.selectOptions(within(dialog).getByLabelText('计划'), '@hourly');
    await user.click(within(dialog).getByRole('button', { name: '更新' }));
    // The machine posts the message's key and both values; the toast shows it in Chinese.
    await toasted('定时任务 nightly 已为更改计划而删除，但无法重新创建：database is locked');
  });
});
