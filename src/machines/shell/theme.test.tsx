import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { memoryStorage } from '../../../tests/memoryStorage';
import { leftOutOfChart, modelOf, pathName } from '../../../tests/model';
import { ThemeRoot, ThemeToggle } from '../../views/shell/ThemeToggle';
import { darkTheme } from '../../views/ui/theme';
import {
  selectIsDark,
  selectTheme,
  THEME_STORAGE_KEY,
  themeActor,
  themeMachine,
  type ThemeEvent,
  type ThemeStorage,
} from './theme.machine';

/** The system scheme watcher, replaced by one the test drives through `system.changed`. */
const quietWatcher = fromCallback<{ type: 'noop' }>(() => undefined);

function start(systemDark: boolean, stored?: string) {
  const { storage, values } = memoryStorage(stored ? { [THEME_STORAGE_KEY]: stored } : {});
  const actor = createActor(themeMachine.provide({ actors: { watchColorScheme: quietWatcher } }), {
    input: { systemDark, storage },
  }).start();
  const theme = () => selectTheme(actor.getSnapshot());
  return { actor, values, theme };
}

describe('theme machine', () => {
  it('follows the system preference when nothing is stored', () => {
    expect(start(false).theme()).toBe('light');
    const { actor, theme } = start(true);
    expect(theme()).toBe('dark');
    actor.send({ type: 'system.changed', dark: false });
    expect(theme()).toBe('light');
    expect(actor.getSnapshot().value).toBe('systemLight');
  });

  it('applies and keeps a stored choice whatever the system says', () => {
    const { actor, theme } = start(false, 'dark');
    expect(theme()).toBe('dark');
    actor.send({ type: 'system.changed', dark: true });
    actor.send({ type: 'system.changed', dark: false });
    expect(actor.getSnapshot().value).toBe('chosenDark');
  });

  it('ignores a stored value that is not a theme', () => {
    expect(start(true, 'purple').actor.getSnapshot().value).toBe('systemDark');
  });

  it('remembers the toggled theme, and forgets it when toggled back to the system one', () => {
    const { actor, values, theme } = start(false);
    actor.send({ type: 'theme.toggle' });
    expect(theme()).toBe('dark');
    expect(values.get(THEME_STORAGE_KEY)).toBe('dark');
    actor.send({ type: 'theme.toggle' });
    expect(theme()).toBe('light');
    expect(values.has(THEME_STORAGE_KEY)).toBe(false);
    expect(actor.getSnapshot().value).toBe('systemLight');
  });

  it('goes back to the system preference on theme.followSystem', () => {
    const { actor, values } = start(true, 'light');
    actor.send({ type: 'theme.followSystem' });
    expect(selectIsDark(actor.getSnapshot())).toBe(true);
    expect(values.size).toBe(0);
  });

  it('still switches when storage throws', () => {
    const broken: ThemeStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const actor = createActor(
      themeMachine.provide({ actors: { watchColorScheme: quietWatcher } }),
      {
        input: { systemDark: false, storage: broken },
      },
    ).start();
    actor.send({ type: 'theme.toggle' });
    expect(selectTheme(actor.getSnapshot())).toBe('dark');
  });

  it('listens to prefers-color-scheme through matchMedia', () => {
    const listeners: Array<(event: { matches: boolean }) => void> = [];
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: false,
      media: query,
      addEventListener: (_: string, listener: (event: { matches: boolean }) => void) =>
        listeners.push(listener),
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
    try {
      const actor = createActor(themeMachine, { input: { systemDark: false } }).start();
      listeners.forEach((listener) => listener({ matches: true }));
      expect(selectTheme(actor.getSnapshot())).toBe('dark');
      actor.stop();
    } finally {
      window.matchMedia = original;
    }
  });
});

// Model-based (docs/architecture.md 8): every state and transition, reached from both system preferences.
const EVENTS: ThemeEvent[] = [
  { type: 'theme.toggle' },
  { type: 'theme.followSystem' },
  { type: 'system.changed', dark: true },
  { type: 'system.changed', dark: false },
];

describe('theme machine, model-based, through the theme toggle', () => {
  const modelled = themeMachine.provide({ actors: { watchColorScheme: quietWatcher } });
  const runs = [false, true].map((systemDark) => {
    const input = { systemDark, storage: memoryStorage().storage };
    return { input, paths: modelOf(modelled, EVENTS, { input }).getShortestPaths() };
  });

  it('covers every state and transition of the chart', () => {
    expect(leftOutOfChart(modelled, runs)).toEqual([]);
  });

  // The app's one theme actor, reset to the path's start: nothing stored, the system's scheme.
  function resetSharedTheme(systemDark: boolean) {
    localStorage.clear();
    const shared = themeActor();
    shared.send({ type: 'theme.followSystem' });
    shared.send({ type: 'system.changed', dark: systemDark });
    return shared;
  }

  for (const { input, paths } of runs) {
    for (const path of paths) {
      it(`system ${input.systemDark ? 'dark' : 'light'}: ${pathName(path)}`, async () => {
        const shared = resetSharedTheme(input.systemDark);
        render(
          <>
            <ThemeRoot />
            <ThemeToggle />
          </>,
        );
        const toggle = screen.getByRole('button', { name: 'Dark theme' });
        const shows = (dark: boolean, remembered: string | null) => () => {
          expect(toggle).toHaveAttribute('aria-pressed', String(dark));
          expect(document.documentElement.classList.contains(darkTheme.toString())).toBe(dark);
          expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe(remembered);
        };
        await path.test({
          states: {
            systemLight: shows(false, null),
            systemDark: shows(true, null),
            chosenLight: shows(false, 'light'),
            chosenDark: shows(true, 'dark'),
          },
          events: {
            'theme.toggle': () => {
              fireEvent.click(toggle);
            },
            'theme.followSystem': ({ event }) => {
              act(() => shared.send(event as ThemeEvent));
            },
            'system.changed': ({ event }) => {
              act(() => shared.send(event as ThemeEvent));
            },
          },
        });
        expect(shared.getSnapshot().value).toEqual(path.state.value);
      });
    }
  }
});
