import type { Messages } from '@lingui/core';
import { retryingImport } from './retryingImport';

// Which languages the console speaks and where their catalogs come from, without Lingui: the
// boot script (src/main.tsx) reads this to start the chosen catalog's download beside the app's
// code. English is in the main bundle (the default and the fallback); every other catalog is a
// chunk of its own, fetched only by those who read it.

/** Every language the console speaks, with its name as its speakers write it (for the picker). */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'zh-CN', name: '简体中文' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];

export const DEFAULT_LANGUAGE: Language = 'en';

/** Where the language the user remembers picking is kept (the language machine writes it). */
export const LANGUAGE_STORAGE_KEY = 'language';

const zhCN = retryingImport(() => import('./zh-CN'));

/** The catalogs loaded on demand: every language but English (really fetched again on a retry). */
const catalogChunks: Record<Exclude<Language, 'en'>, () => Promise<Messages>> = {
  'zh-CN': () => zhCN().then((module) => module.messages),
};

const loading = new Map<Language, Promise<Messages>>();

/**
 * The catalog of a language other than English, fetched once (again after a failure, so a later
 * pick retries): the boot script's early request and the language machine's share one download.
 */
export function fetchCatalog(language: Exclude<Language, 'en'>): Promise<Messages> {
  let catalog = loading.get(language);
  if (!catalog) {
    catalog = catalogChunks[language]();
    catalog.catch(() => loading.delete(language));
    loading.set(language, catalog);
  }
  return catalog;
}

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language.code === value);
}

/**
 * The supported language a browser's preference list asks for first ('zh-TW' or 'zh' read the
 * simplified catalog rather than English); the deployment's default (English unless its
 * /config.json names another) when none matches.
 */
export function languageFor(
  preferences: readonly string[],
  fallback: Language = DEFAULT_LANGUAGE,
): Language {
  for (const preference of preferences) {
    const tag = preference.toLowerCase();
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return fallback;
}

/**
 * At boot, before the app's code has arrived: the language this visit will show (the remembered
 * pick, else the browser's), its catalog requested at once so a Chinese reader does not wait
 * for it after the app has rendered in English. Returns that language.
 */
export function prefetchCatalog(fallback: Language = DEFAULT_LANGUAGE): Language {
  let remembered: unknown = null;
  try {
    remembered = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage disabled: the browser's language decides.
  }
  const browser = navigator.languages?.length ? navigator.languages : [navigator.language];
  const language = isLanguage(remembered) ? remembered : languageFor(browser, fallback);
  // A failure shows when the language machine asks again.
  if (language !== 'en') fetchCatalog(language).catch(() => undefined);
  return language;
}
