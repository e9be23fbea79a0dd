import { cloneElement, type ReactElement, type ReactNode, useSyncExternalStore } from 'react';
import { i18n, translatorFor, type TextKey, type Translate } from '../../i18n';

// Views read their texts here, from Lingui's runtime (src/i18n), read directly so no provider has
// to wrap a view first (view tests render components on their own).

const onLanguageChange = (listener: () => void) => i18n.on('change', listener);
const language = () => i18n.locale;

/** The chosen language's tag; the component re-renders when it changes. */
function useLanguage(): string {
  return useSyncExternalStore(onLanguageChange, language, language);
}

/**
 * The translate function for the chosen language; the component re-renders when it changes.
 * One function per language: a new identity only when the language changes, so memoized
 * children holding it re-render then.
 */
export function useT(): Translate {
  return translatorFor(useLanguage());
}

export type TFunction = Translate;

/**
 * The chosen language's tag, for Intl and for code that formats without a translator
 * (src/logs); the component re-renders when it changes.
 */
export function useLocale(): string {
  return useLanguage();
}

/** `<name>text</name>` or `<name/>` in a catalog's text. */
const TAG = /<(\w+)>([^<]*)<\/\1>|<(\w+)\s*\/>/g;
/** Stands for a value while the text's tags are read (a private-use character, never typed). */
const VALUE = /\uE000(\d+)\uE001/g;

/**
 * A text with markup: the catalog's `<name>…</name>` tags become the given elements (with the
 * tag's text as their children; `<name/>` keeps the element's own), so links sit where each
 * language puts them. The tags are read with each value stood in for by a mark, and the values
 * go in as text afterwards: a value never becomes markup.
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
  const t = useT();
  const names = Object.keys(values);
  const marks = Object.fromEntries(names.map((name, index) => [name, `\uE000${index}\uE001`]));
  const template = t(i18nKey, marks);
  const text = (piece: string) => piece.replace(VALUE, (_, index) => values[names[+index]!]!);
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
