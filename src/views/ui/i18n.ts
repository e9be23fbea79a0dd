import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n';

// Views read their texts here: the console's one i18next instance, passed explicitly so no
// global registration has to run first (view tests render components on their own).

/** The translate function for the chosen language; the component re-renders when it changes. */
export function useT() {
  return useTranslation(undefined, { i18n }).t;
}

export type TFunction = ReturnType<typeof useT>;
