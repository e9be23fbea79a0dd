// Lingui (README "Languages"): `npm run i18n:extract` writes every key the sources give into the
// PO catalogs (src/locales); `npm run i18n:compile` turns them into the modules the console loads.
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { textKeys } from './scripts/i18n/extract';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'zh-CN'],
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/src/locales/{locale}', include: ['<rootDir>/src'] }],
  format: formatter({ explicitIdAsDefault: true, lineNumbers: false }),
  extractors: [textKeys],
  orderBy: 'messageId',
});
