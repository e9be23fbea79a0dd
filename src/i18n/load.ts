import { i18n } from './index';
import { fetchCatalog, type Language } from './languages';

const loaded = new Set<Language>();

/** Makes a language's texts available: at once for English, else once they arrive. */
export async function loadCatalog(language: Language): Promise<void> {
  if (language === 'en' || loaded.has(language)) return;
  i18n.load(language, await fetchCatalog(language));
  loaded.add(language);
}

/** Shows a language whose texts are loaded (./load.ts loadCatalog first). */
export function showLanguage(language: Language): void {
  if (i18n.locale !== language) i18n.activate(language);
}

/** Forgets which catalogs arrived, so the next pick fetches again (tests: a first visit). */
export function forgetCatalogs(): void {
  loaded.clear();
}
