// SQL of claims (issue 33, decision 031); each function takes the handle it must use.
import type postgres from 'postgres';
import type { Db } from '@ilera/db';
import type { AdminClaim, Claim, ClaimStatus, LicenceRecord } from '@ilera/contracts';
import type { Stored } from '../../types';

/** A register listing: an institution row with a register_listings row. */
export interface ListingRef {
  id: number;
  userId: string | null;
  status: string;
  name: string;
  type: string;
}

/** The listing with this id (locked for the rest of the transaction when asked); null when it is not from the register. */
export async function findListing(db: Db, id: number, lock = false): Promise<ListingRef | null> {
  const [row] = await db<ListingRef[]>`
    SELECT i.id, i.user_id, i.status, i.name, i.type
    FROM institutions i JOIN register_listings r ON r.institution_id = i.id
    WHERE i.id = ${id} ${lock ? db`FOR UPDATE OF i` : db``}`;
  return row ?? null;
}

/** The claimant's own institution row, and whether it holds anything a patient or a professional made with it. */
export interface OwnInstitution {
  id: number;
  status: string;
  name: string;
  /** The row is itself a register listing (claimed before). */
  fromRegister: boolean;
  /** Appointments, reviews or affiliations point at it. */
  hasHistory: boolean;
}

export async function findOwnInstitution(db: Db, userId: string, lock = false): Promise<OwnInstitution | null> {
  const [row] = await db<OwnInstitution[]>`
    SELECT i.id, i.status, i.name,
           EXISTS (SELECT 1 FROM register_listings r WHERE r.institution_id = i.id) AS from_register,
           (EXISTS (SELECT 1 FROM appointments a WHERE a.institution_id = i.id)
             OR EXISTS (SELECT 1 FROM reviews v WHERE v.institution_id = i.id)
             OR EXISTS (SELECT 1 FROM professional_institutions pi WHERE pi.institution_id = i.id)) AS has_history
    FROM institutions i WHERE i.user_id = ${userId} ${lock ? db`FOR UPDATE OF i` : db``}`;
  return row ?? null;
}

/** A new open claim; null when this account already has an open claim of this listing (the partial unique index). */
export async function insertClaim(
  db: Db,
  claim: { institutionId: number; claimantUserId: string; registration: LicenceRecord; message: string | null },
): Promise<number | null> {
  const [row] = await db<{ id: number }[]>`
    INSERT INTO institution_claims (institution_id, claimant_user_id, registration, message)
    VALUES (${claim.institutionId}, ${claim.claimantUserId}, ${db.json(claim.registration as never)}, ${claim.message})
    ON CONFLICT (institution_id, claimant_user_id) WHERE status = 'pending' DO NOTHING
    RETURNING id`;
  return row?.id ?? null;
}

export interface ClaimRef {
  id: number;
  institutionId: number;
  claimantUserId: string;
  status: ClaimStatus;
  registration: LicenceRecord;
  claimantEmail: string;
  claimantFirstName: string | null;
  /** The claimant's account language (users.language): the decision's mail is in it (issue 50). */
  claimantLanguage: string | null;
  claimantUserType: string;
  listingName: string;
}

/** A claim with its claimant and listing, locked when asked (two admins deciding at once are serialised). */
export async function findClaim(db: Db, id: number, lock = false): Promise<ClaimRef | null> {
  const [row] = await db<ClaimRef[]>`
    SELECT c.id, c.institution_id, c.claimant_user_id, c.status, c.registration,
           u.email AS claimant_email, u.first_name AS claimant_first_name, u.language AS claimant_language, u.user_type AS claimant_user_type,
           i.name AS listing_name
    FROM institution_claims c JOIN users u ON u.id = c.claimant_user_id JOIN institutions i ON i.id = c.institution_id
    WHERE c.id = ${id} ${lock ? db`FOR UPDATE OF c` : db``}`;
  return row ?? null;
}

/** Writes a decision (or a withdrawal) of one claim. */
export async function setClaimStatus(db: Db, id: number, status: ClaimStatus, decidedBy: string | null, reason: string | null): Promise<void> {
  await db`
    UPDATE institution_claims SET status = ${status}, decided_by = ${decidedBy}, decision_reason = ${reason}, decided_at = now()
    WHERE id = ${id}`;
}

/** Rejects the other open claims of a listing; returns who made them (to tell them). */
export async function rejectOpenClaims(db: Db, institutionId: number, except: number, decidedBy: string, reason: string) {
  return db<{ id: number; email: string; firstName: string | null; language: string | null }[]>`
    UPDATE institution_claims c SET status = 'rejected', decided_by = ${decidedBy}, decision_reason = ${reason}, decided_at = now()
    FROM users u
    WHERE c.institution_id = ${institutionId} AND c.status = 'pending' AND c.id <> ${except} AND u.id = c.claimant_user_id
    RETURNING c.id, u.email, u.first_name, u.language`;
}

/** The listing becomes the claimant's profile: it gets its owner; register code, coordinates and every other field stay. */
export async function giveListingTo(db: Db, institutionId: number, userId: string): Promise<void> {
  await db`UPDATE institutions SET user_id = ${userId}, updated_at = now() WHERE id = ${institutionId}`;
}

export async function deleteInstitution(db: Db, id: number): Promise<void> {
  await db`DELETE FROM institutions WHERE id = ${id}`;
}

const listingJson = (db: Db) => db`
  json_build_object('id', i.id, 'name', i.name, 'type', i.type, 'city', i.city, 'state', i.state, 'lga', i.lga)`;

const claimColumns = (db: Db) => db`
  c.id, c.institution_id, c.status, c.registration, c.message, c.decision_reason, c.created_at, c.decided_at`;

export type ClaimRow = Stored<Claim> & { decidedAt: Date | null };

/** The claims of one account, newest first. */
export async function claimsOf(db: Db, userId: string, where: postgres.Fragment = db``): Promise<ClaimRow[]> {
  return db<ClaimRow[]>`
    SELECT ${claimColumns(db)}, ${listingJson(db)} AS listing
    FROM institution_claims c JOIN institutions i ON i.id = c.institution_id
    WHERE c.claimant_user_id = ${userId} ${where}
    ORDER BY c.created_at DESC, c.id DESC`;
}

export type AdminClaimRow = Stored<AdminClaim> & { decidedAt: Date | null; total: number };

/**
 * One page of the admin queue: the listing (with its register facts) and the claimant (with its
 * own institution profile, if any) side by side, and the other open claims of the same listing.
 * The open queue is oldest first; decided claims newest decision first.
 */
export async function claimsPage(db: Db, status: ClaimStatus, limit: number, offset: number): Promise<AdminClaimRow[]> {
  const order = status === 'pending' ? db`c.created_at ASC, c.id ASC` : db`c.decided_at DESC NULLS LAST, c.id DESC`;
  return db<AdminClaimRow[]>`
    SELECT ${claimColumns(db)},
      json_build_object('id', i.id, 'name', i.name, 'type', i.type, 'city', i.city, 'state', i.state, 'lga', i.lga,
        'ward', i.ward, 'ownership', i.ownership, 'facilityLevel', i.facility_level, 'phone', i.phone,
        'latitude', i.latitude, 'longitude', i.longitude, 'claimed', i.user_id IS NOT NULL,
        'register', CASE WHEN rl.institution_id IS NOT NULL THEN json_build_object(
          'code', coalesce(rl.nhfr_facility_code, rl.nhfr_uid), 'updatedOn', to_char(rl.register_updated, 'YYYY-MM-DD'),
          'inLatestRegister', rl.in_latest_register) END) AS listing,
      json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email, 'phone', u.phone,
        'institution', (SELECT json_build_object('id', o.id, 'name', o.name, 'type', o.type, 'status', o.status, 'city', o.city, 'state', o.state)
                        FROM institutions o WHERE o.user_id = u.id)) AS claimant,
      coalesce((SELECT json_agg(json_build_object('id', x.id, 'claimantName', concat_ws(' ', xu.first_name, xu.last_name),
                  'claimantEmail', xu.email, 'createdAt', x.created_at) ORDER BY x.created_at, x.id)
                FROM institution_claims x JOIN users xu ON xu.id = x.claimant_user_id
                WHERE x.institution_id = c.institution_id AND x.status = 'pending' AND x.id <> c.id), '[]'::json) AS competing,
      count(*) OVER ()::int AS total
    FROM institution_claims c
    JOIN institutions i ON i.id = c.institution_id
    JOIN users u ON u.id = c.claimant_user_id
    LEFT JOIN register_listings rl ON rl.institution_id = i.id
    WHERE c.status = ${status}
    ORDER BY ${order}
    LIMIT ${limit} OFFSET ${offset}`;
}
