import { cloneElement, type ReactElement, type ReactNode, useSyncExternalStore } from 'react';
import { i18n, type TextKey } from '../../i18n';
import { interpolate, type Translate } from '../../i18n/translator';

// Views read their texts here: the console's one translator (src/i18n/translator.ts), read
// directly so no global registration has to run first (view tests render components on their
// own). No react-i18next, nor i18next under it: these few lines and the translator are all the
// console used of them, and the first screen paid 7 and 14 KiB gzipped for them (issue 18).

const onLanguageChange = (listener: () => void) => i18n.onLanguageChange(listener);
const language = () => i18n.language;

/** The chosen language's tag; the component re-renders when it changes. */
function useLanguage(): string {
  return useSyncExternalStore(onLanguageChange, language, language);
}

/**
 * The translate function for the chosen language; the component re-renders when it changes.
 * One function per language: a new identity only when the language changes, so memoized
 * children holding it re-render then.
 */
export function useT(): Translate<TextKey> {
  return i18n.fixedT(useLanguage());
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
  i18nKey: TextKey;
  values?: Record<string, string>;
  components: Record<string, ReactElement>;
}) {
  const lng = useLanguage();
  const template = i18n.template(lng, i18nKey);
  const text = (piece: string) => interpolate(piece, values);
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
