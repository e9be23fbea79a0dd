import i18next from 'i18next';
import type { en } from './en';
import { core } from './en/core';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from './languages';

// The console's texts in every language (docs/spec.md quotes the English ones): one i18next
// instance. English is bundled: the first screen's texts (./en/core.ts) from boot, each other
// screen's when a view that uses them loads (./en/<screen>.ts, addEnglish); another language's
// catalog is added whole when it arrives (./load.ts). Which language shows is the language machine's business
// (src/machines/shell/language.machine.ts); views read texts through src/views/ui/i18n.tsx.

export {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_STORAGE_KEY,
  languageFor,
  LANGUAGES,
  type Language,
} from './languages';

export const i18n = i18next.createInstance();

void i18n.init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES.map((language) => language.code),
  // A deep copy: the screens' texts are merged into it (addEnglish), some into the groups core
  // has too (build, repo, shell), never into the module's objects.
  resources: { en: { translation: structuredClone(core) } },
  // English is in memory: the first render already has its texts. Other catalogs are added
  // as they arrive, never fetched by i18next itself.
  initAsync: false,
  partialBundledLanguages: true,
  // React escapes what it renders; escaping here too would show '&amp;' for '&'.
  interpolation: { escapeValue: false },
});

/** The language texts, dates and numbers are shown in now. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Some of a catalog's groups, each with some of its texts. */
type SomeTexts<T> = { [K in keyof T]?: T[K] extends string ? T[K] : SomeTexts<T[K]> };

/** English texts of a screen loaded on demand (./en/<screen>.ts), added as its code arrives. */
export function addEnglish(texts: SomeTexts<typeof en>): void {
  i18n.addResourceBundle('en', 'translation', texts, true, true);
}
