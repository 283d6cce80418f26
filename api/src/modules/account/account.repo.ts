// SQL of the account area (issue 14, D21); each function takes the handle it must use.
import type { Db } from '@ilera/db';
import type { Account } from '@ilera/contracts';
import type { Stored } from '../../types';

export type AccountRow = Stored<Account> & { updatedAt: Date };

const accountColumns = (db: Db) =>
  db`id, email, first_name, last_name, phone, profile_image_url, user_type, my_plan, language, created_at, updated_at`;

export async function findAccount(db: Db, userId: string): Promise<AccountRow | null> {
  const [row] = await db<AccountRow[]>`SELECT ${accountColumns(db)} FROM users WHERE id = ${userId}`;
  return row ?? null;
}

export async function updateAccount(
  db: Db,
  userId: string,
  v: { firstName: string; lastName: string; phone: string; myPlan?: string | null; language?: string | null },
): Promise<AccountRow | null> {
  // "My plan" is left as it is when the body does not name it.
  const [row] = await db<AccountRow[]>`
    UPDATE users SET first_name = ${v.firstName}, last_name = ${v.lastName}, phone = ${v.phone},
      my_plan = ${v.myPlan === undefined ? db`my_plan` : v.myPlan},
      language = ${v.language === undefined ? db`language` : v.language}, updated_at = now()
    WHERE id = ${userId} RETURNING ${accountColumns(db)}`;
  return row ?? null;
}

/** The language the person chose in Account settings (issue 50), or null. */
export async function accountLanguage(db: Db, userId: string): Promise<string | null> {
  const [row] = await db<{ language: string | null }[]>`SELECT language FROM users WHERE id = ${userId}`;
  return row?.language ?? null;
}

/** Whether a payer with this slug exists ("My plan" must name one). */
export async function payerExists(db: Db, slug: string): Promise<boolean> {
  const rows = await db`SELECT 1 FROM payers WHERE slug = ${slug}`;
  return rows.length > 0;
}

export async function raiseSessionVersion(db: Db, userId: string): Promise<void> {
  await db`UPDATE users SET session_version = session_version + 1, updated_at = now() WHERE id = ${userId}`;
}

/** Everything held about one user, as rows (the export's raw material). Never the password hash. */
export async function exportRows(db: Db, userId: string) {
  const [professional] = await db`SELECT * FROM professionals WHERE user_id = ${userId}`;
  const [institution] = await db`SELECT * FROM institutions WHERE user_id = ${userId}`;
  const appointments = await db`
    SELECT a.id, a.professional_id, a.institution_id, a.appointment_type, a.appointment_date, a.status,
           a.patient_name, a.patient_email, a.patient_phone, a.reason_for_visit, a.created_at, a.updated_at
    FROM appointments a WHERE a.patient_id = ${userId} ORDER BY a.appointment_date DESC, a.id DESC`;
  const reviews = await db`
    SELECT id, professional_id, institution_id, rating, comment, verified_visit, created_at, updated_at
    FROM reviews WHERE reviewer_id = ${userId} ORDER BY created_at DESC, id DESC`;
  const affiliations = await db`
    SELECT pi.id, pi.professional_id, pi.institution_id, pi.role, pi.status, pi.created_at, pi.updated_at
    FROM professional_institutions pi
    WHERE pi.professional_id = ${professional?.id ?? null} OR pi.institution_id = ${institution?.id ?? null}
    ORDER BY pi.id`;
  const timeOff = await db`
    SELECT id, professional_id, institution_id, to_char(start_date, 'YYYY-MM-DD') AS start_date,
           to_char(end_date, 'YYYY-MM-DD') AS end_date, note, created_at
    FROM time_off WHERE professional_id = ${professional?.id ?? null} OR institution_id = ${institution?.id ?? null}
    ORDER BY start_date, id`;
  const savedProviders = await db`
    SELECT professional_id, institution_id, created_at FROM saved_providers WHERE user_id = ${userId} ORDER BY created_at DESC`;
  // Issue 45: the care facts and plans of the user's own profile, and what they reported or suggested as a patient.
  const careFacts = await db`
    SELECT professional_id, institution_id, opening_hours, hours_set_by, hours_confirmed_at, services_set_by, services_confirmed_at,
           plans_set_by, plans_confirmed_at, fees, fees_set_by, fees_confirmed_at, updated_at
    FROM care_facts c
    WHERE c.professional_id = ${professional?.id ?? null} OR c.institution_id = ${institution?.id ?? null}`;
  const providerPlans = await db`
    SELECT professional_id, institution_id, payer_slug, plan, tier, is_primary, source, withdrawn_at, created_at
    FROM provider_plans p
    WHERE p.professional_id = ${professional?.id ?? null} OR p.institution_id = ${institution?.id ?? null}
    ORDER BY p.id`;
  const careReports = await db`
    SELECT professional_id, institution_id, appointment_id, to_char(visited_on, 'YYYY-MM-DD') AS visited_on, was_open, payer_slug,
           plan_accepted, paid_naira, created_at
    FROM care_reports WHERE patient_id = ${userId} ORDER BY created_at DESC, id DESC`;
  const careSuggestions = await db`
    SELECT professional_id, institution_id, kind, details, status, created_at
    FROM care_suggestions WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC`;
  // Issue 50: the better translations the user suggested (signed in).
  const translationSuggestions = await db`
    SELECT locale, page, shown, suggestion, created_at
    FROM translation_suggestions WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC`;
  // Issue 48: what the later features keep about the person. Text-message settings and WhatsApp consent,
  // with each number their bookings gave and whether it said STOP; the texts sent to those numbers (no
  // bodies are kept); reviews they reported, replies they wrote, claims they made with their registration,
  // and an administrator's own actions (the activity log). Every table holding a user's id is listed from
  // the database's catalogue by account-export-catalogue.test.ts, which fails on one left out here.
  const [settings] = await db<
    { textChannel: string; whatsappOptedInAt: Date | null; ussdPhoneE164: string | null; ussdPinSetAt: Date | null; ussdPinFailures: number; ussdPinLockedUntil: Date | null }[]
  >`
    SELECT text_channel, whatsapp_opted_in_at, ussd_phone_e164, ussd_pin_set_at, ussd_pin_failures, ussd_pin_locked_until
    FROM users WHERE id = ${userId}`;
  const textNumbers = await db`
    SELECT n.phone, o.opted_out_at, o.opted_in_at
    FROM (SELECT DISTINCT patient_phone_e164 AS phone FROM appointments WHERE patient_id = ${userId} AND patient_phone_e164 IS NOT NULL) n
    LEFT JOIN text_opt_outs o ON o.phone_e164 = n.phone ORDER BY n.phone`;
  const texts = await db`
    SELECT t.channel, t.kind, t.to_e164, t.appointment_id, t.status, t.delivery_status, t.created_at, t.sent_at
    FROM text_messages t
    WHERE t.to_e164 IN (SELECT patient_phone_e164 FROM appointments WHERE patient_id = ${userId} AND patient_phone_e164 IS NOT NULL)
    ORDER BY t.created_at DESC, t.id DESC`;
  const reviewReports = await db`
    SELECT review_id, reason, details, created_at, resolved_at, resolution
    FROM review_reports WHERE reporter_id = ${userId} ORDER BY created_at DESC, id DESC`;
  const reviewReplies = await db`
    SELECT review_id, body, created_at FROM review_replies WHERE author_id = ${userId} ORDER BY created_at DESC, review_id DESC`;
  const claims = await db`
    SELECT id, institution_id, registration, message, status, decision_reason, decided_at, created_at
    FROM institution_claims WHERE claimant_user_id = ${userId} ORDER BY created_at DESC, id DESC`;
  const auditLog = await db`
    SELECT action, target_type, target_id, outcome, detail, created_at
    FROM audit_log WHERE admin_id = ${userId} ORDER BY created_at DESC, id DESC`;
  return {
    textSettings: {
      textChannel: settings?.textChannel ?? 'sms',
      whatsappOptedInAt: settings?.whatsappOptedInAt ?? null,
      numbers: textNumbers,
    },
    texts,
    ussd: {
      phone: settings?.ussdPhoneE164 ?? null,
      pinSetAt: settings?.ussdPinSetAt ?? null,
      pinFailures: settings?.ussdPinFailures ?? 0,
      pinLockedUntil: settings?.ussdPinLockedUntil ?? null,
    },
    reviewReports,
    reviewReplies,
    claims,
    auditLog,
    professional: professional ?? null,
    institution: institution ?? null,
    appointments,
    reviews,
    affiliations,
    timeOff,
    savedProviders,
    careFacts,
    providerPlans,
    careReports,
    careSuggestions,
    translationSuggestions,
  };
}

/** The user row, locked for the deletion's transaction, with the profiles it owns. */
export async function lockOwner(db: Db, userId: string) {
  const [row] = await db<
    { id: string; email: string; firstName: string | null; language: string | null; professionalId: number | null; institutionId: number | null }[]
  >`
    SELECT u.id, u.email, u.first_name, u.language,
           (SELECT p.id FROM professionals p WHERE p.user_id = u.id) AS professional_id,
           (SELECT i.id FROM institutions i WHERE i.user_id = u.id) AS institution_id
    FROM users u WHERE u.id = ${userId} FOR UPDATE`;
  return row ?? null;
}

export interface CancelledAppointment {
  id: number;
  appointmentDate: Date;
  patientId: string | null;
  patientName: string;
  patientEmail: string;
  providerName: string;
  providerEmail: string | null;
  professionalId: number | null;
  institutionId: number | null;
  /** Each side's account language (users.language): the mail to that side is in it (issue 50). */
  patientLanguage: string | null;
  providerLanguage: string | null;
}

/**
 * Cancels every future pending or confirmed appointment the user booked or
 * receives (as a professional or an institution), answering what the other
 * side must be told.
 */
export async function cancelFutureAppointments(
  db: Db,
  userId: string,
  professionalId: number | null,
  institutionId: number | null,
): Promise<CancelledAppointment[]> {
  return db<CancelledAppointment[]>`
    WITH cancelled AS (
      UPDATE appointments a SET status = 'cancelled', updated_at = now()
      WHERE a.status IN ('pending', 'confirmed') AND a.appointment_date > now()
        AND (a.patient_id = ${userId} OR a.professional_id = ${professionalId} OR a.institution_id = ${institutionId})
      RETURNING a.*
    )
    SELECT c.id, c.appointment_date, c.patient_id, c.patient_name, c.patient_email, c.professional_id, c.institution_id,
      CASE WHEN c.professional_id IS NOT NULL
        THEN concat_ws(' ', nullif(p.title, ''), pu.first_name, pu.last_name) ELSE i.name END AS provider_name,
      CASE WHEN c.professional_id IS NOT NULL THEN pu.email ELSE coalesce(nullif(i.email, ''), iu.email) END AS provider_email,
      (SELECT u.language FROM users u WHERE u.id = c.patient_id) AS patient_language,
      CASE WHEN c.professional_id IS NOT NULL THEN pu.language ELSE iu.language END AS provider_language
    FROM cancelled c
    LEFT JOIN professionals p ON p.id = c.professional_id
    LEFT JOIN users pu ON pu.id = p.user_id
    LEFT JOIN institutions i ON i.id = c.institution_id
    LEFT JOIN users iu ON iu.id = i.user_id
    ORDER BY c.appointment_date`;
}

/** The patient's details leave every appointment they booked; the provider keeps the date and type. */
export async function erasePatientDetails(db: Db, userId: string, formerPatient: string): Promise<void> {
  await db`
    UPDATE appointments SET patient_name = ${formerPatient}, patient_email = '', patient_phone = '', patient_phone_e164 = NULL,
      reason_for_visit = NULL, updated_at = now()
    WHERE patient_id = ${userId}`;
  // The texts sent to them (number, kind, time) go too; a STOP their number sent stays: it binds the number, not the account.
  await db`
    DELETE FROM text_messages
    WHERE kind <> 'provider-request' AND appointment_id IN (SELECT id FROM appointments WHERE patient_id = ${userId})`;
}

/** Profiles linked to the user's own (affiliations): their search documents name it. */
export async function linkedProfiles(db: Db, professionalId: number | null, institutionId: number | null) {
  const rows = await db<{ professionalId: number; institutionId: number }[]>`
    SELECT professional_id, institution_id FROM professional_institutions
    WHERE professional_id = ${professionalId} OR institution_id = ${institutionId}`;
  return {
    professionalIds: [...new Set(rows.map((r) => r.professionalId))].filter((id) => id !== professionalId),
    institutionIds: [...new Set(rows.map((r) => r.institutionId))].filter((id) => id !== institutionId),
  };
}

export async function deleteUser(db: Db, userId: string): Promise<void> {
  await db`DELETE FROM users WHERE id = ${userId}`;
}
