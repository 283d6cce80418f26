import type { Db } from '@ilera/db';
import type { AdminInstitution, AdminProfessional, AdminStats, ProfileStatus } from '@ilera/contracts';
import type { Stored } from '../../types';

export type { ProfileStatus };

export interface AuditEntryInput {
  adminId: string | null;
  action: string;
  targetType?: string | null;
  targetId?: string | number | null;
  outcome: 'success' | 'failure';
  detail?: Record<string, unknown>;
}

export async function insertAudit(db: Db, e: AuditEntryInput): Promise<void> {
  await db`
    INSERT INTO audit_log (admin_id, action, target_type, target_id, outcome, detail)
    VALUES (${e.adminId}, ${e.action}, ${e.targetType ?? null},
      ${e.targetId == null ? null : String(e.targetId)}, ${e.outcome}, ${db.json((e.detail ?? {}) as never)})`;
}

export interface AuditRow {
  id: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  outcome: 'success' | 'failure';
  detail: Record<string, unknown>;
  createdAt: Date;
  adminId: string | null;
  adminEmail: string | null;
  adminFirstName: string | null;
  adminLastName: string | null;
}

/** Newest first; the id breaks ties between entries written in the same instant. */
export async function auditPage(db: Db, limit: number, offset: number): Promise<{ rows: AuditRow[]; total: number }> {
  const rows = await db<AuditRow[]>`
    SELECT a.id::text AS id, a.action, a.target_type, a.target_id, a.outcome, a.detail, a.created_at,
           a.admin_id, u.email AS admin_email, u.first_name AS admin_first_name, u.last_name AS admin_last_name
    FROM audit_log a LEFT JOIN users u ON u.id = a.admin_id
    ORDER BY a.created_at DESC, a.id DESC
    LIMIT ${limit} OFFSET ${offset}`;
  const [{ total }] = await db<{ total: number }[]>`SELECT count(*)::int AS total FROM audit_log`;
  return { rows, total };
}

export async function stats(db: Db): Promise<AdminStats> {
  const [row] = await db<AdminStats[]>`
    SELECT
      (SELECT count(*) FROM professionals WHERE status = 'approved')::int AS total_professionals,
      (SELECT count(*) FROM institutions WHERE status = 'approved')::int AS total_institutions,
      (SELECT count(*) FROM professionals WHERE status = 'pending')::int AS pending_professionals,
      (SELECT count(*) FROM institutions WHERE status = 'pending')::int AS pending_institutions,
      (SELECT count(*) FROM appointments)::int AS total_appointments`;
  return { ...row, pendingApprovals: row.pendingProfessionals + row.pendingInstitutions };
}

/** A tab list row as the query returns it: the owner's columns beside the profile's (the service nests them under `user`). */
type ListRow<T extends { user: unknown }> = Stored<Omit<T, 'user' | 'rejectionReason'>> &
  AdminProfessional['user'] & { rejectionReason: string | null };
export type ProfessionalListRow = ListRow<AdminProfessional>;

/** Pending lists are a queue (oldest application first); approved lists show the newest first. */
export interface ListPage {
  /** Words of a name or an e-mail address, matched anywhere (case-insensitive). */
  q?: string;
  limit: number;
  offset: number;
}

/** A LIKE pattern that matches `q` literally: % and _ typed by the admin are not wildcards. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listProfessionals(db: Db, status: ProfileStatus, page: ListPage) {
  const order = status === 'pending' ? db`p.created_at ASC, p.id ASC` : db`p.created_at DESC, p.id DESC`;
  const match = page.q
    ? db`AND (concat_ws(' ', p.title, u.first_name, u.last_name) ILIKE ${containing(page.q)} OR u.email ILIKE ${containing(page.q)})`
    : db``;
  return db<(ProfessionalListRow & { total: number })[]>`
    SELECT p.id, p.title, p.specialty, p.professional_type, p.city, p.state, p.created_at, p.status,
           p.rejection_reason, p.country_licenses, p.is_verified, u.first_name, u.last_name, u.email, count(*) OVER ()::int AS total
    FROM professionals p JOIN users u ON u.id = p.user_id
    WHERE p.status = ${status} ${match}
    ORDER BY ${order}
    LIMIT ${page.limit} OFFSET ${page.offset}`;
}

export type InstitutionListRow = ListRow<AdminInstitution>;

export async function listInstitutions(db: Db, status: ProfileStatus, page: ListPage) {
  const order = status === 'pending' ? db`i.created_at ASC, i.id ASC` : db`i.created_at DESC, i.id DESC`;
  const match = page.q
    ? db`AND (concat_ws(' ', i.name, u.first_name, u.last_name) ILIKE ${containing(page.q)}
              OR u.email ILIKE ${containing(page.q)} OR i.email ILIKE ${containing(page.q)})`
    : db``;
  return db<(InstitutionListRow & { total: number })[]>`
    SELECT i.id, i.name, i.type, i.city, i.state, i.created_at, i.status, i.rejection_reason, i.registrations, i.is_verified,
           u.first_name, u.last_name, u.email, count(*) OVER ()::int AS total
    -- Issue 33: a listing from the national register has no owner (its user columns are null).
    FROM institutions i LEFT JOIN users u ON u.id = i.user_id
    WHERE i.status = ${status} ${match}
    ORDER BY ${order}
    LIMIT ${page.limit} OFFSET ${page.offset}`;
}

export interface ReviewTarget {
  id: number;
  status: ProfileStatus;
  /** Display name: "Dr. Ada Obi" or the institution's name. */
  name: string;
  /** Null for an unclaimed register listing (issue 33): no one to tell. */
  ownerEmail: string | null;
  ownerFirstName: string | null;
  /** The owner's account language (users.language): the decision's mail is in it (issue 50). */
  ownerLanguage: string | null;
}

/** An account's language (users.language, null for none): its mail is written in it (issue 50). */
export async function accountLanguage(db: Db, userId: string): Promise<string | null> {
  const [row] = await db<{ language: string | null }[]>`SELECT language FROM users WHERE id = ${userId}`;
  return row?.language ?? null;
}

/** Locks the row for the rest of the transaction: two admins acting at once are serialised. */
/** The language an administrator chose for an account they create (issue 50): its texts, mail and pages follow it. */
export async function setAccountLanguage(db: Db, userId: string, language: string): Promise<void> {
  await db`UPDATE users SET language = ${language} WHERE id = ${userId}`;
}

export async function lockProfessional(db: Db, id: number): Promise<ReviewTarget | null> {
  const [row] = await db<ReviewTarget[]>`
    SELECT p.id, p.status,
           concat_ws(' ', p.title, u.first_name, u.last_name) AS name,
           u.email AS owner_email, u.first_name AS owner_first_name, u.language AS owner_language
    FROM professionals p JOIN users u ON u.id = p.user_id
    WHERE p.id = ${id}
    FOR UPDATE OF p`;
  return row ?? null;
}

export async function lockInstitution(db: Db, id: number): Promise<ReviewTarget | null> {
  const [row] = await db<ReviewTarget[]>`
    SELECT i.id, i.status, i.name,
           u.email AS owner_email, u.first_name AS owner_first_name, u.language AS owner_language
    FROM institutions i LEFT JOIN users u ON u.id = i.user_id
    WHERE i.id = ${id}
    FOR UPDATE OF i`;
  return row ?? null;
}

/**
 * Approval does not verify: "Verified" comes from a verified Nigerian licence or
 * registration (issue 18, decision 011).
 */
export async function setProfileStatus(db: Db, kind: 'professional' | 'institution', id: number, status: ProfileStatus, reason: string | null) {
  await db`
    UPDATE ${db(kind === 'professional' ? 'professionals' : 'institutions')}
    SET status = ${status}, rejection_reason = ${reason}, updated_at = now() WHERE id = ${id}`;
}

// ---------------------------------------------------------------- users

export async function findUserIdByEmail(db: Db, email: string): Promise<{ id: string; userType: string } | null> {
  const [row] = await db<{ id: string; userType: string }[]>`
    SELECT id, user_type FROM users WHERE lower(email) = lower(${email})`;
  return row ?? null;
}

export async function makeAdmin(db: Db, userId: string): Promise<void> {
  await db`UPDATE users SET user_type = 'admin', updated_at = now() WHERE id = ${userId}`;
}
