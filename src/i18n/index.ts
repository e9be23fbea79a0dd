import type { en } from './en';
import { core } from './en/core';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages';
import { Translator, type Catalog, type KeyOf } from './translator';

// The console's texts in every language (docs/spec.md quotes the English ones): one translator
// (./translator.ts, the console's own rather than i18next's: issue 18). English is bundled: the
// first screen's texts (./en/core.ts) from boot, each other screen's when a view that uses them
// loads (./en/<screen>.ts, addEnglish); another language's catalog is added whole when it
// arrives (./load.ts). Which language shows is the language machine's business
// (src/machines/shell/language.machine.ts); views read texts through src/views/ui/i18n.tsx.

export {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_STORAGE_KEY,
  languageFor,
  LANGUAGES,
  type Language,
} from './languages';

/**
 * Every text's key, checked at compile time: `t('account.title')` compiles only when English
 * has the text (a count's forms, `x_one` and `x_other`, under their common key `x`).
 */
export type TextKey = KeyOf<typeof en>;

/**
 * English is in memory: the first render already has its texts. Screens' texts are merged into
 * copies (./translator.ts), some into the groups core has too (build, repo, shell).
 */
export const i18n = new Translator<TextKey>(DEFAULT_LANGUAGE, DEFAULT_LANGUAGE, core);

/** The language texts, dates and numbers are shown in now. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Some of a catalog's groups, each with some of its texts. */
type SomeTexts<T> = { [K in keyof T]?: T[K] extends string ? T[K] : SomeTexts<T[K]> };

/** English texts of a screen loaded on demand (./en/<screen>.ts), added as its code arrives. */
export function addEnglish(texts: SomeTexts<typeof en>): void {
  i18n.addTexts(DEFAULT_LANGUAGE, texts as Catalog);
}
