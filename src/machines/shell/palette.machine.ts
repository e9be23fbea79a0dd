import { assign, createActor, emit, fromCallback, setup, type SnapshotFrom } from 'xstate';
import type { DisplayStatus, Repository } from '../../api/types';
import { pagePath } from '../../api/urls';
import { inspect } from '../devtools/inspector';
import { listenKeys, type KeyPressEvent } from './keys';
import { forgetPaletteKeysActor, PALETTE_KEYS, paletteKeysActor } from './paletteKeys.machine';
import { matchesRepo, matchesText, normalizeQuery, searchRepos } from './repoSearch';
import { searchActor } from './search.machine';
import { themeActor } from './theme.machine';
import { endWithSession } from './userScope';

// The command palette and the shortcuts help (issue 19 item 2). Ctrl+K / Cmd+K or '/' opens the
// palette, '?' the list of shortcuts. The palette finds repositories (the search drawer's list
// and matching), their latest builds and commands; Enter opens the first match. A page offers
// its own commands while it is shown (New build on a repository page) with `offerCommand`.
// This module loads on demand, at the first palette key (paletteKeys.machine.ts, docs/issues.md
// issue 18).

/** The commands' names, as keys of the view's catalog (shell.palette.commands). */
export type CommandName = 'dashboard' | 'feed' | 'account' | 'admin' | 'theme' | 'newBuild';

/** Names a command in the user's language (the view passes its translate function). */
export type CommandLabel = (name: CommandName, values?: Record<string, string>) => string;

/** A command a page offers while it is shown; `palette.run` with its id runs it. */
export interface OfferedCommand {
  id: string;
  name: CommandName;
  values?: Record<string, string>;
}

export type PaletteItem =
  | { kind: 'repo'; key: string; label: string; href: string; status: DisplayStatus }
  | {
      kind: 'build';
      key: string;
      label: string;
      detail: string;
      href: string;
      status: DisplayStatus;
    }
  | { kind: 'command'; key: string; label: string; href?: string; run?: string };

export type PaletteEvent =
  | KeyPressEvent
  | { type: 'palette.open' }
  | { type: 'palette.close' }
  | { type: 'help.open' }
  | { type: 'palette.type'; query: string }
  | { type: 'palette.choose'; item: PaletteItem }
  | { type: 'palette.offer'; command: OfferedCommand }
  | { type: 'palette.withdraw'; id: string };

/** The app moves to `href` (the view holds the router); a page's offered command runs. */
export type PaletteEmitted =
  { type: 'palette.navigate'; href: string } | { type: 'palette.run'; id: string };

export interface PaletteContext {
  query: string;
  offered: OfferedCommand[];
}

/** How many of each kind the palette lists. */
export const MAX_REPOS = 8;
export const MAX_BUILDS = 5;
const THEME_COMMAND = 'theme.toggle';

export const paletteMachine = setup({
  types: {
    context: {} as PaletteContext,
    events: {} as PaletteEvent,
    emitted: {} as PaletteEmitted,
  },
  actors: { listenKeys },
  guards: {
    isKey: ({ event }, params: { key: string }) =>
      event.type === 'key.pressed' && event.key === params.key,
    isThemeCommand: ({ event }) =>
      event.type === 'palette.choose' &&
      event.item.kind === 'command' &&
      event.item.run === THEME_COMMAND,
  },
  actions: {
    clearQuery: assign({ query: '' }),
    assignQuery: assign({
      query: ({ context, event }) => (event.type === 'palette.type' ? event.query : context.query),
    }),
    /** The repositories of the search drawer, loaded once for both. */
    loadRepos: () => searchActor().send({ type: 'search.load' }),
    assignOffered: assign({
      offered: ({ context, event }) => {
        if (event.type === 'palette.offer') {
          return [...context.offered.filter(({ id }) => id !== event.command.id), event.command];
        }
        if (event.type === 'palette.withdraw') {
          return context.offered.filter(({ id }) => id !== event.id);
        }
        return context.offered;
      },
    }),
    toggleTheme: () => themeActor().send({ type: 'theme.toggle' }),
    emitChoice: emit(({ event }) => {
      if (event.type !== 'palette.choose') return { type: 'palette.run', id: '' } as const;
      const { item } = event;
      if (item.href !== undefined) return { type: 'palette.navigate', href: item.href } as const;
      return { type: 'palette.run', id: item.kind === 'command' ? (item.run ?? '') : '' } as const;
    }),
  },
}).createMachine({
  id: 'palette',
  context: { query: '', offered: [] },
  invoke: { src: 'listenKeys', input: { keys: PALETTE_KEYS } },
  on: {
    'palette.offer': { actions: 'assignOffered' },
    'palette.withdraw': { actions: 'assignOffered' },
  },
  initial: 'closed',
  states: {
    closed: {
      entry: 'clearQuery',
      on: {
        'palette.open': 'palette',
        'help.open': 'help',
        'key.pressed': [
          { guard: { type: 'isKey', params: { key: '?' } }, target: 'help' },
          { target: 'palette' },
        ],
      },
    },
    palette: {
      entry: 'loadRepos',
      on: {
        'palette.close': 'closed',
        'key.pressed': { guard: { type: 'isKey', params: { key: 'mod+k' } }, target: 'closed' },
        'palette.type': { actions: 'assignQuery' },
        'palette.choose': [
          { guard: 'isThemeCommand', target: 'closed', actions: 'toggleTheme' },
          { target: 'closed', actions: 'emitChoice' },
        ],
      },
    },
    help: {
      on: {
        'palette.close': 'closed',
        'key.pressed': { guard: { type: 'isKey', params: { key: 'mod+k' } }, target: 'palette' },
      },
    },
  },
});

type PaletteSnapshot = SnapshotFrom<typeof paletteMachine>;

export const selectIsPaletteOpen = (snapshot: PaletteSnapshot) => snapshot.matches('palette');
export const selectIsHelpOpen = (snapshot: PaletteSnapshot) => snapshot.matches('help');
export const selectPaletteQuery = (snapshot: PaletteSnapshot) => snapshot.context.query;
export const selectOffered = (snapshot: PaletteSnapshot) => snapshot.context.offered;

/** The app's commands for this user, with what the shown page offers, named by `label`. */
export function paletteCommands(
  admin: boolean,
  offered: readonly OfferedCommand[],
  label: CommandLabel,
): PaletteItem[] {
  const go = (name: CommandName, href: string): PaletteItem => ({
    kind: 'command',
    key: `go.${name}`,
    label: label(name),
    href,
  });
  const commands = [go('dashboard', '/'), go('feed', '/builds-feed'), go('account', '/account')];
  if (admin) commands.push(go('admin', '/settings/users'));
  commands.push({ kind: 'command', key: THEME_COMMAND, label: label('theme'), run: THEME_COMMAND });
  for (const { id, name, values } of offered) {
    commands.push({ kind: 'command', key: id, label: label(name, values), run: id });
  }
  return commands;
}

/** The latest build of each repository, newest first (the list the drawer already loaded). */
function recentBuilds(repos: readonly Repository[]) {
  return repos
    .filter((repo) => repo.build)
    .sort((a, b) => (b.build!.created ?? 0) - (a.build!.created ?? 0));
}

const headline = (repo: Repository) =>
  (repo.build!.title || repo.build!.message || '').split('\n')[0] ?? '';

/** What a build is found by besides its repository: '#12' and its headline. */
const buildText = (repo: Repository) => `#${repo.build!.number} ${headline(repo)}`;

function buildItem(repo: Repository): PaletteItem {
  const build = repo.build!;
  return {
    kind: 'build',
    key: `build:${repo.slug}#${build.number}`,
    label: `${repo.slug} #${build.number}`,
    detail: headline(repo),
    href: pagePath(repo.namespace, repo.name, build.number),
    status: build.status,
  };
}

/**
 * What the palette lists for a query: matching repositories (the drawer's rules), builds whose
 * repository, number or title matches, then matching commands. Without a query: the recent
 * builds and every command. Enter opens the first.
 */
export function paletteResults(
  repos: readonly Repository[],
  query: string,
  commands: readonly PaletteItem[],
): PaletteItem[] {
  const builds = recentBuilds(repos);
  if (normalizeQuery(query) === '') {
    return [...builds.slice(0, MAX_BUILDS).map(buildItem), ...commands];
  }
  const repoItems: PaletteItem[] = searchRepos(repos, query)
    .slice(0, MAX_REPOS)
    .map((repo) => ({
      kind: 'repo',
      key: `repo:${repo.slug}`,
      label: repo.slug,
      href: pagePath(repo.namespace, repo.name),
      status: repo.build?.status ?? 'inactive',
    }));
  const buildItems = builds
    .filter((repo) => matchesRepo(repo, query) || matchesText(buildText(repo), query))
    .slice(0, MAX_BUILDS)
    .map(buildItem);
  const commandItems = commands.filter((command) => matchesText(command.label, query));
  return [...repoItems, ...buildItems, ...commandItems];
}

/**
 * For a page's machine: invoke this with the command while the page may run it. The palette
 * lists it until the invoking state is left; choosing it sends `event` back to the machine.
 */
export const offerCommand = fromCallback<
  { type: 'noop' },
  { command: OfferedCommand; event: { type: string } }
>(({ input, sendBack }) => {
  const palette = paletteActor();
  palette.send({ type: 'palette.offer', command: input.command });
  const subscription = palette.on('palette.run', ({ id }) => {
    if (id === input.command.id) sendBack(input.event);
  });
  return () => {
    subscription.unsubscribe();
    palette.send({ type: 'palette.withdraw', id: input.command.id });
  };
});

let shared: ReturnType<typeof createActor<typeof paletteMachine>> | undefined;

/** One palette for the signed-in user: its keys work on every page, until the session ends. */
export function paletteActor() {
  if (!shared) {
    const actor = createActor(paletteMachine, { inspect }).start();
    shared = actor;
    endWithSession(resetPaletteActor);
    // It listens for its keys now: the listener that waited for it steps aside, and the keys
    // pressed while its code loaded come to it, in order (issue 19 item 2).
    paletteKeysActor().send({ type: 'palette.started', palette: actor });
  }
  return shared;
}

/**
 * Forgets the shared actor (and its key listener), and the listener that waited for it: at
 * sign-out, and between tests.
 */
export function resetPaletteActor(): void {
  shared?.stop();
  shared = undefined;
  forgetPaletteKeysActor();
}
