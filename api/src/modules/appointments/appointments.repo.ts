import type { Db } from '@ilera/db';
import type { z } from 'zod';
import type { Appointment, AppointmentStatus, AppointmentType, appointmentAnswer, ProfileStatus } from '@ilera/contracts';
import { toE164 } from '@ilera/contracts';
import type { Stored } from '../../types';

/** An appointment row as a query returns it (answer: contracts appointmentAnswer). */
export type AppointmentRow = Stored<z.infer<typeof appointmentAnswer>, 'appointmentDate'>;

/** A list item: the appointment plus the read view's professional (with user) and institution (spec §3, §7). */
export type AppointmentListItem = Stored<Appointment, 'appointmentDate'>;

/** Who a provider profile is, for the booking and permission checks. */
export interface ProviderRef {
  id: number;
  userId: string;
  status: ProfileStatus;
  /** Every Nigerian licence (an institution's registration) has expired (issue 18): no new bookings. */
  licenceRenewalPending: boolean;
}

export type Provider = { professionalId: number } | { institutionId: number };

// reminder_sent_at is internal to the workers: never part of an answer.
const columns = (db: Db) => db`
  a.id, a.patient_id, a.professional_id, a.institution_id, a.appointment_type, a.appointment_date, a.status,
  a.patient_name, a.patient_email, a.patient_phone, a.reason_for_visit, a.created_at, a.updated_at`;

export async function findProfessionalRef(db: Db, id: number): Promise<ProviderRef | null> {
  const [row] = await db<ProviderRef[]>`SELECT id, user_id, status, licence_renewal_pending FROM professionals WHERE id = ${id}`;
  return row ?? null;
}

export async function findInstitutionRef(db: Db, id: number): Promise<ProviderRef | null> {
  const [row] = await db<ProviderRef[]>`SELECT id, user_id, status, licence_renewal_pending FROM institutions WHERE id = ${id}`;
  return row ?? null;
}

export interface NewAppointment {
  patientId: string;
  professionalId: number | null;
  institutionId: number | null;
  appointmentType: string;
  appointmentDate: string;
  patientName: string;
  patientEmail: string;
  patientPhone: string;
  reasonForVisit: string | null;
  status: 'pending' | 'confirmed';
  /** The page's language (issue 50): the texts' and mail's when the account has none; null when not sent. */
  bookingLocale: string | null;
}

/** Inserts; a taken slot raises 23505 from the partial unique slot indexes (001_core.sql). */
export async function insertAppointment(db: Db, a: NewAppointment): Promise<AppointmentRow> {
  const [row] = await db<AppointmentRow[]>`
    INSERT INTO appointments AS a (patient_id, professional_id, institution_id, appointment_type, appointment_date,
      patient_name, patient_email, patient_phone, patient_phone_e164, reason_for_visit, status, booking_locale)
    VALUES (${a.patientId}, ${a.professionalId}, ${a.institutionId}, ${a.appointmentType}, ${a.appointmentDate},
      ${a.patientName}, ${a.patientEmail}, ${a.patientPhone}, ${toE164(a.patientPhone)}, ${a.reasonForVisit}, ${a.status},
      ${a.bookingLocale})
    RETURNING ${columns(db)}`;
  return row!;
}

/** The appointment and the user id that owns its provider profile. */
export async function findAppointmentWithOwner(
  db: Db,
  id: number,
): Promise<(AppointmentRow & { providerUserId: string }) | null> {
  const [row] = await db<(AppointmentRow & { providerUserId: string })[]>`
    SELECT ${columns(db)}, coalesce(p.user_id, i.user_id) AS provider_user_id
    FROM appointments a
    LEFT JOIN professionals p ON p.id = a.professional_id
    LEFT JOIN institutions i ON i.id = a.institution_id
    WHERE a.id = ${id}`;
  return row ?? null;
}

/**
 * Moves the status only if it is still `from`: two concurrent changes cannot both
 * win (the loser gets null and answers 409).
 */
export async function updateStatus(
  db: Db,
  id: number,
  from: AppointmentStatus,
  to: AppointmentStatus,
): Promise<AppointmentRow | null> {
  const [row] = await db<AppointmentRow[]>`
    UPDATE appointments AS a SET status = ${to}, updated_at = now()
    WHERE a.id = ${id} AND a.status = ${from}
    RETURNING ${columns(db)}`;
  return row ?? null;
}

export type ListFilter =
  | { patientId: string }
  | { professionalId: number }
  | { institutionId: number };

/** Newest appointment first; the professional and institution read views joined in. */
export async function listAppointments(
  db: Db,
  filter: ListFilter,
  status?: AppointmentStatus,
): Promise<AppointmentListItem[]> {
  const where =
    'patientId' in filter
      ? db`a.patient_id = ${filter.patientId}`
      : 'professionalId' in filter
        ? db`a.professional_id = ${filter.professionalId}`
        : db`a.institution_id = ${filter.institutionId}`;
  const rows = await db<(AppointmentRow & Record<string, unknown>)[]>`
    SELECT ${columns(db)},
      p.title AS p_title, p.specialty AS p_specialty, p.professional_type AS p_type,
      pu.first_name AS p_first_name, pu.last_name AS p_last_name,
      i.name AS i_name, i.type AS i_type
      ${
        // The patient's own list says whether they answered "How was your visit?" (issue 45), so the
        // question is not offered twice; a provider's list never says which patients reported.
        'patientId' in filter ? db`, EXISTS (SELECT 1 FROM care_reports r WHERE r.appointment_id = a.id) AS care_reported` : db``
      }
    FROM appointments a
    LEFT JOIN professionals p ON p.id = a.professional_id
    LEFT JOIN users pu ON pu.id = p.user_id
    LEFT JOIN institutions i ON i.id = a.institution_id
    WHERE ${where} ${status ? db`AND a.status = ${status}` : db``}
    ORDER BY a.appointment_date DESC, a.id DESC`;
  return rows.map((r) => {
    const { pTitle, pSpecialty, pType, pFirstName, pLastName, iName, iType, careReported, ...a } = r as Record<string, unknown>;
    const row = a as unknown as AppointmentRow;
    return {
      ...row,
      ...(careReported === undefined ? {} : { careReported: careReported as boolean }),
      professional:
        row.professionalId != null
          ? {
              id: row.professionalId,
              title: pTitle as string,
              specialty: pSpecialty as string,
              professionalType: pType as string,
              user: { firstName: (pFirstName as string | null) ?? null, lastName: (pLastName as string | null) ?? null },
            }
          : null,
      institution:
        row.institutionId != null ? { id: row.institutionId, name: iName as string, type: iType as string } : null,
    };
  });
}

/** Start times of the active (pending or confirmed) appointments of a provider in [from, to). */
export async function takenTimes(db: Db, provider: Provider, from: string, to: string): Promise<Date[]> {
  const where =
    'professionalId' in provider
      ? db`professional_id = ${provider.professionalId}`
      : db`institution_id = ${provider.institutionId}`;
  const rows = await db<{ appointmentDate: Date }[]>`
    SELECT appointment_date FROM appointments
    WHERE ${where} AND status IN ('pending', 'confirmed')
      AND appointment_date >= ${from} AND appointment_date < ${to}`;
  return rows.map((r) => r.appointmentDate);
}
