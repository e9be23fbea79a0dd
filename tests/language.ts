import { i18n, type Language } from '../src/i18n';
import { loadCatalog } from '../src/i18n/load';

/** Shows the app in `language`, its catalog fetched first as the language machine does. */
export async function switchLanguage(language: Language): Promise<void> {
  await loadCatalog(language);
  i18n.changeLanguage(language);
}
