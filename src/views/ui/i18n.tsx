import type { ParseKeys, TFunction as I18nTFunction } from 'i18next';
import { cloneElement, type ReactElement, type ReactNode, useSyncExternalStore } from 'react';
import { i18n } from '../../i18n';

// Views read their texts here: the console's one i18next instance, read directly so no global
// registration has to run first (view tests render components on their own). No react-i18next:
// these few lines are all the console used of it, and it cost the first screen 7 KiB gzipped
// with the HTML parser its Trans brings (issue 18).

function onLanguageChange(listener: () => void): () => void {
  i18n.on('languageChanged', listener);
  return () => i18n.off('languageChanged', listener);
}

const language = () => i18n.language;

/** The chosen language's tag; the component re-renders when it changes. */
function useLanguage(): string {
  return useSyncExternalStore(onLanguageChange, language, language);
}

// One translate function per language: a new one (a new identity) only when the language changes,
// so memoized children holding it re-render then.
const translators = new Map<string, I18nTFunction>();

function translatorFor(lng: string): I18nTFunction {
  let t = translators.get(lng);
  if (!t) {
    t = i18n.getFixedT(lng);
    translators.set(lng, t);
  }
  return t;
}

/** The translate function for the chosen language; the component re-renders when it changes. */
export function useT(): I18nTFunction {
  return translatorFor(useLanguage());
}

export type TFunction = ReturnType<typeof useT>;

/**
 * The chosen language's tag, for Intl and for code that formats without a translator
 * (src/logs); the component re-renders when it changes.
 */
export function useLocale(): string {
  return useLanguage();
}

/** `<name>text</name>` or `<name/>` in a catalog's text. */
const TAG = /<(\w+)>([^<]*)<\/\1>|<(\w+)\s*\/>/g;

/**
 * A text with markup: the catalog's `<name>…</name>` tags become the given elements (with the
 * tag's text as their children; `<name/>` keeps the element's own), so links sit where each
 * language puts them. The tags are read from the catalog's text before `{{values}}` go in, and
 * values are interpolated as text: a value never becomes markup.
 */
export function Trans({
  i18nKey,
  values = {},
  components,
}: {
  i18nKey: ParseKeys;
  values?: Record<string, string>;
  components: Record<string, ReactElement>;
}) {
  const lng = useLanguage();
  const template: string = translatorFor(lng)(i18nKey, { skipInterpolation: true });
  const text = (piece: string) => i18n.services.interpolator.interpolate(piece, values, lng, {});
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of template.matchAll(TAG)) {
    parts.push(text(template.slice(last, match.index)));
    const [whole, name = '', inner, selfClosing = ''] = match;
    const element = components[name || selfClosing];
    if (!element) parts.push(text(whole));
    else if (name) parts.push(cloneElement(element, { key: match.index }, text(inner ?? '')));
    else parts.push(cloneElement(element, { key: match.index }));
    last = match.index + whole.length;
  }
  parts.push(text(template.slice(last)));
  return <>{parts}</>;
}
