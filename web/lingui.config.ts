// Lingui (issue 50, decision 046): messages are written in the code with Lingui's macros,
// extracted into one PO catalog per language (`npx lingui extract` in web/), and compiled by
// @lingui/vite-plugin when the build imports a catalog: one chunk per language.
import { defineConfig } from '@lingui/cli';

/** The code whose messages are in the booking dialog's catalog. */
const BOOKING = ['<rootDir>/src/features/appointments/components/BookAppointmentDialog.tsx'];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ha', 'yo', 'ig', 'pcm'],
  // A message a catalog lacks is English, never its id.
  fallbackLocales: { default: 'en' },
  // The booking dialog's texts are a catalog of their own (booking.po), fetched with the dialog's code when it
  // first opens: every page's first load carries messages.po, and few visitors open the dialog.
  catalogs: [
    { path: '<rootDir>/src/locales/{locale}/messages', include: ['<rootDir>/src'], exclude: ['**/node_modules/**', '**/*.test.*', ...BOOKING] },
    { path: '<rootDir>/src/locales/{locale}/booking', include: BOOKING, exclude: ['**/*.test.*'] },
  ],
  orderBy: 'messageId',
});
