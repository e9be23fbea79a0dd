import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type SnapshotFrom } from 'xstate';
import { TestModel, serializeSnapshot } from 'xstate/graph';
import {
  selectIsDark,
  selectTheme,
  THEME_STORAGE_KEY,
  themeMachine,
  type ThemeEvent,
  type ThemeStorage,
} from './theme.machine';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  const storage: ThemeStorage = {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
  return { storage, values };
}

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

// Model-based (DESIGN.md 8): every state and transition, reached from both system preferences.
type Snapshot = SnapshotFrom<typeof themeMachine>;
const EVENTS: ThemeEvent[] = [
  { type: 'theme.toggle' },
  { type: 'theme.followSystem' },
  { type: 'system.changed', dark: true },
  { type: 'system.changed', dark: false },
];

describe('theme machine, model-based', () => {
  for (const systemDark of [false, true]) {
    const model = new TestModel<Snapshot, ThemeEvent, unknown>(
      themeMachine.provide({ actors: { watchColorScheme: quietWatcher } }) as never,
      {
        events: EVENTS,
        input: { systemDark },
        serializeState: (snapshot: Snapshot) => serializeSnapshot(snapshot as never),
        serializeEvent: (event: ThemeEvent) => JSON.stringify(event),
      } as never,
    );

    for (const path of model.getSimplePaths()) {
      it(`system ${systemDark ? 'dark' : 'light'}: ${path.description}`, () => {
        const { actor, values } = start(systemDark);
        for (const { event, state } of path.steps) {
          if ((event.type as string) !== 'xstate.init') actor.send(event);
          const real = actor.getSnapshot();
          const expected = state as Snapshot;
          expect(real.value).toEqual(expected.value);
          // What is remembered always matches what the state says was chosen.
          const chosen = real.matches('chosenDark')
            ? 'dark'
            : real.matches('chosenLight')
              ? 'light'
              : undefined;
          expect(values.get(THEME_STORAGE_KEY)).toBe(chosen);
        }
      });
    }
  }
});
