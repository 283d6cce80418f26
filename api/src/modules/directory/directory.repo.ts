import type { Db } from '@ilera/db';

/** Live counts of approved profiles for the landing page's category cards (PRODUCT.md D2). */
export async function directoryCounts(db: Db) {
  const [row] = await db<{ doctor: number; pharmacist: number; nurse: number; cardiology: number; neurology: number; pediatrics: number; institutions: number }[]>`
    SELECT
      count(*) FILTER (WHERE professional_type = 'doctor')::int     AS doctor,
      count(*) FILTER (WHERE professional_type = 'pharmacist')::int AS pharmacist,
      count(*) FILTER (WHERE professional_type = 'nurse')::int      AS nurse,
      count(*) FILTER (WHERE specialty = 'Cardiology')::int         AS cardiology,
      count(*) FILTER (WHERE specialty = 'Neurology')::int          AS neurology,
      count(*) FILTER (WHERE specialty = 'Pediatrics')::int         AS pediatrics,
      (SELECT count(*) FROM institutions WHERE status = 'approved')::int AS institutions
    FROM professionals WHERE status = 'approved'`;
  return {
    doctor: row.doctor,
    pharmacist: row.pharmacist,
    nurse: row.nurse,
    institutions: row.institutions,
    specialties: { Cardiology: row.cardiology, Neurology: row.neurology, Pediatrics: row.pediatrics },
  };
}
