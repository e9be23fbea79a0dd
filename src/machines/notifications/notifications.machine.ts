import { assign, emit, fromCallback, fromPromise, not, sendTo, setup } from 'xstate';
import { isDone, type Build, type Repository, type Status } from '../../api/types';
import { pagePath } from '../../api/urls';
import type { RepoEventsEmitted } from '../repo/repoEvents.machine';
import { followRepoEvents } from '../repo/repoEventsLink';
import { statusFavicon } from './tabIcon';
import {
  browserStorage,
  forgetChoice,
  readChoice,
  storeChoice,
  type ChoiceStorage,
} from '../shell/rememberedChoice';
import { appActor, swapAppActor } from '../app/appActors';
import { showInvisibles } from '../../text/invisibles';

// Build notifications (issue 19 item 1): opt-in browser notifications when a build the user has
// open (its build page, or its repository's page) or started finishes. Permission is asked only
// when the user turns them on; the choice is remembered in localStorage. They come from the
// repository events the pages already receive (docs/drone-api.md 5.2): no polling of their own.

export const NOTIFICATIONS_STORAGE_KEY = 'drone_build_notifications';

export type NotificationPermissionState = 'default' | 'granted' | 'denied';

export type NotificationsStorage = ChoiceStorage;

export interface NotificationsInput {
  supported: boolean;
  permission: NotificationPermissionState;
  storage?: NotificationsStorage;
}

/** What a page has open: a repository's builds, or one build of it. */
export interface WatchScope {
  namespace: string;
  name: string;
  build?: number;
}

export interface BuildNotice {
  title: string;
  body: string;
  /** One notification per build, across tabs. */
  tag: string;
  href: string;
  icon: string;
}

export type NotifierEvent = { type: 'notice.show'; notice: BuildNotice };

export type NotificationsEvent =
  | { type: 'notifications.enable' }
  | { type: 'notifications.disable' }
  | { type: 'notifications.watch'; id: string; scope: WatchScope }
  | { type: 'notifications.unwatch'; id: string }
  | { type: 'notifications.started'; scope: Required<WatchScope> }
  /** From the notifier: the user clicked a notification. */
  | { type: 'notice.clicked'; href: string }
  /** From the notifier: the browser no longer lets the page notify. */
  | { type: 'notice.blocked' }
  | RepoEventsEmitted;

export type NotificationsEmitted = { type: 'notifications.navigate'; href: string };

export interface NotificationsContext {
  supported: boolean;
  permission: NotificationPermissionState;
  storage?: NotificationsStorage;
  optedIn: boolean;
  watched: Record<string, WatchScope>;
  /** Builds the user started here ('ns/name#12'). */
  started: string[];
  /** Builds already announced, so a repeated event says nothing twice. */
  announced: string[];
}

const buildKey = (repo: { namespace: string; name: string }, number: number) =>
  `${repo.namespace}/${repo.name}#${number}`;

const STATUS_WORDS: Partial<Record<Status, string>> = {
  success: 'passed',
  failure: 'failed',
  error: 'errored',
  killed: 'was cancelled',
  declined: 'was declined',
  skipped: 'was skipped',
};

/** The longest title and body a notification shows; the system's own box holds less anyway. */
export const NOTICE_TITLE_MAX = 120;
export const NOTICE_BODY_MAX = 240;

/**
 * A notification is plain text the system draws: no marker can show there, so invisible and
 * direction-changing characters are written as `<U+202E>`, and a 100 KB name is cut short
 * (issue 28 item 10).
 */
function noticeText(text: string, max: number): string {
  const shown = showInvisibles(text);
  return shown.length > max ? `${shown.slice(0, max - 1)}…` : shown;
}

/** The notification of a finished build: repository, number and status; its page on click. */
export function buildNotice(repo: Repository, build: Build): BuildNotice {
  const { namespace, name } = repo;
  const headline = (build.title || build.message || '').split('\n')[0] ?? '';
  const status = STATUS_WORDS[build.status] ?? build.status;
  // The status is kept whole at the end: the repository's name is what gets cut.
  const suffix = ` #${build.number} ${status}`;
  return {
    title: noticeText(`${namespace}/${name}`, NOTICE_TITLE_MAX - suffix.length) + suffix,
    body: noticeText(headline, NOTICE_BODY_MAX),
    tag: buildKey(repo, build.number),
    href: pagePath(namespace, name, build.number),
    icon: statusFavicon(build.status),
  };
}

const isOn = (value: unknown): value is 'on' => value === 'on';

/** Remembers (or forgets) that the user turned notifications on in this browser. */
function writeOptIn(storage: NotificationsStorage | undefined, on: boolean): void {
  if (on) storeChoice(storage, NOTIFICATIONS_STORAGE_KEY, 'on');
  else forgetChoice(storage, NOTIFICATIONS_STORAGE_KEY);
}

/** The browser's Notification API, as actors tests replace. */
export const requestPermission = fromPromise<NotificationPermissionState>(async () =>
  window.Notification.requestPermission(),
);

export const showNotices = fromCallback<NotifierEvent>(({ receive, sendBack }) => {
  receive(({ notice }) => {
    if (window.Notification.permission !== 'granted') {
      sendBack({ type: 'notice.blocked' } satisfies NotificationsEvent);
      return;
    }
    const { title, body, tag, icon, href } = notice;
    const shown = new window.Notification(title, { body, tag, icon });
    shown.onclick = () => {
      window.focus();
      shown.close();
      sendBack({ type: 'notice.clicked', href } satisfies NotificationsEvent);
    };
  });
});

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    input: {} as NotificationsInput,
    events: {} as NotificationsEvent,
    emitted: {} as NotificationsEmitted,
  },
  actors: { requestPermission, showNotices, followRepoEvents },
  guards: {
    isSupported: ({ context }) => context.supported,
    isOnAndGranted: ({ context }) => context.optedIn && context.permission === 'granted',
    isOptedInButDenied: ({ context }) => context.optedIn && context.permission === 'denied',
    isGranted: ({ context }) => context.permission === 'granted',
    answeredGranted: ({ event }) => (event as { output?: string }).output === 'granted',
    answeredDenied: ({ event }) => (event as { output?: string }).output === 'denied',
    /** A build the user has open or started, finished, not announced yet. */
    isFinishedBuildToAnnounce: ({ context, event }) => {
      if (event.type !== 'repo.updated' || !event.repo.build) return false;
      const { repo } = event;
      const build = repo.build!;
      const key = buildKey(repo, build.number);
      if (!isDone(build.status) || context.announced.includes(key)) return false;
      const open = Object.values(context.watched).some(
        (scope) =>
          scope.namespace === repo.namespace &&
          scope.name === repo.name &&
          (scope.build === undefined || scope.build === build.number),
      );
      return open || context.started.includes(key);
    },
  },
  actions: {
    optIn: assign({ optedIn: true }),
    optOut: assign({ optedIn: false }),
    /** Remembers the choice for the next visits (after the assign that made it). */
    persistChoice: ({ context }) => writeOptIn(context.storage, context.optedIn),
    assignAnswer: assign({
      permission: ({ event }) =>
        (event as { output?: NotificationPermissionState }).output ?? 'default',
    }),
    assignDenied: assign({ permission: 'denied' as const }),
    assignWatch: assign({
      watched: ({ context, event }) => {
        if (event.type === 'notifications.watch') {
          return { ...context.watched, [event.id]: event.scope };
        }
        if (event.type === 'notifications.unwatch') {
          const { [event.id]: _, ...rest } = context.watched;
          return rest;
        }
        return context.watched;
      },
    }),
    assignStarted: assign({
      started: ({ context, event }) =>
        event.type === 'notifications.started'
          ? [...context.started, buildKey(event.scope, event.scope.build)]
          : context.started,
    }),
    announce: sendTo('notifier', ({ event }) => {
      const { repo } = event as { repo: Repository };
      return { type: 'notice.show', notice: buildNotice(repo, repo.build!) } as NotifierEvent;
    }),
    assignAnnounced: assign({
      announced: ({ context, event }) => {
        const { repo } = event as { repo: Repository };
        return [...context.announced, buildKey(repo, repo.build!.number)];
      },
    }),
    emitNavigate: emit(({ event }) => ({
      type: 'notifications.navigate' as const,
      href: event.type === 'notice.clicked' ? event.href : '/',
    })),
  },
}).createMachine({
  id: 'notifications',
  context: ({ input }) => ({
    supported: input.supported,
    permission: input.permission,
    storage: input.storage,
    optedIn: readChoice(input.storage, NOTIFICATIONS_STORAGE_KEY, isOn) !== null,
    watched: {},
    started: [],
    announced: [],
  }),
  on: {
    'notifications.watch': { actions: 'assignWatch' },
    'notifications.unwatch': { actions: 'assignWatch' },
    'notifications.started': { actions: 'assignStarted' },
  },
  initial: 'resolving',
  states: {
    resolving: {
      always: [
        { guard: not('isSupported'), target: 'unsupported' },
        { guard: 'isOnAndGranted', target: 'on' },
        { guard: 'isOptedInButDenied', target: 'denied' },
        { target: 'off' },
      ],
    },
    unsupported: {},
    off: {
      on: {
        'notifications.enable': [
          { guard: 'isGranted', target: 'on', actions: ['optIn', 'persistChoice'] },
          { target: 'asking' },
        ],
      },
    },
    // The browser's prompt is up: only now, after the user asked for notifications.
    asking: {
      invoke: {
        id: 'requestPermission',
        src: 'requestPermission',
        onDone: [
          {
            guard: 'answeredGranted',
            target: 'on',
            actions: ['assignAnswer', 'optIn', 'persistChoice'],
          },
          {
            guard: 'answeredDenied',
            target: 'denied',
            actions: ['assignAnswer', 'optIn', 'persistChoice'],
          },
          // The prompt was dismissed: nothing decided, nothing remembered.
          { target: 'off', actions: 'assignAnswer' },
        ],
        onError: { target: 'off' },
      },
    },
    on: {
      invoke: [{ id: 'notifier', src: 'showNotices' }, { src: 'followRepoEvents' }],
      on: {
        'notifications.disable': { target: 'off', actions: ['optOut', 'persistChoice'] },
        'repo.updated': {
          guard: 'isFinishedBuildToAnnounce',
          actions: ['announce', 'assignAnnounced'],
        },
        'notice.clicked': { actions: 'emitNavigate' },
        'notice.blocked': { target: 'denied', actions: 'assignDenied' },
      },
    },
    // The user wants them, the browser says no: the bell shows how to allow them.
    denied: {
      on: {
        'notifications.enable': 'asking',
        'notifications.disable': { target: 'off', actions: ['optOut', 'persistChoice'] },
      },
    },
  },
});

type NotificationsSnapshot = ReturnType<ReturnType<typeof notificationsActor>['getSnapshot']>;

export type NotificationsState = 'unsupported' | 'off' | 'asking' | 'on' | 'denied';

export const selectNotificationsState = (snapshot: NotificationsSnapshot) =>
  snapshot.value as NotificationsState;

function browserInput(): NotificationsInput {
  if (typeof window === 'undefined' || typeof window.Notification !== 'function') {
    return { supported: false, permission: 'default' };
  }
  return { supported: true, permission: window.Notification.permission, storage: browserStorage() };
}

/**
 * One notifications actor for the app (the bells and the pages share it), started on use. The
 * watched and started builds are the signed-in user's: they end with the session.
 */
export const notificationsActor = () =>
  appActor('notifications', notificationsMachine, { input: browserInput });

/** Tests: forget the shared actor; the next one runs `logic` with `input`. */
export function resetNotificationsActor(
  logic: typeof notificationsMachine = notificationsMachine,
  input: () => NotificationsInput = browserInput,
): void {
  swapAppActor('notifications', logic, input);
}
