import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import type { DisplayStatus, Repository } from '../../api/types';
import { pagePath } from '../../api/urls';
import { appActor, endAppActor } from '../app/appActors';
import { listenKeys, type KeyPressEvent } from '../shell/keys';
import { PALETTE_KEYS, paletteKeysActor } from './paletteKeys.machine';
import { matchesRepo, matchesText, normalizeQuery, searchRepos } from './repoSearch';
import { searchActor } from './search.machine';
import { themeActor } from '../shell/theme.machine';
import {
  offeredCommands,
  runOfferedCommand,
  watchOffers,
  type CommandName,
  type OfferedCommand,
} from './paletteOffers';

export type { CommandName, OfferedCommand };

// The command palette and the shortcuts help (issue 19 item 2). Ctrl+K / Cmd+K or '/' opens the
// palette, '?' the list of shortcuts. The palette finds repositories (the search drawer's list
// and matching), their latest builds and commands; Enter opens the first match. A page offers
// its own commands while it is shown (New build on a repository page) through paletteOffers.ts.
// This module loads on demand, at the first palette key (paletteKeys.machine.ts, docs/issues.md
// issue 18).

/** Names a command in the user's language (the view passes its translate function). */
export type CommandLabel = (name: CommandName, values?: Record<string, string>) => string;

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
  /** What the shown pages offer now (paletteOffers.ts). */
  | { type: 'palette.offers'; offered: OfferedCommand[] };

/** The app moves to `href` (the view holds the router). */
export type PaletteEmitted = { type: 'palette.navigate'; href: string };

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
  actors: { listenKeys, watchOffers },
  guards: {
    isKey: ({ event }, params: { key: string }) =>
      event.type === 'key.pressed' && event.key === params.key,
    isThemeCommand: ({ event }) =>
      event.type === 'palette.choose' &&
      event.item.kind === 'command' &&
      event.item.run === THEME_COMMAND,
    isLink: ({ event }) => event.type === 'palette.choose' && event.item.href !== undefined,
  },
  actions: {
    clearQuery: assign({ query: '' }),
    assignQuery: assign({
      query: ({ context, event }) => (event.type === 'palette.type' ? event.query : context.query),
    }),
    /** The repositories of the search drawer, loaded once for both. */
    loadRepos: () => searchActor().send({ type: 'search.load' }),
    assignOffered: assign({
      offered: ({ context, event }) =>
        event.type === 'palette.offers' ? event.offered : context.offered,
    }),
    toggleTheme: () => themeActor().send({ type: 'theme.toggle' }),
    emitNavigate: emit(({ event }) => ({
      type: 'palette.navigate' as const,
      href: event.type === 'palette.choose' ? (event.item.href ?? '') : '',
    })),
    runOffered: ({ event }) => {
      if (event.type === 'palette.choose' && event.item.kind === 'command' && event.item.run) {
        runOfferedCommand(event.item.run);
      }
    },
  },
}).createMachine({
  id: 'palette',
  // The offers made before the palette started (its code loads at the first palette key).
  context: () => ({ query: '', offered: offeredCommands() }),
  invoke: [{ src: 'listenKeys', input: { keys: PALETTE_KEYS } }, { src: 'watchOffers' }],
  on: { 'palette.offers': { actions: 'assignOffered' } },
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
          { guard: 'isLink', target: 'closed', actions: 'emitNavigate' },
          { target: 'closed', actions: 'runOffered' },
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

/** One palette for the signed-in user: its keys work on every page, until the session ends. */
export const paletteActor = () =>
  appActor('palette', paletteMachine, {
    // It listens for its keys now: the listener that waited for it steps aside, and the keys
    // pressed while its code loaded come to it, in order (issue 19 item 2).
    onStart: (actor) => paletteKeysActor().send({ type: 'palette.started', palette: actor }),
  });

/** Tests: ends the palette's actor and the listener that waited for it. */
export function resetPaletteActor(): void {
  endAppActor('palette');
  endAppActor('paletteKeys');
}
