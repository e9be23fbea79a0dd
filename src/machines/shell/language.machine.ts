import { assign, createActor, setup, type SnapshotFrom } from 'xstate';
import { i18n, isLanguage, languageFor, type Language } from '../../i18n';
import { inspect } from '../devtools/inspector';
import {
  browserStorage,
  forgetChoice,
  readChoice,
  storeChoice,
  type ChoiceStorage,
} from './rememberedChoice';

// The console's language (issue 19): the browser's preference until the user picks one in the
// picker; the pick is remembered in localStorage. Whichever it is, entering a state applies it to
// i18next (every text) and to <html lang> (screen readers, fonts, hyphenation).

export const LANGUAGE_STORAGE_KEY = 'language';

export type LanguageStorage = ChoiceStorage;

export interface LanguageInput {
  /** The browser's languages, most wanted first (navigator.languages). */
  browserLanguages: readonly string[];
  storage?: LanguageStorage;
}

interface LanguageContext {
  browser: Language;
  stored: Language | null;
  storage?: LanguageStorage;
}

export type LanguageEvent =
  { type: 'language.choose'; language: Language } | { type: 'language.followBrowser' };

/** The language the context asks for: the remembered pick, else the browser's. */
const shown = (context: LanguageContext): Language => context.stored ?? context.browser;

export const languageMachine = setup({
  types: {
    input: {} as LanguageInput,
    context: {} as LanguageContext,
    events: {} as LanguageEvent,
  },
  guards: {
    hasChoice: ({ context }) => context.stored !== null,
  },
  actions: {
    applyLanguage: ({ context }) => {
      const language = shown(context);
      void i18n.changeLanguage(language);
      if (typeof document !== 'undefined') document.documentElement.lang = language;
    },
    rememberChoice: assign(({ context, event }) => {
      if (event.type !== 'language.choose') return {};
      storeChoice(context.storage, LANGUAGE_STORAGE_KEY, event.language);
      return { stored: event.language };
    }),
    forgetChoice: assign(({ context }) => {
      forgetChoice(context.storage, LANGUAGE_STORAGE_KEY);
      return { stored: null };
    }),
  },
}).createMachine({
  id: 'language',
  context: ({ input }) => ({
    browser: languageFor(input.browserLanguages),
    stored: readChoice(input.storage, LANGUAGE_STORAGE_KEY, isLanguage),
    storage: input.storage,
  }),
  initial: 'resolving',
  on: {
    'language.choose': { target: '.chosen', reenter: true, actions: 'rememberChoice' },
    'language.followBrowser': { target: '.browserDefault', reenter: true, actions: 'forgetChoice' },
  },
  states: {
    resolving: {
      always: [{ guard: 'hasChoice', target: 'chosen' }, { target: 'browserDefault' }],
    },
    /** Nothing picked: the browser's first supported language, English when none is. */
    browserDefault: { entry: 'applyLanguage' },
    /** The picker's choice, remembered across visits. */
    chosen: { entry: 'applyLanguage' },
  },
});

type LanguageSnapshot = SnapshotFrom<typeof languageMachine>;

export const selectLanguage = (snapshot: LanguageSnapshot): Language => shown(snapshot.context);
/** The picked language; null while the browser's is followed. */
export const selectChoice = (snapshot: LanguageSnapshot) => snapshot.context.stored;
export const selectBrowserLanguage = (snapshot: LanguageSnapshot) => snapshot.context.browser;

function browserInput(): LanguageInput {
  if (typeof window === 'undefined') return { browserLanguages: [] };
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  return { browserLanguages: languages, storage: browserStorage() };
}

let shared: ReturnType<typeof createActor<typeof languageMachine>> | undefined;

/** One language for the whole app, started at boot (before the first render reads a text). */
export function languageActor() {
  shared ??= createActor(languageMachine, { inspect, input: browserInput() }).start();
  return shared;
}
