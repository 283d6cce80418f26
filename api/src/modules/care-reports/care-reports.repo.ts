// The SQL of patients' care reports, their aggregates, the contradictions they flag and the suggested
// edits (issue 45). Every per-provider table names exactly one of professional_id / institution_id: the
// kind picks the column.
import type postgres from 'postgres';
import type { Db } from '@ilera/db';
import type { CareReportInput, CareSuggestionInput, ProviderKind } from '@ilera/contracts';

const column = (db: Db, kind: ProviderKind) => db(`${kind}_id`);

export interface ProviderRef {
  status: string;
  /** The owner's account; null for a register listing. */
  userId: string | null;
}

export async function findProvider(db: Db, kind: ProviderKind, id: number): Promise<ProviderRef | null> {
  const [row] =
    kind === 'professional'
      ? await db<ProviderRef[]>`SELECT status, user_id FROM professionals WHERE id = ${id}`
      : await db<ProviderRef[]>`SELECT status, user_id FROM institutions WHERE id = ${id}`;
  return row ?? null;
}

export async function payerExists(db: Db, slug: string): Promise<boolean> {
  return (await db`SELECT 1 FROM payers WHERE slug = ${slug}`).length > 0;
}

/** The patient's appointment with this provider, or null (someone else's, another provider's, none). */
export async function findOwnAppointment(db: Db, kind: ProviderKind, providerId: number, patientId: string, appointmentId: number) {
  const [row] = await db<{ status: string; appointmentDate: Date }[]>`
    SELECT status, appointment_date FROM appointments
    WHERE id = ${appointmentId} AND patient_id = ${patientId} AND ${column(db, kind)} = ${providerId}`;
  return row ?? null;
}

/** Whether the patient reported on this provider since `since` (the 30-day rule of visits without an appointment). */
export async function reportedSince(db: Db, kind: ProviderKind, providerId: number, patientId: string, since: Date): Promise<boolean> {
  const rows = await db`
    SELECT 1 FROM care_reports WHERE ${column(db, kind)} = ${providerId} AND patient_id = ${patientId} AND created_at > ${since} LIMIT 1`;
  return rows.length > 0;
}

/** Serialises one patient's reports on one provider (two at once would both pass the 30-day rule). */
export async function lockPatientProvider(db: Db, kind: ProviderKind, providerId: number, patientId: string): Promise<void> {
  await db`SELECT pg_advisory_xact_lock(hashtext(${`care-report:${kind}:${providerId}:${patientId}`}))`;
}

export async function insertReport(
  db: Db,
  kind: ProviderKind,
  providerId: number,
  patientId: string,
  r: Omit<CareReportInput, 'visitedOn'> & { visitedOn: string },
): Promise<number> {
  const [row] = await db<{ id: number }[]>`
    INSERT INTO care_reports (${column(db, kind)}, patient_id, appointment_id, visited_on, was_open, payer_slug, plan_accepted, paid_naira)
    VALUES (${providerId}, ${patientId}, ${r.appointmentId ?? null}, ${r.visitedOn}, ${r.wasOpen ?? null}, ${r.payer ?? null},
      ${r.planAccepted ?? null}, ${r.paidNaira ?? null})
    RETURNING id::int`;
  return row!.id;
}

// ---------------------------------------------------------------- aggregates

export interface ReportTotals {
  paidCount: number;
  paidPatients: number;
  minNaira: number | null;
  maxNaira: number | null;
  openCount: number;
  openPatients: number;
  yes: number;
  no: number;
}

/**
 * One provider's reports since `since` (a WAT date), with how many patients gave each answer: a json
 * object among the care facts (care.repo.ts careJsonColumn), so that a profile read costs one round trip
 * for the profile, its facts and their aggregates. `provider` is the statement's expression naming the
 * provider's id. Its keys are the answer's own (camelCase): a profile reads it inside its care json text (care.repo.ts).
 */
export function reportTotalsColumn(db: Db, kind: ProviderKind, provider: postgres.Fragment, since: string) {
  return db`(SELECT row_to_json(t) FROM (
      SELECT count(paid_naira)::int AS "paidCount",
        count(DISTINCT patient_id) FILTER (WHERE paid_naira IS NOT NULL)::int AS "paidPatients",
        min(paid_naira) AS "minNaira", max(paid_naira) AS "maxNaira",
        count(was_open)::int AS "openCount",
        count(DISTINCT patient_id) FILTER (WHERE was_open IS NOT NULL)::int AS "openPatients",
        count(*) FILTER (WHERE was_open)::int AS yes, count(*) FILTER (WHERE NOT was_open)::int AS no
      FROM care_reports r WHERE r.${column(db, kind)} = ${provider} AND r.visited_on >= ${since}::date) t)`;
}

export interface PlanTotals {
  payer: string;
  accepted: number;
  acceptedPatients: number;
}

/** Per payer: the reports (and distinct patients) saying the plan was accepted, since `since`; a json column as above. */
export function planTotalsColumn(db: Db, kind: ProviderKind, provider: postgres.Fragment, since: string) {
  return db`(SELECT coalesce(json_agg(t ORDER BY t.accepted DESC, t.payer), '[]'::json) FROM (
      SELECT payer_slug AS payer, count(*)::int AS accepted, count(DISTINCT patient_id)::int AS "acceptedPatients"
      FROM care_reports r WHERE r.${column(db, kind)} = ${provider} AND r.visited_on >= ${since}::date
        AND r.payer_slug IS NOT NULL AND r.plan_accepted
      GROUP BY payer_slug) t)`;
}

// ---------------------------------------------------------------- contradictions

export interface FeeContradiction {
  id: number;
  name: string;
  publishedNaira: number;
  minNaira: number;
  maxNaira: number;
  reports: number;
  lastReportAt: Date;
}

export interface PlanContradiction {
  id: number;
  name: string;
  payer: string;
  reports: number;
  lastReportAt: Date;
}

/** The provider's name as lists show it: a professional's title and name, an institution's name. */
function providerName(db: Db, kind: ProviderKind) {
  return kind === 'professional'
    ? db`(SELECT concat_ws(' ', nullif(p.title, ''), u.first_name, u.last_name) FROM users u WHERE u.id = p.user_id)`
    : db`p.name`;
}

/** The published consultation fee: a professional's profile field, an institution's care facts. */
function publishedFee(db: Db, kind: ProviderKind) {
  return kind === 'professional'
    ? db`p.consultation_fee`
    : db`(SELECT (f.fees->>'consultationNaira')::int FROM care_facts f WHERE f.institution_id = p.id)`;
}

/**
 * Published consultation fees outside the range patients reported paying by more than `tolerance`, from
 * `min` reports of `min` patients up; of one provider (`id`) or all.
 */
export async function feeContradictions(db: Db, kind: ProviderKind, since: string, min: number, tolerance: number, id?: number) {
  const table = db(kind === 'professional' ? 'professionals' : 'institutions');
  return db<FeeContradiction[]>`
    SELECT * FROM (
      SELECT p.id, ${providerName(db, kind)} AS name, ${publishedFee(db, kind)} AS published_naira,
        s.min_naira, s.max_naira, s.reports, s.last_report_at
      FROM (
        SELECT ${column(db, kind)} AS id, min(paid_naira) AS min_naira, max(paid_naira) AS max_naira, count(*)::int AS reports,
          max(created_at) AS last_report_at
        FROM care_reports
        WHERE ${column(db, kind)} IS NOT NULL AND paid_naira IS NOT NULL AND visited_on >= ${since}
          ${id === undefined ? db`` : db`AND ${column(db, kind)} = ${id}`}
        GROUP BY 1 HAVING count(*) >= ${min} AND count(DISTINCT patient_id) >= ${min}
      ) s JOIN ${table} p ON p.id = s.id
    ) c
    WHERE published_naira IS NOT NULL
      AND (published_naira < min_naira * (1 - ${tolerance}::float8) OR published_naira > max_naira * (1 + ${tolerance}::float8))`;
}

/** Plans the provider lists (active rows, any source) that `min` reports of `min` patients up say were not accepted. */
export async function planContradictions(db: Db, kind: ProviderKind, since: string, min: number, id?: number) {
  const table = db(kind === 'professional' ? 'professionals' : 'institutions');
  return db<PlanContradiction[]>`
    SELECT p.id, ${providerName(db, kind)} AS name, s.payer, s.reports, s.last_report_at
    FROM (
      SELECT r.${column(db, kind)} AS id, r.payer_slug AS payer, count(*)::int AS reports, max(r.created_at) AS last_report_at
      FROM care_reports r
      WHERE r.${column(db, kind)} IS NOT NULL AND r.payer_slug IS NOT NULL AND r.plan_accepted = false AND r.visited_on >= ${since}
        ${id === undefined ? db`` : db`AND r.${column(db, kind)} = ${id}`}
        AND EXISTS (SELECT 1 FROM provider_plans pp WHERE pp.${column(db, kind)} = r.${column(db, kind)}
                    AND pp.payer_slug = r.payer_slug AND pp.withdrawn_at IS NULL)
      GROUP BY 1, 2 HAVING count(*) >= ${min} AND count(DISTINCT r.patient_id) >= ${min}
    ) s JOIN ${table} p ON p.id = s.id
    ORDER BY s.payer`;
}

// ---------------------------------------------------------------- suggested edits

export async function insertSuggestion(db: Db, kind: ProviderKind, providerId: number, userId: string, s: CareSuggestionInput): Promise<number> {
  const [row] = await db<{ id: number }[]>`
    INSERT INTO care_suggestions (${column(db, kind)}, user_id, kind, details)
    VALUES (${providerId}, ${userId}, ${s.kind}, ${s.details}) RETURNING id::int`;
  return row!.id;
}

export interface SuggestionRow {
  id: number;
  providerKind: ProviderKind;
  providerId: number;
  providerName: string;
  kind: CareSuggestionInput['kind'];
  details: string;
  status: 'pending' | 'approved' | 'rejected';
  createdAt: Date;
  userId: string | null;
  userFirstName: string | null;
  userEmail: string | null;
  decidedAt: Date | null;
  decisionNote: string | null;
  total: number;
}

/** One page of suggestions of a status: the queue oldest first, decided ones newest first; or one by id. */
export async function suggestions(db: Db, where: { status: string; limit: number; offset: number } | { id: number }) {
  const filter = 'id' in where ? db`s.id = ${where.id}` : db`s.status = ${where.status}`;
  const order = 'id' in where ? db`` : where.status === 'pending' ? db`ORDER BY s.created_at, s.id` : db`ORDER BY s.decided_at DESC, s.id DESC`;
  const page = 'id' in where ? db`` : db`LIMIT ${where.limit} OFFSET ${where.offset}`;
  return db<SuggestionRow[]>`
    SELECT s.id::int, CASE WHEN s.professional_id IS NOT NULL THEN 'professional' ELSE 'institution' END AS provider_kind,
      coalesce(s.professional_id, s.institution_id) AS provider_id,
      coalesce(i.name, concat_ws(' ', nullif(pr.title, ''), pu.first_name, pu.last_name)) AS provider_name,
      s.kind, s.details, s.status, s.created_at, s.user_id, u.first_name AS user_first_name, u.email AS user_email,
      s.decided_at, s.decision_note, count(*) OVER ()::int AS total
    FROM care_suggestions s
      LEFT JOIN institutions i ON i.id = s.institution_id
      LEFT JOIN professionals pr ON pr.id = s.professional_id
      LEFT JOIN users pu ON pu.id = pr.user_id
      LEFT JOIN users u ON u.id = s.user_id
    WHERE ${filter} ${order} ${page}`;
}

/** Locks a suggestion for its decision (two admins deciding it at once: the second sees it decided). */
export async function lockSuggestion(db: Db, id: number): Promise<string | null> {
  const [row] = await db<{ status: string }[]>`SELECT status FROM care_suggestions WHERE id = ${id} FOR UPDATE`;
  return row?.status ?? null;
}

export async function decideSuggestion(db: Db, id: number, status: 'approved' | 'rejected', adminId: string, note: string | null): Promise<void> {
  await db`
    UPDATE care_suggestions SET status = ${status}, decided_by = ${adminId}, decided_at = now(), decision_note = ${note} WHERE id = ${id}`;
}
