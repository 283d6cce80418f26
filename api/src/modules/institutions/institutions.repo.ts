// SQL of the institutions area; each function takes the handle it must use.
import type postgres from 'postgres';
import type { Db } from '@ilera/db';
import type { Institution, InstitutionProfileInput } from '@ilera/contracts';
import type { Stored } from '../../types';
import { profileCare, splitCare, type CareWindows, type WithCareColumns } from '../care/care.repo';

/** An institution as stored, with what the profile page shows next to it (every private field included). */
export type InstitutionRow = Stored<Institution> & {
  rejectionReason: string | null;
  /** Null for an unclaimed listing from the national register (issue 33). */
  user: NonNullable<Institution['user']> | null;
};

// Associated professionals list only approved ones: the public can open them.
const profileQuery = (db: Db, where: postgres.Fragment, care: ReturnType<typeof profileCare>) => db<(InstitutionRow & WithCareColumns)[]>`
  SELECT i.id, i.user_id, i.name, i.type, i.services, i.description, i.profile_image_url, i.phone, i.email,
         i.website, i.address, i.city, i.state, i.zip_code, i.registrations, i.is_verified, i.licence_renewal_pending,
         i.is_approved, i.status,
         i.rejection_reason, i.created_at, i.updated_at,
         CASE WHEN u.id IS NOT NULL THEN json_build_object('firstName', u.first_name, 'lastName', u.last_name,
                           'profileImageUrl', u.profile_image_url, 'email', u.email) END AS user,
         i.lga, i.ward, i.ownership, i.ownership_type, i.facility_level, i.latitude, i.longitude, i.location_source,
         -- Issue 33: a listing from the national register keeps its register facts after a claim.
         CASE WHEN rl.institution_id IS NOT NULL THEN json_build_object(
           'code', coalesce(rl.nhfr_facility_code, rl.nhfr_uid), 'updatedOn', to_char(rl.register_updated, 'YYYY-MM-DD'),
           'inLatestRegister', rl.in_latest_register) END AS register,
         i.user_id IS NULL AS listed,
         coalesce((
           SELECT json_agg(json_build_object('id', pi.id, 'role', pi.role,
                    'professional', json_build_object('id', p.id, 'title', p.title, 'specialty', p.specialty,
                      'user', json_build_object('firstName', pu.first_name, 'lastName', pu.last_name)))
                  ORDER BY pu.last_name, pu.first_name, pi.id)
           FROM professional_institutions pi
           JOIN professionals p ON p.id = pi.professional_id
           JOIN users pu ON pu.id = p.user_id
           WHERE pi.institution_id = i.id AND pi.status = 'confirmed' AND p.status = 'approved'), '[]'::json) AS professional_affiliations,
         r.average_rating, r.review_count,
         -- The next free slot the index was last given (kept on the row, decision 012); one already past is none.
         CASE WHEN i.next_slot_at > now() THEN extract(epoch FROM i.next_slot_at)::int END AS next_slot,
         ${care.columns}
  FROM institutions i
  LEFT JOIN users u ON u.id = i.user_id
  LEFT JOIN register_listings rl ON rl.institution_id = i.id
  CROSS JOIN LATERAL (
    SELECT coalesce(round(avg(rv.rating)::numeric, 1), 0)::float8 AS average_rating, count(*)::int AS review_count
    FROM reviews rv WHERE rv.institution_id = i.id AND rv.hidden_at IS NULL) r
  ${care.join}
  ${where}`;

/** An institution profile by id or by its owner, with its care facts (one statement: issue 47). */
export async function findInstitution(db: Db, by: { id: number } | { userId: string }, windows: CareWindows) {
  const where = 'id' in by ? db`WHERE i.id = ${by.id}` : db`WHERE i.user_id = ${by.userId}`;
  const [row] = await profileQuery(db, where, profileCare(db, 'institution', 'i', windows));
  return row ? splitCare(row) : null;
}

/** The columns a profile edit writes (create and edit alike). */
export const editableColumns = (input: InstitutionProfileInput) => ({
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

/** Professionals whose search document shows this institution (their first affiliation). */
export async function affiliatedProfessionalIds(db: Db, institutionId: number): Promise<number[]> {
  const rows = await db<{ professionalId: number }[]>`
    SELECT professional_id FROM professional_institutions WHERE institution_id = ${institutionId}`;
  return rows.map((r) => r.professionalId);
}

