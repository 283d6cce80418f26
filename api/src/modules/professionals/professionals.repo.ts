// SQL of the professionals area. Every function takes the handle it must use:
// the pool for reads, the transaction for writes that emit an outbox event.
import type postgres from 'postgres';
import type { Db } from '@ilera/db';
import { allSpecialties, languageName, languagesFromText, type Professional, type ProfessionalProfileInput } from '@ilera/contracts';
import type { Stored } from '../../types';
import { profileCare, splitCare, type CareWindows, type WithCareColumns } from '../care/care.repo';

/** A professional as stored, with what the profile page shows next to it (every private field included). */
export type ProfessionalRow = Stored<Professional> & {
  rejectionReason: string | null;
  user: Professional['user'] & { email: string };
};

// Affiliations list only confirmed links (D20) to approved institutions: a link to an unlisted one would
// lead a visitor to "Institution Not Found".
const profileQuery = (db: Db, where: postgres.Fragment, care: ReturnType<typeof profileCare>) => db<(ProfessionalRow & WithCareColumns)[]>`
  SELECT p.id, p.user_id, p.professional_type, p.title, p.specialty, p.license_number, p.years_of_experience,
         p.education, p.bio, p.profile_image_url, p.phone, p.address, p.city, p.state, p.zip_code,
         p.countries, p.country_licenses, p.consultation_fee, p.languages, p.language_codes, p.certifications, p.contact_email, p.is_verified, p.licence_renewal_pending, p.is_approved, p.status, p.rejection_reason,
         p.created_at, p.updated_at,
         json_build_object('firstName', u.first_name, 'lastName', u.last_name,
                           'profileImageUrl', u.profile_image_url, 'email', u.email) AS user,
         coalesce((
           SELECT json_agg(json_build_object('id', pi.id, 'role', pi.role,
                    'institution', json_build_object('id', i.id, 'name', i.name, 'type', i.type))
                  ORDER BY i.name, pi.id)
           FROM professional_institutions pi JOIN institutions i ON i.id = pi.institution_id
           WHERE pi.professional_id = p.id AND pi.status = 'confirmed' AND i.status = 'approved'), '[]'::json) AS institution_affiliations,
         r.average_rating, r.review_count,
         -- The next free slot the index was last given (kept on the row, decision 012); one already past is none.
         CASE WHEN p.next_slot_at > now() THEN extract(epoch FROM p.next_slot_at)::int END AS next_slot,
         -- Issue 33 (D23): the professional's own point (device or pin), else that of their first confirmed
         -- institution, else (issue 48) their own LGA's centre.
         CASE WHEN loc.latitude IS NOT NULL THEN loc.latitude ELSE p.latitude END AS latitude,
         CASE WHEN loc.latitude IS NOT NULL THEN loc.longitude ELSE p.longitude END AS longitude,
         CASE WHEN loc.latitude IS NOT NULL THEN 'affiliation' ELSE p.location_source END AS location_source, p.lga,
         ${care.columns}
  FROM professionals p
  JOIN users u ON u.id = p.user_id
  LEFT JOIN LATERAL (
    SELECT i.latitude, i.longitude FROM professional_institutions pi JOIN institutions i ON i.id = pi.institution_id
    WHERE pi.professional_id = p.id AND pi.status = 'confirmed' AND i.status = 'approved' AND i.latitude IS NOT NULL
    ORDER BY pi.id LIMIT 1) loc ON p.latitude IS NULL OR p.location_source = 'lga_centre'
  CROSS JOIN LATERAL (
    SELECT coalesce(round(avg(rv.rating)::numeric, 1), 0)::float8 AS average_rating, count(*)::int AS review_count
    FROM reviews rv WHERE rv.professional_id = p.id AND rv.hidden_at IS NULL) r
  ${care.join}
  ${where}`;

/** A professional profile by id or by its owner, with its care facts (one statement: issue 47). */
export async function findProfessional(db: Db, by: { id: number } | { userId: string }, windows: CareWindows) {
  const where = 'id' in by ? db`WHERE p.id = ${by.id}` : db`WHERE p.user_id = ${by.userId}`;
  const [row] = await profileQuery(db, where, profileCare(db, 'professional', 'p', windows));
  return row ? splitCare(row) : null;
}

/**
 * Issue 50 (decision 047): the codes, when given, are the languages and write the spec's text as their
 * names; a client that sends only the text (the spec's) gets the codes of the names it recognises.
 */
export function languageColumns(input: { languages?: string | null; languageCodes?: readonly string[] }) {
  if (input.languageCodes) return { languageCodes: [...input.languageCodes], languages: input.languageCodes.map(languageName).join(', ') || null };
  return { languageCodes: languagesFromText(input.languages), languages: input.languages || null };
}

/** The columns a profile edit writes (create and edit alike). */
export const editableColumns = (input: ProfessionalProfileInput) => ({
  professionalType: input.professionalType,
  title: input.title,
  specialty: input.specialty,
  // Empty optional fields are stored as NULL, not ''.
  licenseNumber: input.licenseNumber || null,
  yearsOfExperience: input.yearsOfExperience,
  education: input.education || null,
  bio: input.bio || null,
  phone: input.phone || null,
  address: input.address || null,
  city: input.city || null,
  state: input.state || null,
  zipCode: input.zipCode || null,
  consultationFee: input.consultationFee ?? null,
  ...languageColumns(input),
  certifications: input.certifications || null,
  contactEmail: input.contactEmail || null,
});

export async function listSpecialties(db: Db) {
  return db<{ id: number; name: string; description: string | null; icon: string | null }[]>`
    SELECT id, name, description, icon FROM specialties
    ORDER BY array_position(${[...allSpecialties]}::text[], name) NULLS LAST, id`;
}
