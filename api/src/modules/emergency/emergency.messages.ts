// The emergency page's words in each language (issue 50, decision 046). The page is one HTML
// document the API draws (no script file), so its messages (contracts/src/emergency-messages.ts) are not in the web's catalogs:
// ICU MessageFormat strings compiled by Lingui's own compiler on the server, plurals and numbers
// from Intl (CLDR). English is the page's text as it was; a message a language lacks is English.
// Translations are Beta until a native-speaking clinician has reviewed them (contracts/src/locales.ts).
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Locale } from '@ilera/contracts/locales';
import { emergencyMessages } from '@ilera/contracts/emergency-messages';

export type { EmergencyMessageId } from '@ilera/contracts/emergency-messages';

const i18ns = new Map<Locale, I18n>();

/**
 * The emergency page's I18n for a language: its messages over English's (a missing one is
 * English), compiled once. `t(id, values)` formats with the language's plural rules and numbers.
 */
export function emergencyI18n(locale: Locale): I18n {
  let i18n = i18ns.get(locale);
  if (!i18n) {
    const own: Partial<Record<string, string>> = (emergencyMessages as Partial<Record<Locale, Record<string, string>>>)[locale] ?? {};
    const merged: Record<string, string> = { ...emergencyMessages.en, ...own };
    const compiled = Object.fromEntries(Object.entries(merged).map(([id, text]) => [id, compileMessage(text)]));
    i18n = setupI18n({ locale, messages: { [locale]: compiled } });
    i18ns.set(locale, i18n);
  }
  return i18n;
}
