import { i18n } from './index';
import { fetchCatalog, type Language } from './languages';

/** Makes a language's texts available to the translator: at once for English, else once they arrive. */
export async function loadCatalog(language: Language): Promise<void> {
  if (language === 'en' || i18n.hasTexts(language)) return;
  i18n.addTexts(language, await fetchCatalog(language));
}
