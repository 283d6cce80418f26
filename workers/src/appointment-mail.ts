// Appointment mail: what the patient and the provider receive, and the .ics
// calendar file attached for the patient. Every time is written in WAT (D11).
import type { Db } from '@ilera/db';
import { appointmentStatusLabels, appointmentTypeLabels, formatLagos, lagosDateTimeParts } from '@ilera/contracts';
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
  providerAddress: string | null;
}

export async function loadAppointmentForMail(sql: Db, id: number): Promise<AppointmentForMail | null> {
  const [row] = await sql<AppointmentForMail[]>`
    SELECT a.id, a.status, a.appointment_type, a.appointment_date, a.patient_name, a.patient_email, a.patient_phone,
      a.reason_for_visit, a.reminder_sent_at, a.updated_at,
      CASE WHEN a.professional_id IS NOT NULL
        THEN concat_ws(' ', nullif(p.title, ''), pu.first_name, pu.last_name)
        ELSE i.name END AS provider_name,
      CASE WHEN a.professional_id IS NOT NULL THEN pu.email ELSE coalesce(nullif(i.email, ''), iu.email) END AS provider_email,
      nullif(concat_ws(', ', coalesce(p.address, i.address), coalesce(p.city, i.city), coalesce(p.state, i.state)), '') AS provider_address
    FROM appointments a
    LEFT JOIN professionals p ON p.id = a.professional_id
    LEFT JOIN users pu ON pu.id = p.user_id
    LEFT JOIN institutions i ON i.id = a.institution_id
    LEFT JOIN users iu ON iu.id = i.user_id
    WHERE a.id = ${id}`;
  return row ?? null;
}

// ---------------------------------------------------------------- .ics (RFC 5545)

function icsEscape(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets are folded (RFC 5545 §3.1). */
function fold(line: string): string {
  const out: string[] = [];
  let rest = line;
  while (Buffer.byteLength(rest) > 75) {
    let cut = 74;
    while (Buffer.byteLength(rest.slice(0, cut)) > 74) cut--;
    out.push(rest.slice(0, cut));
    rest = ' ' + rest.slice(cut);
  }
  out.push(rest);
  return out.join('\r\n');
}

function lagosLocal(d: Date): string {
  const { date, time } = lagosDateTimeParts(d);
  return `${date.replace(/-/g, '')}T${time.replace(':', '')}00`;
}

function utcStamp(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/**
 * A calendar entry in Africa/Lagos local time with its VTIMEZONE, so calendar apps
 * show the WAT time whatever the phone's zone. A cancelled appointment sends
 * METHOD:CANCEL with the same UID, which removes the entry.
 */
export function appointmentIcs(a: AppointmentForMail, now: Date, appUrl: string): string {
  const cancelled = a.status === 'cancelled';
  const end = new Date(a.appointmentDate.getTime() + APPOINTMENT_MINUTES * 60 * 1000);
  const type = appointmentTypeLabels[a.appointmentType as keyof typeof appointmentTypeLabels] ?? a.appointmentType;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Ilera//Appointments//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${cancelled ? 'CANCEL' : 'PUBLISH'}`,
    'BEGIN:VTIMEZONE',
    'TZID:Africa/Lagos',
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    'TZOFFSETFROM:+0100',
    'TZOFFSETTO:+0100',
    'TZNAME:WAT',
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `UID:appointment-${a.id}@ilera.ng`,
    // Later changes carry a higher sequence, so calendars replace the older entry.
    `SEQUENCE:${Math.floor(a.updatedAt.getTime() / 1000)}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART;TZID=Africa/Lagos:${lagosLocal(a.appointmentDate)}`,
    `DTEND;TZID=Africa/Lagos:${lagosLocal(end)}`,
    `SUMMARY:${icsEscape(`${type} with ${a.providerName}`)}`,
    `DESCRIPTION:${icsEscape(`Status: ${appointmentStatusLabels[a.status]}. Manage it at ${appUrl}/appointments`)}`,
    ...(a.providerAddress ? [`LOCATION:${icsEscape(a.providerAddress)}`] : []),
    `STATUS:${cancelled ? 'CANCELLED' : a.status === 'pending' ? 'TENTATIVE' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
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
    subject: `New appointment request: ${when(a)}`,
    text:
      `Hello ${a.providerName},\n\nYou have a new appointment request.\n\n` +
      `Patient: ${a.patientName}\nPhone: ${a.patientPhone}\nE-mail: ${a.patientEmail}\n` +
      `Date and time: ${when(a)}\nType: ${typeLabel(a)}\n` +
      (a.reasonForVisit ? `Reason for visit: ${a.reasonForVisit}\n` : '') +
      `\nConfirm or cancel it: ${appUrl}/appointments\n`,
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
