import { i18n } from './index';
import { fetchCatalog, type Language } from './languages';

/** Makes a language's texts available to i18next: at once for English, else once they arrive. */
export async function loadCatalog(language: Language): Promise<void> {
  if (language === 'en' || i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', await fetchCatalog(language));
}
