import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  languageFor,
  type Language,
} from '../../i18n';
import { loadCatalog, showLanguage } from '../../i18n/load';
import { defaultLanguage } from '../../config';
import { msg } from '../../i18n/message';
import { notify } from './toasts.machine';
import { appActor } from '../app/appActors';
import {
  browserStorage,
  forgetChoice,
  readChoice,
  storeChoice,
  type ChoiceStorage,
} from './rememberedChoice';

// The console's language (issue 19): the browser's preference until the user picks one in the
// picker; the pick is remembered in localStorage. Whichever it is, its catalog is loaded first
// (English is bundled, other languages are fetched on demand) and then applied to the translator
// (every text) and to <html lang> (screen readers, fonts, hyphenation). A catalog that cannot be
// fetched leaves English on screen and a warning that says so.

export { LANGUAGE_STORAGE_KEY };

export type LanguageStorage = ChoiceStorage;

export interface LanguageInput {
  /** The browser's languages, most wanted first (navigator.languages). */
  browserLanguages: readonly string[];
  /** The deployment's language for browsers that ask for none the console speaks (config.json). */
  defaultLanguage?: Language;
  storage?: LanguageStorage;
}

interface LanguageContext {
  browser: Language;
  stored: Language | null;
  storage?: LanguageStorage;
}

export type LanguageEvent =
  | { type: 'language.choose'; language: Language }
  | { type: 'language.followBrowser' }
  | { type: 'language.retry' };

/** The language the context asks for: the remembered pick, else the browser's. */
const shown = (context: LanguageContext): Language => context.stored ?? context.browser;

const nameOf = (code: Language) => LANGUAGES.find((language) => language.code === code)!.name;

function apply(language: Language) {
  showLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export const languageMachine = setup({
  types: {
    input: {} as LanguageInput,
    context: {} as LanguageContext,
    events: {} as LanguageEvent,
  },
  actors: {
    loadCatalog: fromPromise<void, Language>(({ input }) => loadCatalog(input)),
  },
  actions: {
    applyLanguage: ({ context }) => apply(shown(context)),
    applyFallback: () => apply(DEFAULT_LANGUAGE),
    reportFailure: ({ context }) =>
      notify.warning(msg('messages.languageFailed', { message: nameOf(shown(context)) })),
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
    browser: languageFor(input.browserLanguages, input.defaultLanguage),
    stored: readChoice(input.storage, LANGUAGE_STORAGE_KEY, isLanguage),
    storage: input.storage,
  }),
  initial: 'loading',
  on: {
    'language.choose': { target: '.loading', reenter: true, actions: 'rememberChoice' },
    'language.followBrowser': { target: '.loading', reenter: true, actions: 'forgetChoice' },
  },
  states: {
    /**
     * The asked language's catalog on its way (at once for English, which is bundled); the
     * language shown before stays meanwhile.
     */
    loading: {
      invoke: {
        id: 'catalog',
        src: 'loadCatalog',
        input: ({ context }) => shown(context),
        onDone: 'shown',
        onError: 'failed',
      },
    },
    /** The asked language: the remembered pick, else the browser's first supported one. */
    shown: { entry: 'applyLanguage' },
    /**
     * The catalog did not arrive: English shows, and a warning says so. The picker offers Retry
     * (picking the language again retries too).
     */
    failed: {
      entry: ['applyFallback', 'reportFailure'],
      on: { 'language.retry': 'loading' },
    },
  },
});

type LanguageSnapshot = SnapshotFrom<typeof languageMachine>;

export const selectLanguage = (snapshot: LanguageSnapshot): Language => shown(snapshot.context);
/** The picked language; null while the browser's is followed. */
export const selectChoice = (snapshot: LanguageSnapshot) => snapshot.context.stored;
export const selectBrowserLanguage = (snapshot: LanguageSnapshot) => snapshot.context.browser;
/** Whether the asked language's catalog is still on its way (English shows meanwhile). */
export const selectLoading = (snapshot: LanguageSnapshot) => snapshot.matches('loading');
/** Whether the asked language's catalog could not be fetched (English shows instead). */
export const selectLoadFailed = (snapshot: LanguageSnapshot) => snapshot.matches('failed');

function browserInput(): LanguageInput {
  if (typeof window === 'undefined') return { browserLanguages: [] };
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  return {
    browserLanguages: languages,
    storage: browserStorage(),
    defaultLanguage: defaultLanguage(),
  };
}

/** One language for the whole app, started at boot (before the first render reads a text). */
export const languageActor = () => appActor('language', languageMachine, { input: browserInput });
