// Appointment mail: what the patient and the provider receive, and the .ics
// calendar file attached for the patient. Every time is written in WAT (D11).
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { DateTime } from 'luxon';
import type { Db } from '@ilera/db';
import { appointmentTypeLabels, formatLagos, formatLagosTime, type AppointmentType } from '@ilera/contracts';
import { DEFAULT_LOCALE, type Locale } from '@ilera/contracts/locales';
import { localDay, message, recipientLocale, usesEnglishDates } from './messages';
import type { MailJob } from './mail.worker';

export const APPOINTMENT_MINUTES = 30;

/** The appointment as the mail needs it, re-read from PostgreSQL (thin events). */
export interface AppointmentForMail {
  id: number;
  status: 'pending' | 'confirmed' | 'completed' | 'cancelled';
  appointmentType: string;
  appointmentDate: Date;
  patientName: string;
  patientEmail: string;
  patientPhone: string;
  reasonForVisit: string | null;
  reminderSentAt: Date | null;
  updatedAt: Date;
  providerName: string;
  providerEmail: string | null;
  /** The provider's public contact e-mail (D18): the calendar entry that patients receive names only this. */
  providerPublicEmail: string | null;
  providerAddress: string | null;
  /** E.164, as stored at booking (null for bookings made before migration 038). */
  patientPhoneE164: string | null;
  /** The patient's choice for texts (users.text_channel) and whether they opted into WhatsApp. */
  patientTextChannel: 'sms' | 'whatsapp' | 'none';
  patientWhatsappOptedIn: boolean;
  /** The provider's public phone, for the new-request SMS. */
  providerPhone: string | null;
  /**
   * Each side's account language (users.language, migration 076): null is English (issue 50, decision 049).
   * The patient's, when their account has none, is the language of the page they booked from (migration 078).
   */
  patientLanguage: string | null;
  providerLanguage: string | null;
}

export async function loadAppointmentForMail(sql: Db, id: number): Promise<AppointmentForMail | null> {
  const [row] = await sql<AppointmentForMail[]>`
    SELECT a.id, a.status, a.appointment_type, a.appointment_date, a.patient_name, a.patient_email, a.patient_phone,
      a.reason_for_visit, a.reminder_sent_at, a.updated_at, a.patient_phone_e164,
      coalesce(u.text_channel, 'sms') AS patient_text_channel, u.whatsapp_opted_in_at IS NOT NULL AS patient_whatsapp_opted_in,
      nullif(coalesce(p.phone, i.phone), '') AS provider_phone,
      coalesce(u.language, a.booking_locale) AS patient_language, CASE WHEN a.professional_id IS NOT NULL THEN pu.language ELSE iu.language END AS provider_language,
      CASE WHEN a.professional_id IS NOT NULL
        THEN concat_ws(' ', nullif(p.title, ''), pu.first_name, pu.last_name)
        ELSE i.name END AS provider_name,
      CASE WHEN a.professional_id IS NOT NULL THEN pu.email ELSE coalesce(nullif(i.email, ''), iu.email) END AS provider_email,
      nullif(CASE WHEN a.professional_id IS NOT NULL THEN p.contact_email ELSE i.email END, '') AS provider_public_email,
      nullif(concat_ws(', ', coalesce(p.address, i.address), coalesce(p.city, i.city), coalesce(p.state, i.state)), '') AS provider_address
    FROM appointments a
    LEFT JOIN users u ON u.id = a.patient_id
    LEFT JOIN professionals p ON p.id = a.professional_id
    LEFT JOIN users pu ON pu.id = p.user_id
    LEFT JOIN institutions i ON i.id = a.institution_id
    LEFT JOIN users iu ON iu.id = i.user_id
    WHERE a.id = ${id}`;
  return row ?? null;
}

// ---------------------------------------------------------------- .ics (RFC 5545, ical-generator)

// Lagos has kept WAT (UTC+1) without daylight saving since 1919: one fixed rule.
const LAGOS_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Africa/Lagos',
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0100',
  'TZNAME:WAT',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

const lagos = (d: Date) => DateTime.fromJSDate(d).setZone('Africa/Lagos');

/**
 * A calendar entry in Africa/Lagos local time with its VTIMEZONE, so calendar apps
 * show the WAT time whatever the phone's zone. A cancelled appointment sends
 * METHOD:CANCEL with the same UID, which removes the entry; like every entry it names
 * its ORGANIZER (the provider), which RFC 5546 requires of a cancellation.
 */
export function appointmentIcs(a: AppointmentForMail, now: Date, appUrl: string, locale: Locale = DEFAULT_LOCALE): string {
  const cancelled = a.status === 'cancelled';
  const end = new Date(a.appointmentDate.getTime() + APPOINTMENT_MINUTES * 60 * 1000);
  const calendar = ical({
    prodId: '//Ilera//Appointments//EN',
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
  });
  // Only the VTIMEZONE of the events' zone, no calendar-wide zone: DTSTAMP stays in UTC.
  calendar.timezone({ name: null, generator: (tz) => (tz === 'Africa/Lagos' ? LAGOS_VTIMEZONE : null) });
  calendar.createEvent({
    id: `appointment-${a.id}@ilera.ng`,
    // Later changes carry a higher sequence, so calendars replace the older entry.
    sequence: Math.floor(a.updatedAt.getTime() / 1000),
    stamp: now,
    timezone: 'Africa/Lagos',
    start: lagos(a.appointmentDate),
    end: lagos(end),
    summary: message(locale, 'ics.summary', { type: typeLabel(a, locale), provider: a.providerName }),
    description: message(locale, 'ics.description', { status: statusLabel(a, locale), link: `${appUrl}/appointments` }),
    location: a.providerAddress ?? undefined,
    // A sign-in address is never shown to anyone (D18): the public contact e-mail, else our own sender.
    organizer: { name: a.providerName, email: a.providerPublicEmail ?? 'no-reply@ilera.ng' },
    status: cancelled ? ICalEventStatus.CANCELLED : a.status === 'pending' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}

function icsAttachment(a: AppointmentForMail, now: Date, appUrl: string, locale: Locale): NonNullable<MailJob['attachments']>[number] {
  return {
    filename: `appointment-${a.id}.ics`,
    content: appointmentIcs(a, now, appUrl, locale),
    contentType: `text/calendar; charset=utf-8; method=${a.status === 'cancelled' ? 'CANCEL' : 'PUBLISH'}`,
  };
}

// ---------------------------------------------------------------- messages

// Each mail is in its recipient's account language (issue 50, decision 049): the patient's in theirs,
// the provider's in the provider's; English when none, word for word what it was.

/** 'Mon, 24 Nov 2026, 09:30 WAT' in English and Pidgin; CLDR's full date in Hausa, Yorùbá and Igbo ('Alhamis 12 Maris, 2099, 10:00 WAT'). */
const when = (a: AppointmentForMail, locale: Locale = DEFAULT_LOCALE) =>
  usesEnglishDates(locale)
    ? formatLagos(a.appointmentDate, 'datetime')
    : `${localDay(locale, a.appointmentDate, true)}, ${formatLagosTime(a.appointmentDate)} WAT`;
const typeLabel = (a: AppointmentForMail, locale: Locale = DEFAULT_LOCALE) =>
  a.appointmentType in appointmentTypeLabels ? message(locale, `type.${a.appointmentType as AppointmentType}`) : a.appointmentType;
const statusLabel = (a: AppointmentForMail, locale: Locale) => message(locale, `status.${a.status}`);
const patientLocale = (a: AppointmentForMail) => recipientLocale(a.patientLanguage);
const providerLocale = (a: AppointmentForMail) => recipientLocale(a.providerLanguage);

function details(a: AppointmentForMail, l: Locale): string {
  return [
    message(l, 'mail.detail.provider', { provider: a.providerName }),
    message(l, 'mail.detail.when', { when: when(a, l) }),
    message(l, 'mail.detail.type', { type: typeLabel(a, l) }),
    message(l, 'mail.detail.status', { status: statusLabel(a, l) }),
    ...(a.providerAddress ? [message(l, 'mail.detail.address', { address: a.providerAddress })] : []),
  ].join('\n');
}

export function bookedPatientMail(a: AppointmentForMail, now: Date, appUrl: string): MailJob {
  const l = patientLocale(a);
  const link = `${appUrl}/appointments`;
  return {
    to: a.patientEmail,
    subject: message(l, 'mail.booked.subject', { provider: a.providerName, when: when(a, l) }),
    text:
      `${message(l, 'mail.hello', { name: a.patientName })}\n\n${message(l, 'mail.booked.body', { provider: a.providerName })}\n\n${details(a, l)}\n\n` +
      `${message(l, 'mail.wat')}\n${message(l, 'mail.view', { link })}\n`,
    attachments: [icsAttachment(a, now, appUrl, l)],
  };
}

export function bookedProviderMail(a: AppointmentForMail, appUrl: string): MailJob | null {
  if (!a.providerEmail) return null;
  const l = providerLocale(a);
  // Instant booking (issue 17) confirms at once: there is nothing to confirm.
  const instant = a.status === 'confirmed' ? 'yes' : 'no';
  return {
    to: a.providerEmail,
    subject: message(l, 'mail.new.subject', { instant, when: when(a, l) }),
    text:
      `${message(l, 'mail.hello', { name: a.providerName })}\n\n${message(l, 'mail.new.body', { instant })}\n\n` +
      `${message(l, 'mail.detail.patient', { name: a.patientName })}\n${message(l, 'mail.detail.phone', { phone: a.patientPhone })}\n` +
      `${message(l, 'mail.detail.email', { email: a.patientEmail })}\n` +
      `${message(l, 'mail.detail.when', { when: when(a, l) })}\n${message(l, 'mail.detail.type', { type: typeLabel(a, l) })}\n` +
      (a.reasonForVisit ? `${message(l, 'mail.detail.reason', { reason: a.reasonForVisit })}\n` : '') +
      `\n${message(l, 'mail.new.action', { instant, link: `${appUrl}/appointments` })}\n`,
  };
}

export function statusPatientMail(a: AppointmentForMail, now: Date, appUrl: string): MailJob {
  const l = patientLocale(a);
  const values = { status: a.status, provider: a.providerName, when: when(a, l) };
  return {
    to: a.patientEmail,
    subject: message(l, 'mail.status.subject', values),
    text:
      `${message(l, 'mail.hello', { name: a.patientName })}\n\n${message(l, 'mail.status.body', values)}\n\n` +
      `${details(a, l)}\n\n${message(l, 'mail.wat')}\n${message(l, 'mail.view', { link: `${appUrl}/appointments` })}\n`,
    attachments: [icsAttachment(a, now, appUrl, l)],
  };
}

export function cancelledProviderMail(a: AppointmentForMail, appUrl: string): MailJob | null {
  if (!a.providerEmail) return null;
  const l = providerLocale(a);
  return {
    to: a.providerEmail,
    subject: message(l, 'mail.cancelled.subject', { when: when(a, l) }),
    text:
      `${message(l, 'mail.hello', { name: a.providerName })}\n\n` +
      `${message(l, 'mail.cancelled.body', { name: a.patientName, when: when(a, l), type: typeLabel(a, l) })}\n\n` +
      `${message(l, 'mail.yours', { link: `${appUrl}/appointments` })}\n`,
  };
}

export function reminderMail(a: AppointmentForMail, now: Date, appUrl: string): MailJob {
  const l = patientLocale(a);
  return {
    to: a.patientEmail,
    subject: message(l, 'mail.reminder.subject', { provider: a.providerName, when: when(a, l) }),
    text:
      `${message(l, 'mail.hello', { name: a.patientName })}\n\n${message(l, 'mail.reminder.body', { provider: a.providerName, when: when(a, l) })}\n\n` +
      `${details(a, l)}\n\n${message(l, 'mail.reminder.cancel', { link: `${appUrl}/appointments` })}\n`,
    attachments: [icsAttachment(a, now, appUrl, l)],
  };
}
