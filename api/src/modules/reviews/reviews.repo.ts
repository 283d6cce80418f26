// SQL of the reviews area; each function takes the handle it must use.
import { FORMER_PATIENT, type ProfileStatus, type ProviderKind } from '@ilera/contracts';
import type { Db } from '@ilera/db';
import { replySql } from './review-moderation.repo';

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
  /** The provider's public reply (D27). */
  reply: { body: string; createdAt: string } | null;
  /** Only in the author's own view of a review a moderator hid (D27). */
  hiddenReason: string | null;
  /** The viewer wrote it. */
  mine: boolean;
}

/**
 * "Verified visit" (D19): the review's author had a completed appointment with the reviewed
 * provider. Recorded when the review is written (reviews-write.repo's upsertReview) or the visit
 * completed (migration 032's trigger), so a deleted author's review keeps it. `r` is the alias of
 * `reviews` in the caller's query. Defined here, on the read side, which the write side imports
 * (never the other way: issue 48's import circle).
 */
export function verifiedVisitSql(db: Db) {
  return db`r.verified_visit`;
}

/** `viewerId`: the signed-in viewer, who alone sees their own hidden review and its reason (D27). */
const columns = (db: Db, viewerId: string | null) => db`
  r.id, r.rating, r.comment, r.created_at, r.updated_at, r.professional_id, r.institution_id,
  -- D21: the review of a deleted account stays, under "Former patient".
  CASE WHEN r.reviewer_id IS NULL THEN ${FORMER_PATIENT} ELSE u.first_name END AS reviewer_first_name,
  u.last_name AS reviewer_last_name,
  ${verifiedVisitSql(db)} AS verified_visit,
  ${replySql(db)} AS reply,
  CASE WHEN r.reviewer_id = ${viewerId} THEN r.hidden_reason END AS hidden_reason,
  coalesce(r.reviewer_id = ${viewerId}, false) AS mine`;

/** Public lists leave hidden reviews out, except the viewer's own (shown to them with the reason). */
const shown = (db: Db, viewerId: string | null) => db`AND (r.hidden_at IS NULL OR r.reviewer_id = ${viewerId})`;

/** Newest first; or verified visits first, each group newest first (D19). `x` is the reviews' alias. */
export type ReviewOrder = 'newest' | 'verified';
const orderBy = (db: Db, order: ReviewOrder) =>
  order === 'verified' ? db`ORDER BY x.verified_visit DESC, x.created_at DESC, x.id DESC` : db`ORDER BY x.created_at DESC, x.id DESC`;

const providers = { professional: ['professionals', 'professional_id'], institution: ['institutions', 'institution_id'] } as const;

/**
 * A provider's reviews with who may see the list (the provider's owner and status: the list is as public as
 * the profile), in one statement (issue 47: the visibility check was a round trip of its own). Null when no
 * such provider. The caller decides visibility before using the reviews.
 */
export async function listReviews(
  db: Db,
  kind: ProviderKind,
  providerId: number,
  order: ReviewOrder,
  viewerId: string | null = null,
): Promise<{ provider: { userId: string | null; status: ProfileStatus }; reviews: ReviewRow[] } | null> {
  const [table, key] = providers[kind];
  const rows = await db<(ReviewRow & { providerUserId: string | null; providerStatus: ProfileStatus })[]>`
    SELECT v.user_id AS provider_user_id, v.status AS provider_status, x.*
    FROM ${db(table)} v
    LEFT JOIN LATERAL (
      SELECT ${columns(db, viewerId)} FROM reviews r LEFT JOIN users u ON u.id = r.reviewer_id
      WHERE r.${db(key)} = v.id ${shown(db, viewerId)}) x ON true
    WHERE v.id = ${providerId}
    ${orderBy(db, order)}`;
  if (rows.length === 0) return null;
  const provider = { userId: rows[0].providerUserId, status: rows[0].providerStatus };
  // No review: the one row is the provider's, with every review column null.
  return { provider, reviews: rows[0].id === null ? [] : rows };
}
