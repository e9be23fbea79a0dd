import type { Language } from '../src/i18n';
import { loadCatalog, showLanguage } from '../src/i18n/load';

/** Shows the app in `language`, its catalog fetched first as the language machine does. */
export async function switchLanguage(language: Language): Promise<void> {
  await loadCatalog(language);
  showLanguage(language);
}
