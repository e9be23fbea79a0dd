import type { ParseKeys } from 'i18next';
import { Trans as I18nTrans, useTranslation, type TransProps } from 'react-i18next';
import { i18n } from '../../i18n';

// Views read their texts here: the console's one i18next instance, passed explicitly so no
// global registration has to run first (view tests render components on their own).

/** The translate function for the chosen language; the component re-renders when it changes. */
export function useT() {
  return useTranslation(undefined, { i18n }).t;
}

export type TFunction = ReturnType<typeof useT>;

/**
 * The chosen language's tag, for Intl and for code that formats without a translator
 * (src/logs); the component re-renders when it changes.
 */
export function useLocale(): string {
  return useTranslation(undefined, { i18n }).i18n.language;
}

type TransKey = ParseKeys;

/**
 * A text with markup: the catalog's `<name>…</name>` tags become the given elements, so links sit
 * where each language puts them. Values are interpolated as text.
 */
export function Trans(props: Omit<TransProps<TransKey>, 'i18n' | 't'>) {
  return <I18nTrans {...props} i18n={i18n} />;
}
