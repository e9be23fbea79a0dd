import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { makeBuild, makeRepo } from '../../../tests/factories';
import { memoryStorage } from '../../../tests/memoryStorage';
import { createSettler, modelOf, pathName, reportCoverage } from '../../../tests/model';
import type { Status } from '../../api/types';
import { NotificationsSettings } from '../../views/account/NotificationsSettings';
import { t } from '../../i18n';

const DENIED_HINT = t('shell.notifications.denied');
const UNSUPPORTED_HINT = t('shell.notifications.unsupported');
import {
  buildNotice,
  NOTICE_BODY_MAX,
  NOTICE_TITLE_MAX,
  NOTIFICATIONS_STORAGE_KEY,
  notificationsActor,
  notificationsMachine,
  resetNotificationsActor,
  type BuildNotice,
  type NotificationPermissionState,
  type NotificationsEvent,
  type NotificationsInput,
} from './notifications.machine';
import { announceWhenFinished, watchForNotifications } from './notificationsLink';
import { waitUntil } from '../../../tests/wait';

/** The Notification API and the event stream, faked: the test answers and pushes events. */
function fakes(answer: () => Promise<NotificationPermissionState>) {
  const shown: BuildNotice[] = [];
  const asked = vi.fn(answer);
  let push: ((event: AnyEventObject) => void) | undefined;
  let notifier: ((event: AnyEventObject) => void) | undefined;
  const machine = notificationsMachine.provide({
    actors: {
      requestPermission: fromPromise(() => asked()),
      showNotices: fromCallback(({ receive, sendBack }) => {
        notifier = sendBack;
        receive((event) => shown.push((event as { notice: BuildNotice }).notice));
      }),
      followRepoEvents: fromCallback(({ sendBack }) => {
        push = sendBack;
        return () => (push = undefined);
      }),
    },
  });
  return {
    machine,
    shown,
    asked,
    /** A repository event from the stream (only while notifications are on). */
    stream: (event: AnyEventObject) => push?.(event),
    /** What the notifier reports back (a click, a revoked permission). */
    notifierSays: (event: NotificationsEvent) => notifier?.(event),
  };
}

const finished = (number: number, status: Status = 'success', slug = 'octocat/hello-world') => {
  const [namespace, name] = slug.split('/') as [string, string];
  return {
    type: 'repo.updated',
    repo: makeRepo({
      namespace,
      name,
      slug,
      build: makeBuild({ number, status, title: 'Fix it' }),
    }),
  };
};

afterEach(() => {
  cleanup();
  resetNotificationsActor();
});

describe('notifications machine (issue 19 item 1)', () => {
  function start(
    input: Partial<NotificationsInput> = {},
    answer: NotificationPermissionState = 'granted',
    stored: Record<string, string> = {},
  ) {
    const fake = fakes(async () => answer);
    const { storage, values } = memoryStorage(stored);
    const actor = createActor(fake.machine, {
      input: { supported: true, permission: 'default', storage, ...input },
    }).start();
    return { ...fake, actor, values, state: () => actor.getSnapshot().value };
  }

  it('asks for permission only when the user turns them on, and remembers the choice', async () => {
    const { actor, asked, values, state } = start();
    expect(state()).toBe('off');
    expect(asked).not.toHaveBeenCalled();
    actor.send({ type: 'notifications.enable' });
    expect(state()).toBe('asking');
    await waitUntil(() => expect(state()).toBe('on'));
    expect(asked).toHaveBeenCalledOnce();
    expect(values.get(NOTIFICATIONS_STORAGE_KEY)).toBe('on');
    actor.send({ type: 'notifications.disable' });
    expect(state()).toBe('off');
    expect(values.has(NOTIFICATIONS_STORAGE_KEY)).toBe(false);
  });

  it('starts on for a user who turned them on, without asking again', () => {
    const { state, asked } = start({ permission: 'granted' }, 'granted', {
      [NOTIFICATIONS_STORAGE_KEY]: 'on',
    });
    expect(state()).toBe('on');
    expect(asked).not.toHaveBeenCalled();
  });

  it('says when the browser refuses, and forgets a dismissed prompt', async () => {
    const denied = start({}, 'denied');
    denied.actor.send({ type: 'notifications.enable' });
    await waitUntil(() => expect(denied.state()).toBe('denied'));
    const dismissed = start({}, 'default');
    dismissed.actor.send({ type: 'notifications.enable' });
    await waitUntil(() => expect(dismissed.state()).toBe('off'));
    expect(dismissed.values.has(NOTIFICATIONS_STORAGE_KEY)).toBe(false);
  });

  it('is unsupported without the Notification API', () => {
    expect(start({ supported: false }).state()).toBe('unsupported');
  });

  it('announces a finished build the user has open, once, with its page', () => {
    const { actor, shown, stream } = start({ permission: 'granted' });
    actor.send({ type: 'notifications.enable' });
    actor.send({
      type: 'notifications.watch',
      id: 'page',
      scope: { namespace: 'octocat', name: 'hello-world', build: 7 },
    });
    stream({ ...finished(7, 'running') });
    stream(finished(6, 'failure'));
    stream(finished(7, 'success', 'octocat/other'));
    expect(shown).toEqual([]);
    stream(finished(7, 'failure'));
    stream(finished(7, 'failure'));
    expect(shown).toEqual([
      {
        title: 'octocat/hello-world #7 failed',
        body: 'Fix it',
        tag: 'octocat/hello-world#7',
        href: '/octocat/hello-world/7',
        icon: expect.stringMatching(/^data:image\/svg\+xml,/),
      },
    ]);
  });

  it('announces every build of an open repository page, and builds the user started', () => {
    const { actor, shown, stream } = start({ permission: 'granted' });
    actor.send({ type: 'notifications.enable' });
    actor.send({
      type: 'notifications.watch',
      id: 'repo',
      scope: { namespace: 'octocat', name: 'hello-world' },
    });
    actor.send({
      type: 'notifications.started',
      scope: { namespace: 'drone', name: 'drone', build: 3 },
    });
    stream(finished(8));
    stream(finished(3, 'killed', 'drone/drone'));
    actor.send({ type: 'notifications.unwatch', id: 'repo' });
    stream(finished(9));
    expect(shown.map(({ title }) => title)).toEqual([
      'octocat/hello-world #8 passed',
      'drone/drone #3 was cancelled',
    ]);
  });

  it('opens the build of a clicked notification, and turns to denied if the browser revokes', () => {
    const { actor, notifierSays, state } = start({ permission: 'granted' });
    actor.send({ type: 'notifications.enable' });
    const opened: string[] = [];
    actor.on('notifications.navigate', ({ href }) => opened.push(href));
    notifierSays({ type: 'notice.clicked', href: '/octocat/hello-world/7' });
    expect(opened).toEqual(['/octocat/hello-world/7']);
    notifierSays({ type: 'notice.blocked' });
    expect(state()).toBe('denied');
  });

  it('lets a page watch while it runs, and move the watch to another build', async () => {
    const fake = fakes(async () => 'granted');
    resetNotificationsActor(fake.machine, () => ({ supported: true, permission: 'granted' }));
    const watch = createActor(watchForNotifications, {
      input: { namespace: 'octocat', name: 'hello-world', build: 1 },
    }).start();
    // Moved before the machine's code has arrived: the latest scope is the one watched.
    watch.send({
      type: 'notifications.scope',
      scope: { namespace: 'octocat', name: 'hello-world', build: 2 },
    });
    const watched = () => Object.values(notificationsActor().getSnapshot().context.watched);
    await waitUntil(() =>
      expect(watched()).toEqual([{ namespace: 'octocat', name: 'hello-world', build: 2 }]),
    );
    watch.send({
      type: 'notifications.scope',
      scope: { namespace: 'octocat', name: 'hello-world', build: 3 },
    });
    expect(watched()).toEqual([{ namespace: 'octocat', name: 'hello-world', build: 3 }]);
    watch.stop();
    expect(watched()).toEqual([]);
  });

  it('remembers a build started before its code arrived, to announce it', async () => {
    const fake = fakes(async () => 'granted');
    resetNotificationsActor(fake.machine, () => ({ supported: true, permission: 'granted' }));
    announceWhenFinished({ namespace: 'octocat', name: 'hello-world', build: 4 });
    await waitUntil(() =>
      expect(notificationsActor().getSnapshot().context.started).toEqual(['octocat/hello-world#4']),
    );
  });

  it('writes the repository, number and status into the notification', () => {
    const repo = makeRepo({ namespace: 'a', name: 'b' });
    const notice = buildNotice(repo, makeBuild({ number: 4, status: 'error', message: 'x\ny' }));
    expect(notice).toMatchObject({ title: 'a/b #4 errored', body: 'x', href: '/a/b/4' });
  });

  // Issue 28 item 10: the system draws a notification as plain text, where no marker shows.
  it('writes invisible characters as <U+XXXX> and cuts 100 KB names and messages short', () => {
    const repo = makeRepo({ namespace: 'a\u202E', name: 'x'.repeat(100_000) });
    const message = `fix\u200B ${'y'.repeat(100_000)}`;
    const notice = buildNotice(repo, makeBuild({ number: 4, status: 'success', message }));
    expect(notice.title.startsWith('a<U+202E>/xxx')).toBe(true);
    expect(notice.title.endsWith('… #4 passed')).toBe(true);
    expect(notice.title.length).toBe(NOTICE_TITLE_MAX);
    expect(notice.body.startsWith('fix<U+200B> yyy')).toBe(true);
    expect(notice.body.length).toBe(NOTICE_BODY_MAX);
  });
});

// Model-based (docs/architecture.md 8): every state through the account page's switch.
type Start = { name: string; input: NotificationsInput };
const STARTS: Start[] = [
  { name: 'unsupported', input: { supported: false, permission: 'default' } },
  { name: 'never asked', input: { supported: true, permission: 'default' } },
  { name: 'allowed before', input: { supported: true, permission: 'granted' } },
  { name: 'opted in, blocked', input: { supported: true, permission: 'denied' } },
];

const ANSWERS: AnyEventObject[] = (['granted', 'denied', 'default'] as const).map((output) => ({
  type: 'xstate.done.actor.requestPermission',
  output,
}));

function eventsIn(snapshot: { value: unknown }): AnyEventObject[] {
  switch (snapshot.value) {
    case 'off':
      return [{ type: 'notifications.enable' }];
    case 'asking':
      return [...ANSWERS, { type: 'xstate.error.actor.requestPermission', error: new Error('x') }];
    case 'on':
      return [{ type: 'notifications.disable' }, { type: 'notice.blocked' }];
    case 'denied':
      return [{ type: 'notifications.enable' }, { type: 'notifications.disable' }];
    default:
      return [];
  }
}

describe('notifications machine, model-based, through the account page', () => {
  const runs = STARTS.map((start) => {
    const stored: Record<string, string> =
      start.name === 'opted in, blocked' || start.name === 'allowed before'
        ? { [NOTIFICATIONS_STORAGE_KEY]: 'on' }
        : {};
    // Each path starts from its own copy of what is stored.
    const input = () => ({ ...start.input, storage: memoryStorage(stored).storage });
    return {
      start,
      input,
      paths: modelOf(notificationsMachine, eventsIn, {
        input: input(),
        keyBy: 'value',
      }).getShortestPaths(),
    };
  });

  it('covers every state and transition of the chart', () => {
    const coverage = reportCoverage(
      notificationsMachine,
      runs.map(({ paths, input }) => ({ paths, input: input() })),
    );
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([
      // A finished build, a click and the watch list are the unit tests' (they change no state).
      'notifications --notifications.watch--> notifications',
      'notifications --notifications.unwatch--> notifications',
      'notifications --notifications.started--> notifications',
      'notifications.on --repo.updated [isFinishedBuildToAnnounce]--> notifications.on',
      'notifications.on --notice.clicked--> notifications.on',
    ]);
  });

  for (const { start, input, paths } of runs) {
    for (const path of paths) {
      it(`${start.name}: ${pathName(path)}`, async () => {
        const permission = createSettler();
        const fake = fakes(() => permission.call<NotificationPermissionState>());
        resetNotificationsActor(fake.machine, input);
        render(<NotificationsSettings />);
        const actor = notificationsActor();
        for (const { event, state } of path.steps) {
          if (event.type === 'xstate.init') {
            // nothing: the start state
          } else if (event.type.startsWith('xstate.')) {
            await act(async () => permission.settle(event));
          } else if (event.type === 'notice.blocked') {
            act(() => fake.notifierSays({ type: 'notice.blocked' }));
          } else if (event.type === 'notifications.disable' && state.value === 'off') {
            const name = actor.getSnapshot().value === 'denied' ? 'Keep them off' : 'Turn off';
            await userEvent.click(screen.getByRole('button', { name }));
          } else {
            await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
          }
          await waitUntil(() => expect(actor.getSnapshot().value).toEqual(state.value));
          checkSettings(state.value as string);
        }
        if (path.steps.length === 1) checkSettings(path.state.value as string);
      });
    }
  }
});

/** What the account page shows in each state. */
function checkSettings(value: string) {
  const toggle = screen.queryByRole('button', { name: /^Turn (on|off)$/ });
  expect(screen.queryByText(UNSUPPORTED_HINT) !== null).toBe(value === 'unsupported');
  expect(screen.queryByText(DENIED_HINT) !== null).toBe(value === 'denied');
  if (value === 'unsupported') expect(toggle).not.toBeInTheDocument();
  else expect(toggle).toHaveAttribute('aria-pressed', String(value === 'on'));
  if (value === 'asking') expect(toggle).toBeDisabled();
  if (value === 'on') expect(screen.getByRole('status')).toHaveTextContent('Notifications are on');
}
