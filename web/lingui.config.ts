// Lingui (issue 50, decision 046): messages are written in the code with Lingui's macros,
// extracted into one PO catalog per language (`npx lingui extract` in web/), and compiled by
// @lingui/vite-plugin when the build imports a catalog: one chunk per language.
import { defineConfig } from '@lingui/cli';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ha', 'yo', 'ig', 'pcm'],
  // A message a catalog lacks is English, never its id.
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/src/locales/{locale}/messages', include: ['<rootDir>/src'], exclude: ['**/node_modules/**', '**/*.test.*'] }],
  orderBy: 'messageId',
});
