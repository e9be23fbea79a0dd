import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, setup } from 'xstate';
import { makeBuild, makeRepo } from '../../../tests/factories';
import { t, type TextKey } from '../../i18n';
import type { Repository } from '../../api/types';
import {
  paletteActor,
  paletteCommands,
  paletteMachine,
  paletteResults,
  resetPaletteActor,
  type CommandLabel,
  type PaletteEmitted,
} from './palette.machine';
import { selectTheme, themeActor } from '../shell/theme.machine';
import type { ListenKeysInput } from '../shell/keys';
import { resetSearchActor, searchMachine } from './search.machine';
import { offerCommand, offeredCommands } from './paletteOffers';

const quietKeys = fromCallback<{ type: 'noop' }, ListenKeysInput>(() => undefined);
const start = () =>
  createActor(paletteMachine.provide({ actors: { listenKeys: quietKeys } })).start();
const key = (name: string) => ({ type: 'key.pressed' as const, key: name });

function repo(slug: string, build?: { number: number; created: number; title: string }) {
  const [namespace, name] = slug.split('/') as [string, string];
  return makeRepo({
    slug,
    namespace,
    name,
    build: build ? makeBuild({ ...build, status: 'success' }) : undefined,
  });
}

// The palette loads the search drawer's list when it opens: an empty one here.
beforeEach(() =>
  resetSearchActor(
    searchMachine.provide({
      actors: { fetchRepos: fromPromise(async (): Promise<Repository[]> => []) },
    }),
  ),
);
/** The English names of the view's catalog. */
const label: CommandLabel = (name, values) =>
  t(`shell.palette.commands.${name}` as TextKey, { repo: values?.repo ?? '' });

afterEach(() => {
  resetPaletteActor();
  resetSearchActor();
});

describe('palette machine', () => {
  it("opens the palette on '/' and Ctrl+K, the help on '?', and closes", () => {
    const actor = start();
    actor.send(key('/'));
    expect(actor.getSnapshot().value).toBe('palette');
    actor.send(key('mod+k'));
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send(key('mod+k'));
    expect(actor.getSnapshot().value).toBe('palette');
    actor.send({ type: 'palette.close' });
    actor.send(key('?'));
    expect(actor.getSnapshot().value).toBe('help');
    actor.send(key('mod+k'));
    expect(actor.getSnapshot().value).toBe('palette');
  });

  it('forgets the query when it closes', () => {
    const actor = start();
    actor.send({ type: 'palette.open' });
    actor.send({ type: 'palette.type', query: 'octo' });
    expect(actor.getSnapshot().context.query).toBe('octo');
    actor.send({ type: 'palette.close' });
    actor.send({ type: 'palette.open' });
    expect(actor.getSnapshot().context.query).toBe('');
  });

  it('asks the app to go to a chosen repository, build or page, and closes', () => {
    const actor = start();
    const emitted: PaletteEmitted[] = [];
    actor.on('*', (event) => emitted.push(event));
    actor.send({ type: 'palette.open' });
    actor.send({
      type: 'palette.choose',
      item: { kind: 'command', key: 'go.account', label: 'Go to account', href: '/account' },
    });
    expect(emitted).toEqual([{ type: 'palette.navigate', href: '/account' }]);
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('toggles the theme', () => {
    const actor = start();
    const before = selectTheme(themeActor().getSnapshot());
    actor.send({ type: 'palette.open' });
    const [toggle] = paletteCommands(false, [], label).filter(({ key }) => key === 'theme.toggle');
    actor.send({ type: 'palette.choose', item: toggle! });
    expect(selectTheme(themeActor().getSnapshot())).not.toBe(before);
    themeActor().send({ type: 'theme.toggle' });
  });

  it("lists a page's command while the page offers it, and runs it there", () => {
    const opened = vi.fn();
    // A page's machine that offers a command while it runs.
    const page = setup({ actors: { offerCommand } }).createMachine({
      invoke: {
        src: 'offerCommand',
        input: {
          command: { id: 'newBuild', name: 'newBuild', values: { repo: 'a/b' } },
          event: { type: 'x' },
        },
      },
      on: { x: { actions: opened } },
    });
    const offer = createActor(page).start();
    const palette = paletteActor();
    expect(palette.getSnapshot().context.offered).toEqual([
      { id: 'newBuild', name: 'newBuild', values: { repo: 'a/b' } },
    ]);
    palette.send({ type: 'palette.open' });
    const item = paletteCommands(false, palette.getSnapshot().context.offered, label).at(-1)!;
    expect(item.label).toBe('New build on a/b');
    palette.send({ type: 'palette.choose', item });
    expect(opened).toHaveBeenCalledOnce();
    offer.stop();
    expect(palette.getSnapshot().context.offered).toEqual([]);
  });

  it('takes the offers made before it started, and follows the later ones', () => {
    const page = (id: string) =>
      setup({ actors: { offerCommand } }).createMachine({
        invoke: {
          src: 'offerCommand',
          input: { command: { id, name: 'newBuild', values: { repo: id } }, event: { type: 'x' } },
        },
      });
    // A repository page offers New build without starting the palette (its code is not loaded).
    const first = createActor(page('a/b')).start();
    expect(offeredCommands().map(({ id }) => id)).toEqual(['a/b']);
    const palette = paletteActor();
    expect(palette.getSnapshot().context.offered.map(({ id }) => id)).toEqual(['a/b']);
    const second = createActor(page('c/d')).start();
    expect(palette.getSnapshot().context.offered.map(({ id }) => id)).toEqual(['a/b', 'c/d']);
    first.stop();
    second.stop();
    expect(palette.getSnapshot().context.offered).toEqual([]);
    expect(offeredCommands()).toEqual([]);
  });

  it('runs nothing for a command withdrawn before it was chosen', () => {
    const opened = vi.fn();
    const page = setup({ actors: { offerCommand } }).createMachine({
      invoke: {
        src: 'offerCommand',
        input: { command: { id: 'gone', name: 'newBuild' }, event: { type: 'x' } },
      },
      on: { x: { actions: opened } },
    });
    const offer = createActor(page).start();
    const palette = paletteActor();
    palette.send({ type: 'palette.open' });
    const item = paletteCommands(false, palette.getSnapshot().context.offered, label).at(-1)!;
    offer.stop();
    palette.send({ type: 'palette.choose', item });
    expect(opened).not.toHaveBeenCalled();
    expect(palette.getSnapshot().matches('closed')).toBe(true);
  });
});

describe('palette results', () => {
  const repos = [
    repo('octocat/hello-world', { number: 12, created: 100, title: 'Fix the parser' }),
    repo('octocat/spoon-knife', { number: 3, created: 300, title: 'Bump deps' }),
    repo('drone/drone-ui'),
  ];
  const commands = paletteCommands(false, [], label);

  it('lists the recent builds, newest first, then the commands without a query', () => {
    const labels = paletteResults(repos, '  ', commands).map(({ label }) => label);
    expect(labels.slice(0, 2)).toEqual(['octocat/spoon-knife #3', 'octocat/hello-world #12']);
    expect(labels.slice(2)).toEqual(commands.map(({ label }) => label));
  });

  it("matches repositories by the search drawer's rules, first", () => {
    const results = paletteResults(repos, 'OCTO/hello', commands);
    expect(results.map(({ label }) => label)).toEqual([
      'octocat/hello-world',
      'octocat/hello-world #12',
    ]);
    expect(results[0]).toMatchObject({ kind: 'repo', href: '/octocat/hello-world' });
    expect(results[1]).toMatchObject({ kind: 'build', href: '/octocat/hello-world/12' });
  });

  it('finds a build by its number or title, and commands by their label', () => {
    expect(paletteResults(repos, '#12', commands).map(({ label }) => label)).toEqual([
      'octocat/hello-world #12',
    ]);
    expect(paletteResults(repos, 'parser', commands)[0]?.label).toBe('octocat/hello-world #12');
    expect(paletteResults(repos, 'theme', commands).map(({ label }) => label)).toEqual([
      'Toggle theme',
    ]);
  });

  it('offers the admin page to administrators only', () => {
    const labels = (admin: boolean) => paletteCommands(admin, [], label).map(({ label }) => label);
    expect(labels(true)).toContain('Go to admin');
    expect(labels(false)).not.toContain('Go to admin');
  });
});
