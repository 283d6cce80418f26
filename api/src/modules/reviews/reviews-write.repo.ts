import type { Db } from '@ilera/db';
import { replySql } from './review-moderation.repo';
import { verifiedVisitSql, type ReviewRow as ListedReview } from './reviews.repo';

export interface ReviewRow {
  id: number;
  reviewerId: string;
  professionalId: number | null;
  institutionId: number | null;
  rating: number;
  comment: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Whether the reviewer has a completed appointment with the provider, as the review is written. A review
 * of an unclaimed register listing (no owner: D22) never is: nobody books a listing through Ilera.
 */
function completedVisitSql(db: Db, r: { reviewerId: string; professionalId: number | null; institutionId: number | null }) {
  return db`EXISTS (
    SELECT 1 FROM appointments va
    WHERE va.patient_id = ${r.reviewerId} AND va.status = 'completed'
      AND (va.professional_id = ${r.professionalId} OR va.institution_id = ${r.institutionId}))
    AND NOT EXISTS (SELECT 1 FROM institutions li WHERE li.id = ${r.institutionId} AND li.user_id IS NULL)`;
}

export async function findProviderOwner(
  db: Db,
  target: { professionalId: number } | { institutionId: number },
): Promise<{ userId: string; status: string } | null> {
  const [row] =
    'professionalId' in target
      ? await db<{ userId: string; status: string }[]>`SELECT user_id, status FROM professionals WHERE id = ${target.professionalId}`
      : await db<{ userId: string; status: string }[]>`SELECT user_id, status FROM institutions WHERE id = ${target.institutionId}`;
  return row ?? null;
}

/**
 * One review per reviewer per provider: a second one replaces the first, on the
 * partial unique indexes of 001_core.sql (so two simultaneous first reviews cannot both insert).
 * `created` is false when an earlier review was replaced.
 */
export async function upsertReview(
  db: Db,
  r: { reviewerId: string; professionalId: number | null; institutionId: number | null; rating: number; comment: string | null },
): Promise<ReviewRow & { created: boolean }> {
  const conflict =
    r.professionalId != null
      ? db`(reviewer_id, professional_id) WHERE professional_id IS NOT NULL`
      : db`(reviewer_id, institution_id) WHERE institution_id IS NOT NULL`;
  const [row] = await db<(ReviewRow & { created: boolean })[]>`
    INSERT INTO reviews (reviewer_id, professional_id, institution_id, rating, comment, verified_visit)
    VALUES (${r.reviewerId}, ${r.professionalId}, ${r.institutionId}, ${r.rating}, ${r.comment}, ${completedVisitSql(db, r)})
    ON CONFLICT ${conflict}
    DO UPDATE SET rating = EXCLUDED.rating, comment = EXCLUDED.comment, updated_at = now(),
      verified_visit = reviews.verified_visit OR EXCLUDED.verified_visit
    RETURNING id, reviewer_id, professional_id, institution_id, rating, comment, created_at, updated_at,
      (xmax = 0) AS created`;
  return row!;
}

/** A review with the columns the list items are built from (reviews.service reviewView). */
export async function findReviewRow(db: Db, id: number) {
  const [row] = await db<(ReviewRow & Omit<ListedReview, keyof ReviewRow>)[]>`
    SELECT r.id, r.reviewer_id, r.professional_id, r.institution_id, r.rating, r.comment, r.created_at, r.updated_at,
      u.first_name AS reviewer_first_name, u.last_name AS reviewer_last_name,
      ${verifiedVisitSql(db)} AS verified_visit,
      -- Its author is the one reading it: a review a moderator hid stays hidden when edited, and says why (D27).
      ${replySql(db)} AS reply, r.hidden_reason, true AS mine
    FROM reviews r JOIN users u ON u.id = r.reviewer_id
    WHERE r.id = ${id}`;
  return row ?? null;
}
