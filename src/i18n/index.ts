import i18next from 'i18next';
import { en } from './en';
import { zhCN } from './zh-CN';

// The console's texts in every language (docs/spec.md quotes the English ones): one i18next
// instance, fed from the catalogs of this folder. Which language shows is the language machine's
// business (src/machines/shell/language.machine.ts); views read texts through src/views/ui/i18n.ts.

/** Every language the console speaks, with its name as its speakers write it (for the picker). */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'zh-CN', name: '简体中文' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];

export const DEFAULT_LANGUAGE: Language = 'en';

export const catalogs: Record<Language, object> = { en, 'zh-CN': zhCN };

export const i18n = i18next.createInstance();

void i18n.init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES.map((language) => language.code),
  resources: { en: { translation: en }, 'zh-CN': { translation: zhCN } },
  // The catalogs are in memory: the first render already has its texts.
  initAsync: false,
  // React escapes what it renders; escaping here too would show '&amp;' for '&'.
  interpolation: { escapeValue: false },
});

/**
 * The supported language a browser's preference list asks for first ('zh-TW' or 'zh' read the
 * simplified catalog rather than English); English when none matches.
 */
export function languageFor(preferences: readonly string[]): Language {
  for (const preference of preferences) {
    const tag = preference.toLowerCase();
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return DEFAULT_LANGUAGE;
}

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language.code === value);
}

/** The language texts, dates and numbers are shown in now. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
