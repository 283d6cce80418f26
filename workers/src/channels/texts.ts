// What the texts say (issue 36, D24): plain English, one SMS segment (160 GSM-7
// characters) where possible, the provider, the time in WAT and a link; never the
// reason for visit, the appointment type or anything clinical, and never the patient's name.
import { DateTime } from 'luxon';
import { formatLagosDate, formatLagosTime } from '@ilera/contracts';
import type { TextMessage } from './types';

export const SMS_SEGMENT = 160;

// The GSM 03.38 basic set; the extension set's characters count twice. Anything else
// makes the whole text UCS-2, 70 characters a segment.
const GSM7 = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM7_EXTENDED = new Set('^{}\\[~]|€');

/** How many SMS segments a text costs (GSM-7: 160, or 153 each when split; UCS-2: 70, or 67). */
export function smsSegments(text: string): number {
  let units = 0;
  for (const ch of text) {
    if (GSM7.has(ch)) units += 1;
    else if (GSM7_EXTENDED.has(ch)) units += 2;
    else {
      const n = [...text].length;
      return n <= 70 ? 1 : Math.ceil(n / 67);
    }
  }
  return units <= 160 ? 1 : Math.ceil(units / 153);
}

/**
 * A name as GSM-7 can carry it: Yoruba and Igbo letters lose their marks (Ọ -> O, ẹ -> e),
 * curly quotes and dashes become plain ones. One such letter would otherwise make the
 * whole text UCS-2 and split it in three.
 */
export function toGsm7(text: string): string {
  const plain = text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
  return [...plain].map((ch) => (GSM7.has(ch) || GSM7_EXTENDED.has(ch) ? ch : '?')).join('');
}

/** 'Tue, 24 Nov, 09:30 WAT': the year is known, and every character costs. */
export function smsWhen(date: Date): string {
  return `${formatLagosDate(date).replace(/ \d{4}$/, '')}, ${formatLagosTime(date)} WAT`;
}

/**
 * Builds the text with the provider's name, shortening the name (never the time or the
 * link) until it fits one segment.
 */
function fit(make: (provider: string) => string, provider: string): string {
  let name = toGsm7(provider).trim();
  let text = make(name);
  while (smsSegments(text) > 1 && name.length > 12) {
    const excess = Math.max(1, text.length - SMS_SEGMENT);
    name = `${name.slice(0, Math.max(9, name.length - excess - 3)).trimEnd()}...`;
    text = make(name);
  }
  return text;
}

export type TextKind = 'booked' | 'confirmed' | 'cancelled' | 'reminder-24h' | 'reminder-2h' | 'provider-request' | 'care-reconfirm' | 'reply';

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

export interface PatientText {
  kind: Exclude<TextKind, 'provider-request' | 'care-reconfirm' | 'reply'>;
  providerName: string;
  appointmentDate: Date;
  link: string;
}

const patientTexts: Record<PatientText['kind'], (p: string, when: string, link: string) => string> = {
  booked: (p, when, link) => `Ilera: your request to see ${p} on ${when} is received. We will text you when it is confirmed. ${link}`,
  confirmed: (p, when, link) => `Ilera: your appointment with ${p} on ${when} is confirmed. Reply 2 to cancel. ${link}`,
  cancelled: (p, when, link) => `Ilera: your appointment with ${p} on ${when} is cancelled. ${link}`,
  'reminder-24h': (p, when, link) => `Ilera reminder: ${p}, ${when}. Reply 1 if you will come, 2 to cancel. ${link}`,
  'reminder-2h': (p, when, link) => `Ilera: your appointment with ${p} is at ${when}, in 2 hours. Reply 2 if you cannot come. ${link}`,
};

/** A text to the patient: the body for SMS, the template and its parameters for WhatsApp. */
export function patientText(t: PatientText, to: string, channel: TextMessage['channel']): TextMessage {
  const when = t.kind === 'reminder-2h' ? `${formatLagosTime(t.appointmentDate)} WAT` : smsWhen(t.appointmentDate);
  const body = fit((p) => patientTexts[t.kind](p, when, t.link), t.providerName);
  return { to, body, channel, template: { name: whatsappTemplates[t.kind], params: [t.providerName, when, t.link] } };
}

/** The provider hears of a new request by SMS: the time and the link, no patient details (they are behind the sign-in). */
export function providerRequestText(appointmentDate: Date, confirmed: boolean, to: string, link: string): TextMessage {
  const when = smsWhen(appointmentDate);
  const body = confirmed
    ? `Ilera: new appointment (instant booking, confirmed) on ${when}. See it: ${link}`
    : `Ilera: new appointment request for ${when}. Please confirm or decline: ${link}`;
  return { to, body, channel: 'sms', template: { name: whatsappTemplates['provider-request'], params: [when, link] } };
}

/** The owner is asked to re-confirm the provider's care facts (issue 45): its name and where to do it. */
export function careReconfirmText(providerName: string, to: string, link: string): TextMessage {
  const body = fit((p) => `Ilera: please check and confirm the opening hours, health plans and fees of ${p}. ${link}`, providerName);
  return { to, body, channel: 'sms', template: { name: whatsappTemplates['care-reconfirm'], params: [providerName, link] } };
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
