import { setupI18n, type I18n, type Messages } from '@lingui/core';
import type { Locale } from '@ilera/contracts/locales';

/**
 * One I18n per page render (decision 046): the server draws pages in several languages at once,
 * so no render shares the language of another. Plurals and formats come from Intl (CLDR).
 */
export function createI18n(locale: Locale, messages: Messages): I18n {
  return setupI18n({ locale, messages: { [locale]: messages } });
}
