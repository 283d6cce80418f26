// What the texts say (issue 36, D24): in the recipient account's language (issue 50, decision 049;
// the words are in contracts/src/text-messages.ts), one SMS segment (160 GSM-7 characters) where possible, the provider, the time in WAT and a link; never the
// reason for visit, the appointment type or anything clinical, and never the patient's name.
import { DateTime } from 'luxon';
import { formatLagosDate, formatLagosTime } from '@ilera/contracts';
import { DEFAULT_LOCALE, type Locale } from '@ilera/contracts/locales';
import { hasMessage, localDay, message, usesEnglishDates, type TextMessageId } from '../messages';
import type { TextMessage } from './types';

export const SMS_SEGMENT = 160;

// The GSM 03.38 basic set; the extension set's characters count twice. Anything else
// makes the whole text UCS-2, 70 characters a segment.
const GSM7 = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM7_EXTENDED = new Set('^{}\\[~]|€');

/** How a text is sent: GSM-7 when every character is in GSM 03.38's sets, else UCS-2. */
export function smsEncoding(text: string): 'GSM-7' | 'UCS-2' {
  for (const ch of text) if (!GSM7.has(ch) && !GSM7_EXTENDED.has(ch)) return 'UCS-2';
  return 'GSM-7';
}

/**
 * How many SMS segments a text costs. GSM-7: 160 septets, or 153 a segment when split (an
 * extension character's two septets never straddle two segments); UCS-2: 70 UTF-16 units, or 67 a
 * segment (a surrogate pair never split).
 */
export function smsSegments(text: string): number {
  const ucs2 = smsEncoding(text) === 'UCS-2';
  const units = [...text].map((ch) => (ucs2 ? ch.length : GSM7_EXTENDED.has(ch) ? 2 : 1));
  const total = units.reduce((a, b) => a + b, 0);
  const single = ucs2 ? 70 : SMS_SEGMENT;
  if (total <= single) return 1;
  const per = ucs2 ? 67 : 153;
  let segments = 1;
  let used = 0;
  for (const u of units) {
    if (used + u > per) {
      segments++;
      used = 0;
    }
    used += u;
  }
  return segments;
}

// Hausa's hooked letters are letters of their own, not a letter and a mark: written b, d, k and y
// where a keyboard or a phone lacks them (decision 049). ʼ (U+02BC, Hausa's ʼy) is an apostrophe.
const PLAIN_LETTERS: Record<string, string> = { ɓ: 'b', Ɓ: 'B', ɗ: 'd', Ɗ: 'D', ƙ: 'k', Ƙ: 'K', ƴ: 'y', Ƴ: 'Y', ʼ: "'" };

/**
 * A text as GSM-7 can carry it: Yoruba and Igbo letters lose their marks (Ọ -> O, ẹ -> e, ṅ -> n),
 * Hausa's ɓ ɗ ƙ ƴ become b d k y, curly quotes and dashes become plain ones. One such letter would
 * otherwise make the whole text UCS-2 and split it in three.
 */
export function toGsm7(text: string): string {
  const plain = text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/[ɓƁɗƊƙƘƴƳʼ]/g, (ch) => PLAIN_LETTERS[ch]!)
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
  return [...plain].map((ch) => (GSM7.has(ch) || GSM7_EXTENDED.has(ch) ? ch : '?')).join('');
}

/** 'Tue, 24 Nov, 09:30 WAT': the year is known, and every character costs. Other languages name the day in their own words. */
export function smsWhen(date: Date, locale: Locale = DEFAULT_LOCALE): string {
  const day = usesEnglishDates(locale) ? formatLagosDate(date).replace(/ \d{4}$/, '') : localDay(locale, date);
  return `${day}, ${formatLagosTime(date)} WAT`;
}

/**
 * A provider's name no longer than `max` characters with its '...', cut between words (never inside
 * one, unless its first word alone is longer).
 */
function shortenName(full: string, max: number): string {
  if (full.length <= max) return full;
  const room = Math.max(9, max - 3);
  let cut = full.slice(0, room);
  const space = cut.lastIndexOf(' ');
  if (full[room] !== ' ' && space >= 6) cut = cut.slice(0, space);
  return `${cut.replace(/[\s,.;:&-]+$/, '')}...`;
}

/**
 * An SMS body in the recipient's language (decision 049): the message written in GSM-7 (marks
 * stripped from the fixed words as from the name). When it is longer than one segment: first the
 * language's shorter wording (`.short`) with the whole name; then the provider's name shortened between
 * words (never the time or the link), in the shorter wording first; failing all, the fullest wording whole, which the
 * network delivers as a concatenated SMS of 153-character segments: a text is never cut.
 */
export function smsBody(locale: Locale, id: SmsMessageId, values: Record<string, string | number>, provider?: string): string {
  const wordings: TextMessageId[] = [id, ...(hasMessage(locale, `${id}.short` as TextMessageId) ? [`${id}.short` as TextMessageId] : [])];
  const full = provider === undefined ? undefined : toGsm7(provider).trim();
  const make = (wording: TextMessageId, name: string | undefined) =>
    toGsm7(message(locale, wording, { ...values, ...(name === undefined ? {} : { provider: name }) }));
  for (const wording of wordings) {
    const text = make(wording, full);
    if (smsSegments(text) === 1) return text;
  }
  if (full !== undefined) {
    // The shorter wording first: it leaves the name more room.
    for (const wording of [...wordings].reverse()) {
      let name = full;
      let text = make(wording, name);
      while (smsSegments(text) > 1 && name.length > 12) {
        const excess = Math.max(1, text.length - SMS_SEGMENT);
        name = shortenName(full, Math.max(12, name.length - excess));
        text = make(wording, name);
      }
      if (smsSegments(text) === 1) return text;
    }
  }
  return make(id, full);
}

export type TextKind = 'booked' | 'confirmed' | 'cancelled' | 'reminder-24h' | 'reminder-2h' | 'provider-request' | 'care-reconfirm' | 'reply';
type SmsMessageId = Extract<TextMessageId, `sms.${string}`>;

/** The WhatsApp template of each kind a business starts (approved in WhatsApp Manager; decision 034). */
export const whatsappTemplates: Record<Exclude<TextKind, 'reply'>, string> = {
  booked: 'ilera_appointment_received',
  confirmed: 'ilera_appointment_confirmed',
  cancelled: 'ilera_appointment_cancelled',
  'reminder-24h': 'ilera_appointment_reminder',
  'reminder-2h': 'ilera_appointment_reminder_2h',
  'provider-request': 'ilera_new_request',
  'care-reconfirm': 'ilera_care_reconfirm',
};

/**
 * WhatsApp's language code of each language's approved templates (decision 049): one template per
 * name and language in WhatsApp Manager, with the text of contracts/src/text-messages.ts. English's
 * code is the sender's WHATSAPP_TEMPLATE_LANGUAGE (`en` by default). Meta offers Hausa (`ha`) but no
 * code for Yorùbá, Igbo or Nigerian Pidgin: their WhatsApp texts use the English template (the fallback),
 * while their SMS and e-mail are in their language.
 */
export const whatsappLanguages: Record<Locale, string | null> = { en: null, ha: 'ha', yo: null, ig: null, pcm: null };

/** The language a WhatsApp template goes in: the recipient's when WhatsApp has it, else English. */
const templateLocale = (locale: Locale): Locale => (whatsappLanguages[locale] ? locale : DEFAULT_LOCALE);

/** An approved template in the recipient's language, or English's where WhatsApp has none of theirs. */
function template(kind: Exclude<TextKind, 'reply'>, locale: Locale, params: string[]): NonNullable<TextMessage['template']> {
  const language = whatsappLanguages[templateLocale(locale)];
  return { name: whatsappTemplates[kind], params, ...(language ? { language } : {}) };
}

export interface PatientText {
  kind: Exclude<TextKind, 'provider-request' | 'care-reconfirm' | 'reply'>;
  providerName: string;
  appointmentDate: Date;
  link: string;
  /** The patient account's language (users.language); English when none. */
  locale?: Locale;
}

/**
 * A text to the patient: the body for SMS (also sent when WhatsApp is off), the template and its
 * parameters for WhatsApp (its time written in the template's language).
 */
export function patientText(t: PatientText, to: string, channel: TextMessage['channel']): TextMessage {
  const locale = t.locale ?? DEFAULT_LOCALE;
  const whenIn = (l: Locale) => (t.kind === 'reminder-2h' ? `${formatLagosTime(t.appointmentDate)} WAT` : smsWhen(t.appointmentDate, l));
  const body = smsBody(locale, `sms.${t.kind}`, { when: whenIn(locale), link: t.link, hours: 2 }, t.providerName);
  return { to, body, channel, template: template(t.kind, locale, [t.providerName, whenIn(templateLocale(locale)), t.link]) };
}

/** The provider hears of a new request by SMS: the time and the link, no patient details (they are behind the sign-in). */
export function providerRequestText(appointmentDate: Date, confirmed: boolean, to: string, link: string, locale: Locale = DEFAULT_LOCALE): TextMessage {
  const body = smsBody(locale, confirmed ? 'sms.provider-instant' : 'sms.provider-request', { when: smsWhen(appointmentDate, locale), link });
  return { to, body, channel: 'sms', template: template('provider-request', locale, [smsWhen(appointmentDate, templateLocale(locale)), link]) };
}

/** The owner is asked to re-confirm the provider's care facts (issue 45): its name and where to do it. */
export function careReconfirmText(providerName: string, to: string, link: string, locale: Locale = DEFAULT_LOCALE): TextMessage {
  const body = smsBody(locale, 'sms.care-reconfirm', { link }, providerName);
  return { to, body, channel: 'sms', template: template('care-reconfirm', locale, [providerName, link]) };
}

// ---------------------------------------------------------------- quiet hours (D24)

const QUIET_FROM_HOUR = 21;
const QUIET_UNTIL_HOUR = 7;

/**
 * When a text may go out: now, or 07:00 WAT when now is within the quiet hours 21:00-07:00 WAT.
 * D24 (issue 48): every text waits for it but one that answers the recipient's own action just
 * taken (the booking the patient made, the cancellation they sent: appointment-texts.ts).
 */
export function afterQuietHours(now: Date): Date {
  const lagos = DateTime.fromJSDate(now).setZone('Africa/Lagos');
  if (lagos.hour >= QUIET_UNTIL_HOUR && lagos.hour < QUIET_FROM_HOUR) return now;
  const morning = lagos.set({ hour: QUIET_UNTIL_HOUR, minute: 0, second: 0, millisecond: 0 });
  return (lagos.hour >= QUIET_FROM_HOUR ? morning.plus({ days: 1 }) : morning).toJSDate();
}
