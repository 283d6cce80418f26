// The words of the account mails in the recipient's language (issue 50, decision 049): a hidden review,
// an account's deletion, an administrator's decision on a profile or a claim, the licence notices. The
// messages (contracts/src/mail-messages.ts) are ICU strings compiled by Lingui as the texts' are
// (messages.ts); a message a language lacks is English's. Used by the API (which sends these) and the workers.
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { formatLagosDate, formatLagosTime } from '@ilera/contracts';
import type { Locale } from '@ilera/contracts/locales';
import { mailMessages, type MailMessageId } from '@ilera/contracts/mail-messages';
import { localDay, usesEnglishDates } from './messages';

export { recipientLocale } from './messages';

const catalogues = new Map<Locale, I18n>();

/** The mail message `id` in `locale` with `values`; English where the language lacks it. */
export function mailMessage(locale: Locale, id: MailMessageId, values: Record<string, string | number> = {}): string {
  let i18n = catalogues.get(locale);
  if (!i18n) {
    const words: Partial<Record<string, string>> = { ...mailMessages.en };
    for (const [key, text] of Object.entries(locale === 'en' ? {} : (mailMessages[locale] ?? {}))) if (text) words[key] = text;
    const compiled = Object.fromEntries(Object.entries(words).map(([key, text]) => [key, compileMessage(text!)]));
    i18n = setupI18n({ locale, messages: { [locale]: compiled } });
    catalogues.set(locale, i18n);
  }
  return i18n._(id, values);
}

/** 'Hello Ada,' or 'Hello,' when the name is missing or blank. */
const mailHello = (locale: Locale, name: string | null | undefined): string =>
  name?.trim() ? mailMessage(locale, 'hello', { name: name.trim() }) : mailMessage(locale, 'hello-anonymous');

/**
 * An account mail's text: the greeting ('Hello Ada,' or 'Hello,'), a blank line, the body's lines as given (blank
 * lines included), a blank line and 'The Ilera team', in `locale`. Every account mail has this shape.
 */
export const mailLetter = (locale: Locale, name: string | null | undefined, body: readonly string[]): string =>
  [mailHello(locale, name), '', ...body, '', mailMessage(locale, 'team')].join('\n');

/** A day in WAT: 'Mon, 24 Nov 2026' in English and Pidgin, CLDR's full date in Hausa, Yorùbá and Igbo ('Alhamis 12 Maris, 2099'). */
export const mailDay = (locale: Locale, date: Date): string => (usesEnglishDates(locale) ? formatLagosDate(date) : localDay(locale, date, true));

/** An appointment's time: 'Mon, 24 Nov 2026 at 09:30 WAT' in English. */
export const mailWhen = (locale: Locale, date: Date): string =>
  mailMessage(locale, 'account-cancelled.when', { day: mailDay(locale, date), time: formatLagosTime(date) });
