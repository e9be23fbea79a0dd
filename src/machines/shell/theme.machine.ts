import { assign, fromCallback, setup, type SnapshotFrom } from 'xstate';
import { appActor } from '../app/appActors';
import {
  browserStorage,
  forgetChoice,
  readChoice,
  storeChoice,
  type ChoiceStorage,
} from './rememberedChoice';

// The colour theme: it follows the system's `prefers-color-scheme` until the user picks the
// other one with the toggle, and that choice is remembered in localStorage. Toggling back to the
// theme the system asks for forgets the choice, so the console follows the system again.

export const THEME_STORAGE_KEY = 'theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

export type ThemeName = 'light' | 'dark';

export type ThemeStorage = ChoiceStorage;

export interface ThemeInput {
  /** Whether the system prefers dark when the actor starts. */
  systemDark: boolean;
  storage?: ThemeStorage;
}

interface ThemeContext {
  systemDark: boolean;
  stored: ThemeName | null;
  storage?: ThemeStorage;
}

export type ThemeEvent =
  | { type: 'theme.toggle' }
  | { type: 'theme.followSystem' }
  | { type: 'system.changed'; dark: boolean };

const isThemeName = (value: unknown): value is ThemeName => value === 'light' || value === 'dark';

/** Sends `system.changed` whenever the OS or browser switches between light and dark. */
export const watchColorScheme = fromCallback<{ type: 'noop' }>(({ sendBack }) => {
  if (typeof window === 'undefined' || !window.matchMedia) return undefined;
  const query = window.matchMedia(DARK_QUERY);
  const onChange = (event: MediaQueryListEvent) =>
    sendBack({ type: 'system.changed', dark: event.matches } satisfies ThemeEvent);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
});

export const themeMachine = setup({
  types: {
    input: {} as ThemeInput,
    context: {} as ThemeContext,
    events: {} as ThemeEvent,
  },
  actors: { watchColorScheme },
  guards: {
    isStoredDark: ({ context }) => context.stored === 'dark',
    isStoredLight: ({ context }) => context.stored === 'light',
    isSystemDark: ({ context }) => context.systemDark,
  },
  actions: {
    assignSystem: assign({
      systemDark: ({ context, event }) =>
        event.type === 'system.changed' ? event.dark : context.systemDark,
    }),
    rememberChoice: assign(({ context }, params: { theme: ThemeName }) => {
      storeChoice(context.storage, THEME_STORAGE_KEY, params.theme);
      return { stored: params.theme };
    }),
    forgetChoice: assign(({ context }) => {
      forgetChoice(context.storage, THEME_STORAGE_KEY);
      return { stored: null };
    }),
  },
}).createMachine({
  id: 'theme',
  context: ({ input }) => ({
    systemDark: input.systemDark,
    stored: readChoice(input.storage, THEME_STORAGE_KEY, isThemeName),
    storage: input.storage,
  }),
  invoke: { src: 'watchColorScheme' },
  initial: 'resolving',
  on: {
    'system.changed': { target: '.resolving', actions: 'assignSystem' },
    'theme.followSystem': { target: '.resolving', actions: 'forgetChoice' },
  },
  states: {
    resolving: {
      always: [
        { guard: 'isStoredDark', target: 'chosenDark' },
        { guard: 'isStoredLight', target: 'chosenLight' },
        { guard: 'isSystemDark', target: 'systemDark' },
        { target: 'systemLight' },
      ],
    },
    systemLight: {
      on: {
        'theme.toggle': {
          target: 'chosenDark',
          actions: { type: 'rememberChoice', params: { theme: 'dark' } },
        },
      },
    },
    systemDark: {
      on: {
        'theme.toggle': {
          target: 'chosenLight',
          actions: { type: 'rememberChoice', params: { theme: 'light' } },
        },
      },
    },
    chosenLight: {
      on: {
        'theme.toggle': [
          { guard: 'isSystemDark', target: 'systemDark', actions: 'forgetChoice' },
          { target: 'chosenDark', actions: { type: 'rememberChoice', params: { theme: 'dark' } } },
        ],
      },
    },
    chosenDark: {
      on: {
        'theme.toggle': [
          {
            guard: 'isSystemDark',
            target: 'chosenLight',
            actions: { type: 'rememberChoice', params: { theme: 'light' } },
          },
          { target: 'systemLight', actions: 'forgetChoice' },
        ],
      },
    },
  },
});

type ThemeSnapshot = SnapshotFrom<typeof themeMachine>;

export const selectIsDark = (snapshot: ThemeSnapshot) =>
  snapshot.matches('systemDark') || snapshot.matches('chosenDark');
export const selectTheme = (snapshot: ThemeSnapshot): ThemeName =>
  selectIsDark(snapshot) ? 'dark' : 'light';

function browserInput(): ThemeInput {
  if (typeof window === 'undefined') return { systemDark: false };
  return {
    systemDark: window.matchMedia?.(DARK_QUERY).matches ?? false,
    storage: browserStorage(),
  };
}

/** One theme for the whole app (the sidebar and the header toggles share it), started on use. */
export const themeActor = () => appActor('theme', themeMachine, { input: browserInput });
