import { useSyncExternalStore } from 'react';
import { i18n, t, type Translate } from '../../i18n';

// Views read their texts here, from Lingui's runtime (src/i18n), read directly so no provider has
// to wrap a view first (view tests render components on their own).

const onLanguageChange = (listener: () => void) => i18n.on('change', listener);
const language = () => i18n.locale;

/**
 * The chosen language's tag, for Intl and for code that formats without a translator
 * (src/logs); the component re-renders when it changes.
 */
export function useLocale(): string {
  return useSyncExternalStore(onLanguageChange, language, language);
}

/**
 * The translate function for the chosen language; the component re-renders when it changes.
 * One function per language: a new identity only when the language changes, so memoized
 * children holding it re-render then.
 */
export function useT(): Translate {
  const language = useLocale();
  if (language !== shown) [shown, translate] = [language, (key, values) => t(key, values)];
  return translate;
}

let shown = '';
let translate = t;

export type TFunction = Translate;
