// SQL of review moderation (issue 34, D27): reports, the hidden state, provider replies and the
// moderation queue. Each function takes the handle it must use.
import type { ModerationItem, ReviewReportReason } from '@ilera/contracts';
import type { Db } from '@ilera/db';

export type ProviderKind = 'professional' | 'institution';

/** A review with what moderation decides from: its provider (either kind) and that provider's owner. */
export interface ReviewSubject {
  id: number;
  reviewerId: string | null;
  reviewerEmail: string | null;
  reviewerFirstName: string | null;
  /** The author's account language (users.language): their mail is in it (issue 50). */
  reviewerLanguage: string | null;
  hiddenAt: Date | null;
  providerKind: ProviderKind;
  providerId: number;
  providerStatus: string;
  /** The account that owns the reviewed profile (null for an unclaimed register listing). */
  providerOwnerId: string | null;
  providerName: string;
}

/** The provider's reply as JSON, or null (`r` is the caller's alias of `reviews`). */
export const replySql = (db: Db) =>
  db`(SELECT json_build_object('body', rp.body, 'createdAt', rp.created_at) FROM review_replies rp WHERE rp.review_id = r.id)`;

/** Both kinds of provider in one query: the behaviour is the same, the tables differ. */
const subjectQuery = (db: Db) => db`
  SELECT r.id, r.reviewer_id, ru.email AS reviewer_email, ru.first_name AS reviewer_first_name, ru.language AS reviewer_language, r.hidden_at,
    CASE WHEN r.professional_id IS NOT NULL THEN 'professional' ELSE 'institution' END AS provider_kind,
    coalesce(r.professional_id, r.institution_id) AS provider_id,
    coalesce(p.status, i.status) AS provider_status,
    coalesce(p.user_id, i.user_id) AS provider_owner_id,
    CASE WHEN r.professional_id IS NOT NULL THEN concat_ws(' ', nullif(p.title, ''), pu.first_name, pu.last_name) ELSE i.name END AS provider_name
  FROM reviews r
  LEFT JOIN users ru ON ru.id = r.reviewer_id
  LEFT JOIN professionals p ON p.id = r.professional_id
  LEFT JOIN users pu ON pu.id = p.user_id
  LEFT JOIN institutions i ON i.id = r.institution_id`;

export async function findSubject(db: Db, reviewId: number): Promise<ReviewSubject | null> {
  const [row] = await db<ReviewSubject[]>`${subjectQuery(db)} WHERE r.id = ${reviewId}`;
  return row ?? null;
}

/** The same, with the review row locked: two moderators acting at once are serialised. */
export async function lockSubject(db: Db, reviewId: number): Promise<ReviewSubject | null> {
  const [row] = await db<ReviewSubject[]>`${subjectQuery(db)} WHERE r.id = ${reviewId} FOR UPDATE OF r`;
  return row ?? null;
}

/** One report per account per review: false when this account already reported it (the unique constraint decides). */
export async function insertReport(
  db: Db,
  r: { reviewId: number; reporterId: string; reason: ReviewReportReason; details: string | null },
): Promise<boolean> {
  const rows = await db`
    INSERT INTO review_reports (review_id, reporter_id, reason, details)
    VALUES (${r.reviewId}, ${r.reporterId}, ${r.reason}, ${r.details})
    ON CONFLICT ON CONSTRAINT review_reports_one_per_account DO NOTHING
    RETURNING id`;
  return rows.length === 1;
}

/** One reply per review: false when the review already has one (the primary key decides). */
export async function insertReply(db: Db, r: { reviewId: number; authorId: string; body: string }): Promise<{ body: string; createdAt: Date } | null> {
  const [row] = await db<{ body: string; createdAt: Date }[]>`
    INSERT INTO review_replies (review_id, author_id, body) VALUES (${r.reviewId}, ${r.authorId}, ${r.body})
    ON CONFLICT (review_id) DO NOTHING
    RETURNING body, created_at`;
  return row ?? null;
}

export async function setHidden(db: Db, reviewId: number, hidden: { by: string; reason: string } | null): Promise<void> {
  await db`
    UPDATE reviews SET hidden_at = ${hidden ? db`now()` : null}, hidden_by = ${hidden?.by ?? null}, hidden_reason = ${hidden?.reason ?? null}
    WHERE id = ${reviewId}`;
}

/** Closes the review's open reports; answers how many it closed. */
export async function resolveReports(db: Db, reviewId: number, by: string, resolution: 'hidden' | 'dismissed'): Promise<number> {
  const rows = await db`
    UPDATE review_reports SET resolved_at = now(), resolved_by = ${by}, resolution = ${resolution}
    WHERE review_id = ${reviewId} AND resolved_at IS NULL
    RETURNING id`;
  return rows.length;
}

export async function countOpenReports(db: Db, reviewId: number): Promise<number> {
  const [{ n }] = await db<{ n: number }[]>`SELECT count(*)::int AS n FROM review_reports WHERE review_id = ${reviewId} AND resolved_at IS NULL`;
  return n;
}

type QueueRow = ModerationItem & { total: number };

/**
 * The moderation queue. 'reported': visible reviews with open reports, the most recently
 * reported first; 'hidden': hidden reviews, the most recently hidden first, with the reports
 * the hiding closed.
 */
export async function queuePage(db: Db, status: 'reported' | 'hidden', limit: number, offset: number): Promise<{ items: ModerationItem[]; total: number }> {
  const reportsOf = status === 'reported' ? db`rr.resolved_at IS NULL` : db`rr.resolution = 'hidden'`;
  const rows = await db<QueueRow[]>`
    WITH chosen AS (
      ${
        status === 'reported'
          ? db`SELECT rr.review_id, max(rr.created_at) AS at FROM review_reports rr JOIN reviews r ON r.id = rr.review_id
               WHERE rr.resolved_at IS NULL AND r.hidden_at IS NULL GROUP BY rr.review_id`
          : db`SELECT r.id AS review_id, r.hidden_at AS at FROM reviews r WHERE r.hidden_at IS NOT NULL`
      }
    )
    SELECT
      json_build_object('id', r.id, 'rating', r.rating, 'comment', r.comment, 'createdAt', r.created_at,
        'reviewer', json_build_object('firstName', ru.first_name, 'lastName', ru.last_name)) AS review,
      json_build_object(
        'kind', CASE WHEN r.professional_id IS NOT NULL THEN 'professional' ELSE 'institution' END,
        'id', coalesce(r.professional_id, r.institution_id),
        'name', CASE WHEN r.professional_id IS NOT NULL THEN concat_ws(' ', nullif(p.title, ''), pu.first_name, pu.last_name) ELSE i.name END
      ) AS provider,
      CASE WHEN r.hidden_at IS NULL THEN NULL ELSE json_build_object('reason', r.hidden_reason, 'at', r.hidden_at) END AS hidden,
      coalesce((
        SELECT json_agg(json_build_object('id', rr.id::text, 'reason', rr.reason, 'details', rr.details, 'createdAt', rr.created_at,
                 'reporter', CASE WHEN rep.id IS NULL THEN NULL ELSE json_build_object('firstName', rep.first_name, 'lastName', rep.last_name) END)
               ORDER BY rr.created_at DESC, rr.id DESC)
        FROM review_reports rr LEFT JOIN users rep ON rep.id = rr.reporter_id
        WHERE rr.review_id = r.id AND ${reportsOf}), '[]'::json) AS reports,
      count(*) OVER ()::int AS total
    FROM chosen c
    JOIN reviews r ON r.id = c.review_id
    LEFT JOIN users ru ON ru.id = r.reviewer_id
    LEFT JOIN professionals p ON p.id = r.professional_id
    LEFT JOIN users pu ON pu.id = p.user_id
    LEFT JOIN institutions i ON i.id = r.institution_id
    ORDER BY c.at DESC, r.id DESC
    LIMIT ${limit} OFFSET ${offset}`;
  const total = rows[0]?.total ?? (offset > 0 ? await countQueue(db, status) : 0);
  return { items: rows.map(({ total: _t, ...item }) => item), total };
}

async function countQueue(db: Db, status: 'reported' | 'hidden'): Promise<number> {
  const [{ n }] =
    status === 'reported'
      ? await db<{ n: number }[]>`SELECT count(DISTINCT rr.review_id)::int AS n FROM review_reports rr JOIN reviews r ON r.id = rr.review_id
          WHERE rr.resolved_at IS NULL AND r.hidden_at IS NULL`
      : await db<{ n: number }[]>`SELECT count(*)::int AS n FROM reviews WHERE hidden_at IS NOT NULL`;
  return n;
}
