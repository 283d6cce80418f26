// SQL of the reviews area; each function takes the handle it must use.
import { FORMER_PATIENT } from '@ilera/contracts';
import type { Db } from '@ilera/db';
import { verifiedVisitSql } from './reviews-write.repo';

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
  /** The reviewer has a completed appointment with this provider (D19). */
  verifiedVisit: boolean;
}

const columns = (db: Db) => db`
  r.id, r.rating, r.comment, r.created_at, r.updated_at, r.professional_id, r.institution_id,
  -- D21: the review of a deleted account stays, under "Former patient".
  CASE WHEN r.reviewer_id IS NULL THEN ${FORMER_PATIENT} ELSE u.first_name END AS reviewer_first_name,
  u.last_name AS reviewer_last_name,
  ${verifiedVisitSql(db)} AS verified_visit`;

/** Newest first; or verified visits first, each group newest first (D19). */
export type ReviewOrder = 'newest' | 'verified';
const orderBy = (db: Db, order: ReviewOrder) =>
  order === 'verified' ? db`ORDER BY verified_visit DESC, r.created_at DESC, r.id DESC` : db`ORDER BY r.created_at DESC, r.id DESC`;

/** A professional's reviews. */
export async function listProfessionalReviews(db: Db, professionalId: number, order: ReviewOrder): Promise<ReviewRow[]> {
  return db<ReviewRow[]>`
    SELECT ${columns(db)} FROM reviews r LEFT JOIN users u ON u.id = r.reviewer_id
    WHERE r.professional_id = ${professionalId}
    ${orderBy(db, order)}`;
}

/** An institution's reviews. */
export async function listInstitutionReviews(db: Db, institutionId: number, order: ReviewOrder): Promise<ReviewRow[]> {
  return db<ReviewRow[]>`
    SELECT ${columns(db)} FROM reviews r LEFT JOIN users u ON u.id = r.reviewer_id
    WHERE r.institution_id = ${institutionId}
    ${orderBy(db, order)}`;
}
