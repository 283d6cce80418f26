// Appointment mail: what the patient and the provider receive, and the .ics
// calendar file attached for the patient. Every time is written in WAT (D11).
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { DateTime } from 'luxon';
import type { Db } from '@ilera/db';
import { appointmentStatusLabels, appointmentTypeLabels, formatLagos } from '@ilera/contracts';
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
}

export async function loadAppointmentForMail(sql: Db, id: number): Promise<AppointmentForMail | null> {
  const [row] = await sql<AppointmentForMail[]>`
    SELECT a.id, a.status, a.appointment_type, a.appointment_date, a.patient_name, a.patient_email, a.patient_phone,
      a.reason_for_visit, a.reminder_sent_at, a.updated_at, a.patient_phone_e164,
      coalesce(u.text_channel, 'sms') AS patient_text_channel, u.whatsapp_opted_in_at IS NOT NULL AS patient_whatsapp_opted_in,
      nullif(coalesce(p.phone, i.phone), '') AS provider_phone,
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
export function appointmentIcs(a: AppointmentForMail, now: Date, appUrl: string): string {
  const cancelled = a.status === 'cancelled';
  const end = new Date(a.appointmentDate.getTime() + APPOINTMENT_MINUTES * 60 * 1000);
  const type = appointmentTypeLabels[a.appointmentType as keyof typeof appointmentTypeLabels] ?? a.appointmentType;
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
    summary: `${type} with ${a.providerName}`,
    description: `Status: ${appointmentStatusLabels[a.status]}. Manage it at ${appUrl}/appointments`,
    location: a.providerAddress ?? undefined,
    // A sign-in address is never shown to anyone (D18): the public contact e-mail, else our own sender.
    organizer: { name: a.providerName, email: a.providerPublicEmail ?? 'no-reply@ilera.ng' },
    status: cancelled ? ICalEventStatus.CANCELLED : a.status === 'pending' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}

function icsAttachment(a: AppointmentForMail, now: Date, appUrl: string): NonNullable<MailJob['attachments']>[number] {
  return {
    filename: `appointment-${a.id}.ics`,
    content: appointmentIcs(a, now, appUrl),
    contentType: `text/calendar; charset=utf-8; method=${a.status === 'cancelled' ? 'CANCEL' : 'PUBLISH'}`,
  };
}

// ---------------------------------------------------------------- messages

const when = (a: AppointmentForMail) => formatLagos(a.appointmentDate, 'datetime'); // 'Mon, 24 Nov 2026, 09:30 WAT'
const typeLabel = (a: AppointmentForMail) =>
  appointmentTypeLabels[a.appointmentType as keyof typeof appointmentTypeLabels] ?? a.appointmentType;

function details(a: AppointmentForMail): string {
  return [
    `Provider: ${a.providerName}`,
    `Date and time: ${when(a)}`,
    `Type: ${typeLabel(a)}`,
    `Status: ${appointmentStatusLabels[a.status]}`,
    ...(a.providerAddress ? [`Address: ${a.providerAddress}`] : []),
  ].join('\n');
}

export function bookedPatientMail(a: AppointmentForMail, now: Date, appUrl: string): MailJob {
  return {
    to: a.patientEmail,
    subject: `Appointment requested: ${a.providerName}, ${when(a)}`,
    text:
      `Hello ${a.patientName},\n\nYour appointment request has been received. ` +
      `${a.providerName} will confirm it, and we will e-mail you when they do.\n\n${details(a)}\n\n` +
      `All times are West Africa Time (WAT).\nView your appointments: ${appUrl}/appointments\n`,
    attachments: [icsAttachment(a, now, appUrl)],
  };
}

export function bookedProviderMail(a: AppointmentForMail, appUrl: string): MailJob | null {
  if (!a.providerEmail) return null;
  return {
    to: a.providerEmail,
    // Instant booking (issue 17) confirms at once: there is nothing to confirm.
    subject: `${a.status === 'confirmed' ? 'New appointment' : 'New appointment request'}: ${when(a)}`,
    text:
      `Hello ${a.providerName},\n\n${a.status === 'confirmed' ? 'You have a new appointment (instant booking: confirmed).' : 'You have a new appointment request.'}\n\n` +
      `Patient: ${a.patientName}\nPhone: ${a.patientPhone}\nE-mail: ${a.patientEmail}\n` +
      `Date and time: ${when(a)}\nType: ${typeLabel(a)}\n` +
      (a.reasonForVisit ? `Reason for visit: ${a.reasonForVisit}\n` : '') +
      `\n${a.status === 'confirmed' ? 'See or cancel it' : 'Confirm or cancel it'}: ${appUrl}/appointments\n`,
  };
}

const statusWords: Record<AppointmentForMail['status'], string> = {
  pending: 'is pending',
  confirmed: 'has been confirmed',
  completed: 'has been marked as completed',
  cancelled: 'has been cancelled',
};

export function statusPatientMail(a: AppointmentForMail, now: Date, appUrl: string): MailJob {
  return {
    to: a.patientEmail,
    subject: `Appointment ${appointmentStatusLabels[a.status].toLowerCase()}: ${a.providerName}, ${when(a)}`,
    text:
      `Hello ${a.patientName},\n\nYour appointment with ${a.providerName} on ${when(a)} ${statusWords[a.status]}.\n\n` +
      `${details(a)}\n\nAll times are West Africa Time (WAT).\nView your appointments: ${appUrl}/appointments\n`,
    attachments: [icsAttachment(a, now, appUrl)],
  };
}

export function cancelledProviderMail(a: AppointmentForMail, appUrl: string): MailJob | null {
  if (!a.providerEmail) return null;
  return {
    to: a.providerEmail,
    subject: `Appointment cancelled: ${when(a)}`,
    text:
      `Hello ${a.providerName},\n\n${a.patientName} has cancelled their appointment on ${when(a)} (${typeLabel(a)}). ` +
      `The time slot is free again.\n\nYour appointments: ${appUrl}/appointments\n`,
  };
}

export function reminderMail(a: AppointmentForMail, now: Date, appUrl: string): MailJob {
  return {
    to: a.patientEmail,
    subject: `Reminder: your appointment with ${a.providerName}, ${when(a)}`,
    text:
      `Hello ${a.patientName},\n\nThis is a reminder of your appointment with ${a.providerName} on ${when(a)}.\n\n` +
      `${details(a)}\n\nAll times are West Africa Time (WAT). If you cannot attend, please cancel it so that ` +
      `someone else can take the slot: ${appUrl}/appointments\n`,
    attachments: [icsAttachment(a, now, appUrl)],
  };
}
