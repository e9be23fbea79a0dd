import i18next from 'i18next';
import { en } from './en';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from './languages';

// The console's texts in every language (docs/spec.md quotes the English ones): one i18next
// instance. English is bundled; another language's catalog is added when it arrives
// (./load.ts). Which language shows is the language machine's business
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
  resources: { en: { translation: en } },
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
