// SQL of the reviews area; each function takes the handle it must use.
import { FORMER_PATIENT } from '@ilera/contracts';
import type { Db } from '@ilera/db';
import { isVerifiedPatientSql } from './reviews-write.repo';

export interface ReviewRow {
  id: number;
  rating: number;
  comment: string | null;
  createdAt: Date;
  updatedAt: Date;
  professionalId: number | null;
  institutionId: number | null;
  reviewerFirstName: string | null;
  reviewerLastName: string | null;
  /** The reviewer has a completed appointment with this provider (issue 6). */
  isVerifiedPatient: boolean;
}

const columns = (db: Db) => db`
  r.id, r.rating, r.comment, r.created_at, r.updated_at, r.professional_id, r.institution_id,
  -- D21: the review of a deleted account stays, under "Former patient".
  CASE WHEN r.reviewer_id IS NULL THEN ${FORMER_PATIENT} ELSE u.first_name END AS reviewer_first_name,
  u.last_name AS reviewer_last_name,
  ${isVerifiedPatientSql(db)} AS is_verified_patient`;

/** A professional's reviews, newest first. */
export async function listProfessionalReviews(db: Db, professionalId: number): Promise<ReviewRow[]> {
  return db<ReviewRow[]>`
    SELECT ${columns(db)} FROM reviews r LEFT JOIN users u ON u.id = r.reviewer_id
    WHERE r.professional_id = ${professionalId}
    ORDER BY r.created_at DESC, r.id DESC`;
}

/** An institution's reviews, newest first. */
export async function listInstitutionReviews(db: Db, institutionId: number): Promise<ReviewRow[]> {
  return db<ReviewRow[]>`
    SELECT ${columns(db)} FROM reviews r LEFT JOIN users u ON u.id = r.reviewer_id
    WHERE r.institution_id = ${institutionId}
    ORDER BY r.created_at DESC, r.id DESC`;
}
