import { cloneElement, type ReactElement, type ReactNode } from 'react';
import type { TextKey } from '../../i18n';
import { useT } from './i18n';

// A module of its own: only views that load on demand show texts with links, so the first
// screen does not carry it.

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
