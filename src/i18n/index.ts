import { i18n } from '@lingui/core';
import { messages as firstScreen } from './en/core';
import type { TextKey } from './en/keys';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages';

// The console's texts in every language (docs/spec.md quotes the English ones), read through
// Lingui's runtime (@lingui/core) from catalogs compiled out of src/locales/*.po (README
// "Languages"): no message is parsed in the browser. English is bundled: the first screen's texts
// (./en/core.ts) from boot, each other screen's when a view that uses them loads
// (./en/<screen>.ts, addEnglish); another language's catalog is loaded whole when it arrives
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
export type { TextKey };
export { i18n };

/** The values a text's `{name}`s take; `count` also picks a plural's form. */
export type Values = Readonly<Record<string, unknown>>;

/** A text by its key, in the language shown, its values filled in (as text, never markup). */
export type Translate = (key: TextKey, values?: Values) => string;

i18n.loadAndActivate({ locale: DEFAULT_LANGUAGE, messages: firstScreen });

/** The text of `key` in the language shown now. */
export const t = i18n.t as Translate;

/** The language texts, dates and numbers are shown in now. */
export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
}

/** English texts of a screen loaded on demand (./en/<screen>.ts), added as its code arrives. */
export function addEnglish(messages: Parameters<typeof i18n.load>[1]): void {
  i18n.load(DEFAULT_LANGUAGE, messages!);
}
