// The words of texts and appointment mail in the recipient's language (issue 50, decision 049).
// The messages (contracts/src/text-messages.ts) are ICU MessageFormat strings compiled by Lingui's own
// compiler, as the emergency page's are in the API (decision 046): plurals and selects by Lingui, plural
// rules from Intl (CLDR). A message a language lacks is English's, never its id.
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@ilera/contracts/locales';
import { textMessages, type TextMessageId } from '@ilera/contracts/text-messages';

export type { TextMessageId } from '@ilera/contracts/text-messages';

/** An account's language (users.language): null, or anything unknown, is English. */
export const recipientLocale = (language: string | null | undefined): Locale => (isLocale(language) ? language : DEFAULT_LOCALE);

const own = (locale: Locale): Partial<Record<string, string>> =>
  locale === DEFAULT_LOCALE ? textMessages.en : ((textMessages as Partial<Record<Locale, Partial<Record<string, string>>>>)[locale] ?? {});

const i18ns = new Map<Locale, I18n>();

function i18nFor(locale: Locale): I18n {
  let i18n = i18ns.get(locale);
  if (!i18n) {
    const merged: Record<string, string> = {};
    for (const [id, text] of Object.entries({ ...textMessages.en, ...own(locale) })) if (text) merged[id] = text;
    const compiled = Object.fromEntries(Object.entries(merged).map(([id, text]) => [id, compileMessage(text)]));
    i18n = setupI18n({ locale, messages: { [locale]: compiled } });
    i18ns.set(locale, i18n);
  }
  return i18n;
}

/** Whether `locale` has its own wording of `id` (the `.short` SMS wordings exist only where needed). */
export const hasMessage = (locale: Locale, id: TextMessageId): boolean => Boolean(own(locale)[id]);

/** The message `id` in `locale` with `values`; English where the language lacks it. */
export function message(locale: Locale, id: TextMessageId, values: Record<string, string | number> = {}): string {
  if (!(id in textMessages.en) && !hasMessage(locale, id)) throw new Error(`no message ${id} in ${locale}`);
  return i18nFor(locale)._(id, values);
}

// ---------------------------------------------------------------- dates in WAT per language

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: Locale, long: boolean): Intl.DateTimeFormat {
  const key = `${locale}:${long}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(
      locale,
      long ? { dateStyle: 'full', timeZone: 'Africa/Lagos' } : { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'Africa/Lagos' },
    );
    dateFormats.set(key, f);
  }
  return f;
}

/**
 * Nigerian Pidgin is written with English's day and month names ("Thu, 12 Mar"), which its readers
 * know: CLDR's Naijá names ("Tọ́z, 12 Mach") are a standard orthography few of them have seen (decision 049).
 */
export const usesEnglishDates = (locale: Locale): boolean => locale === DEFAULT_LOCALE || locale === 'pcm';

/**
 * The day of an appointment in Hausa, Yorùbá or Igbo with Intl's (CLDR's) names: short for an SMS
 * ('Alh, Mar 12'; '12 Oṣù Ẹrẹ̀nà, Ọjọ́bọ'), CLDR's full date for e-mail ('Alhamis 12 Maris, 2099').
 * English and Pidgin keep contracts' formatLagos forms ('Thu, 12 Mar').
 */
export const localDay = (locale: Locale, date: Date, long = false): string => dateFormat(locale, long).format(date);
