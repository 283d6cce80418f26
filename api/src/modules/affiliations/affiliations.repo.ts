// SQL of the affiliations area (D20); each function takes the handle it must use.
import type { Db } from '@ilera/db';
import type { Affiliation, AffiliationStatus } from '@ilera/contracts';
import type { Stored } from '../../types';

/** The signed-in account's side of a link: its professional or institution profile. */
export type Side = { kind: 'professional' | 'institution'; profileId: number };

export type AffiliationRow = Stored<Affiliation>;

export interface LinkRef {
  id: number;
  professionalId: number;
  institutionId: number;
  status: AffiliationStatus;
}

/** The profile of the account's kind, or null when it has none yet. */
export async function profileIdOfUser(db: Db, kind: Side['kind'], userId: string): Promise<number | null> {
  const [row] =
    kind === 'professional'
      ? await db<{ id: number }[]>`SELECT id FROM professionals WHERE user_id = ${userId}`
      : await db<{ id: number }[]>`SELECT id FROM institutions WHERE user_id = ${userId}`;
  return row?.id ?? null;
}

export async function institutionStatus(db: Db, id: number): Promise<string | null> {
  const [row] = await db<{ status: string }[]>`SELECT status FROM institutions WHERE id = ${id}`;
  return row?.status ?? null;
}

/**
 * A new request, or a declined one asked again. Returns null when a pending or
 * confirmed link already exists (the unique pair of 001_core.sql decides, so two
 * simultaneous requests cannot both insert).
 */
export async function requestLink(db: Db, professionalId: number, institutionId: number, role: string): Promise<number | null> {
  const [row] = await db<{ id: number }[]>`
    INSERT INTO professional_institutions (professional_id, institution_id, role, status)
    VALUES (${professionalId}, ${institutionId}, ${role}, 'pending')
    ON CONFLICT (professional_id, institution_id) DO UPDATE
      SET status = 'pending', role = EXCLUDED.role, start_date = NULL, end_date = NULL, updated_at = now()
      WHERE professional_institutions.status = 'declined'
    RETURNING id`;
  return row?.id ?? null;
}

export async function findLinkForUpdate(db: Db, id: number): Promise<LinkRef | null> {
  const [row] = await db<LinkRef[]>`
    SELECT id, professional_id, institution_id, status FROM professional_institutions WHERE id = ${id} FOR UPDATE`;
  return row ?? null;
}

export async function setLinkStatus(db: Db, id: number, status: 'confirmed' | 'declined'): Promise<void> {
  await db`
    UPDATE professional_institutions
    SET status = ${status}, start_date = CASE WHEN ${status}::text = 'confirmed' THEN current_date END, updated_at = now()
    WHERE id = ${id}`;
}

export async function deleteLink(db: Db, id: number): Promise<void> {
  await db`DELETE FROM professional_institutions WHERE id = ${id}`;
}

const linkQuery = (db: Db) => db`
  SELECT pi.id, pi.status, pi.role, to_char(pi.start_date, 'YYYY-MM-DD') AS start_date, pi.created_at, pi.updated_at,
    json_build_object('id', p.id, 'title', p.title, 'firstName', u.first_name, 'lastName', u.last_name,
                      'specialty', p.specialty, 'professionalType', p.professional_type) AS professional,
    json_build_object('id', i.id, 'name', i.name, 'type', i.type, 'city', i.city, 'state', i.state) AS institution
  FROM professional_institutions pi
  JOIN professionals p ON p.id = pi.professional_id
  JOIN users u ON u.id = p.user_id
  JOIN institutions i ON i.id = pi.institution_id`;

/** One side's requests and links: waiting ones first, then by institution or professional name. */
export async function listLinks(db: Db, side: Side): Promise<AffiliationRow[]> {
  return side.kind === 'professional'
    ? db<AffiliationRow[]>`${linkQuery(db)} WHERE pi.professional_id = ${side.profileId}
        ORDER BY (pi.status = 'pending') DESC, i.name, pi.id`
    : db<AffiliationRow[]>`${linkQuery(db)} WHERE pi.institution_id = ${side.profileId}
        ORDER BY (pi.status = 'pending') DESC, u.last_name, u.first_name, pi.id`;
}

export async function findLink(db: Db, id: number): Promise<AffiliationRow | null> {
  const [row] = await db<AffiliationRow[]>`${linkQuery(db)} WHERE pi.id = ${id}`;
  return row ?? null;
}
