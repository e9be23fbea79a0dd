import 'i18next';
import type { en } from './en';

// Keys are checked at compile time: `t('account.title')` compiles only when English has it.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
