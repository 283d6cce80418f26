// SQL of the institutions area; each function takes the handle it must use.
import type postgres from 'postgres';
import type { Db } from '@ilera/db';
import type { Institution, InstitutionProfileInput, ProfileStatus } from '@ilera/contracts';
import type { Stored } from '../../types';

/** An institution as stored, with what the profile page shows next to it (every private field included). */
export type InstitutionRow = Stored<Institution> & {
  rejectionReason: string | null;
  user: NonNullable<Institution['user']>;
};

export interface InstitutionRef {
  id: number;
  userId: string;
  status: ProfileStatus;
  type: string;
  name: string;
}

// Associated professionals list only approved ones: the public can open them.
const profileQuery = (db: Db, where: postgres.Fragment) => db<InstitutionRow[]>`
  SELECT i.id, i.user_id, i.name, i.type, i.services, i.description, i.profile_image_url, i.phone, i.email,
         i.website, i.address, i.city, i.state, i.zip_code, i.registrations, i.is_verified, i.licence_renewal_pending,
         i.is_approved, i.status,
         i.rejection_reason, i.created_at, i.updated_at,
         json_build_object('firstName', u.first_name, 'lastName', u.last_name,
                           'profileImageUrl', u.profile_image_url, 'email', u.email) AS user,
         coalesce((
           SELECT json_agg(json_build_object('id', pi.id, 'role', pi.role,
                    'professional', json_build_object('id', p.id, 'title', p.title, 'specialty', p.specialty,
                      'user', json_build_object('firstName', pu.first_name, 'lastName', pu.last_name)))
                  ORDER BY pu.last_name, pu.first_name, pi.id)
           FROM professional_institutions pi
           JOIN professionals p ON p.id = pi.professional_id
           JOIN users pu ON pu.id = p.user_id
           WHERE pi.institution_id = i.id AND pi.status = 'confirmed' AND p.status = 'approved'), '[]'::json) AS professional_affiliations,
         r.average_rating, r.review_count
  FROM institutions i
  JOIN users u ON u.id = i.user_id
  CROSS JOIN LATERAL (
    SELECT coalesce(round(avg(rv.rating)::numeric, 1), 0)::float8 AS average_rating, count(*)::int AS review_count
    FROM reviews rv WHERE rv.institution_id = i.id) r
  ${where}`;

export async function findInstitutionById(db: Db, id: number): Promise<InstitutionRow | null> {
  const [row] = await profileQuery(db, db`WHERE i.id = ${id}`);
  return row ?? null;
}

export async function findInstitutionByUserId(db: Db, userId: string): Promise<InstitutionRow | null> {
  const [row] = await profileQuery(db, db`WHERE i.user_id = ${userId}`);
  return row ?? null;
}

export async function findInstitutionRef(db: Db, id: number): Promise<InstitutionRef | null> {
  const [row] = await db<InstitutionRef[]>`SELECT id, user_id, status, type, name FROM institutions WHERE id = ${id}`;
  return row ?? null;
}

export async function findInstitutionRefForUpdate(db: Db, id: number): Promise<InstitutionRef | null> {
  const [row] = await db<InstitutionRef[]>`
    SELECT id, user_id, status, type, name FROM institutions WHERE id = ${id} FOR UPDATE`;
  return row ?? null;
}

export async function findInstitutionRefByUserId(db: Db, userId: string): Promise<InstitutionRef | null> {
  const [row] = await db<InstitutionRef[]>`
    SELECT id, user_id, status, type, name FROM institutions WHERE user_id = ${userId}`;
  return row ?? null;
}

const editableColumns = (input: InstitutionProfileInput) => ({
  name: input.name,
  type: input.type,
  services: input.services,
  description: input.description || null,
  phone: input.phone || null,
  email: input.email || null,
  website: input.website || null,
  address: input.address || null,
  city: input.city || null,
  state: input.state || null,
  zipCode: input.zipCode || null,
});

export async function insertInstitution(db: Db, userId: string, input: InstitutionProfileInput): Promise<number> {
  const [row] = await db<{ id: number }[]>`
    INSERT INTO institutions ${db({ userId, ...editableColumns(input) })} RETURNING id`;
  return row.id;
}

/** Writes an edit; the rejection reason is kept only while the profile stays rejected. */
export async function updateInstitutionRow(
  db: Db,
  id: number,
  input: InstitutionProfileInput,
  status: InstitutionRef['status'],
): Promise<void> {
  await db`
    UPDATE institutions SET ${db({ ...editableColumns(input), status })},
      rejection_reason = CASE WHEN ${status}::text = 'rejected' THEN rejection_reason END,
      updated_at = now()
    WHERE id = ${id}`;
}

/** The profile photo is also the account's avatar (header, menus): both change together. */
export async function updateInstitutionPhoto(db: Db, id: number, url: string | null): Promise<void> {
  const [row] = await db<{ userId: string }[]>`
    UPDATE institutions SET profile_image_url = ${url}, updated_at = now() WHERE id = ${id} RETURNING user_id`;
  await db`UPDATE users SET profile_image_url = ${url}, updated_at = now() WHERE id = ${row.userId}`;
}

/** Professionals whose search document shows this institution (their first affiliation). */
export async function affiliatedProfessionalIds(db: Db, institutionId: number): Promise<number[]> {
  const rows = await db<{ professionalId: number }[]>`
    SELECT professional_id FROM professional_institutions WHERE institution_id = ${institutionId}`;
  return rows.map((r) => r.professionalId);
}

export async function professionalIdOfUser(db: Db, userId: string): Promise<number | null> {
  const [row] = await db<{ id: number }[]>`SELECT id FROM professionals WHERE user_id = ${userId}`;
  return row?.id ?? null;
}

export async function setUserType(db: Db, userId: string, userType: 'institution'): Promise<void> {
  await db`UPDATE users SET user_type = ${userType}, updated_at = now() WHERE id = ${userId}`;
}
