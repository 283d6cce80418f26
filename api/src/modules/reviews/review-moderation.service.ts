// Review moderation (issue 34, PRODUCT.md D27, decision 029): reports by signed-in users,
// the provider's one public reply, and the moderator's hide, restore and dismiss (called by
// the admin area, which audits them in the same transaction).
import {
  ALREADY_REPLIED_MESSAGE,
  ALREADY_REPORTED_MESSAGE,
  OWN_REVIEW_REPORT_MESSAGE,
  REPLY_NOT_YOURS_MESSAGE,
  REVIEW_NOT_FOUND,
  type ReplyReviewInput,
  type ReportReviewInput,
} from '@ilera/contracts';
import { emit, type Db, type Sql } from '@ilera/db';
import { mailLetter, mailMessage, recipientLocale } from '@ilera/workers/mail-messages';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import * as repo from './review-moderation.repo';
import type { ReviewSubject } from './review-moderation.repo';

/**
 * A review the public may see: visible, about an approved provider. Anything else
 * answers 404 as a review that does not exist would (D9).
 */
async function publicSubject(db: Db, reviewId: number): Promise<ReviewSubject> {
  const subject = await repo.findSubject(db, reviewId);
  if (!subject || subject.hiddenAt || subject.providerStatus !== 'approved') throw new NotFoundError(REVIEW_NOT_FOUND);
  return subject;
}

/** Reports a review; the caller has counted the attempt against the account's daily limit. */
export async function reportReview(sql: Sql, user: SessionUser, reviewId: number, input: ReportReviewInput): Promise<void> {
  const subject = await publicSubject(sql, reviewId);
  if (subject.reviewerId === user.id) throw new ForbiddenError(OWN_REVIEW_REPORT_MESSAGE);
  const details = input.details?.trim() ? input.details.trim() : null;
  const added = await repo.insertReport(sql, { reviewId, reporterId: user.id, reason: input.reason, details });
  if (!added) throw new ConflictError(ALREADY_REPORTED_MESSAGE);
}

/**
 * The provider's one public reply. Professionals and institutions alike: the reviewed
 * profile's owner may reply, nobody else (patients and admins: 403, another provider: 403).
 */
export async function replyToReview(sql: Sql, user: SessionUser, reviewId: number, input: ReplyReviewInput) {
  if (user.userType !== 'professional' && user.userType !== 'institution') throw new ForbiddenError(REPLY_NOT_YOURS_MESSAGE);
  const subject = await publicSubject(sql, reviewId);
  if (subject.providerOwnerId !== user.id) throw new ForbiddenError(REPLY_NOT_YOURS_MESSAGE);
  const reply = await repo.insertReply(sql, { reviewId, authorId: user.id, body: input.body });
  if (!reply) throw new ConflictError(ALREADY_REPLIED_MESSAGE);
  return reply;
}

export async function moderationQueue(sql: Sql, status: 'reported' | 'hidden', page: number, perPage: number) {
  const { items, total } = await repo.queuePage(sql, status, perPage, (page - 1) * perPage);
  return { items, total, page, perPage };
}

/** The search event of the review's provider: its rating and count are recomputed from PostgreSQL (D16). */
const reindexProvider = (tx: Db, s: ReviewSubject) =>
  emit(tx, s.providerKind === 'professional' ? 'search.professional' : 'search.institution', { id: s.providerId });

async function lockedSubject(tx: Db, reviewId: number): Promise<ReviewSubject> {
  const subject = await repo.lockSubject(tx, reviewId);
  if (!subject) throw new NotFoundError(REVIEW_NOT_FOUND);
  return subject;
}

/** What the admin area writes into the audit entry of an action. */
export interface ModerationOutcome {
  id: number;
  hidden: boolean;
  openReports: number;
  detail: Record<string, unknown>;
}

const auditDetail = (s: ReviewSubject) => ({ provider: s.providerName, providerKind: s.providerKind, providerId: s.providerId });

/** The mail to the author of a hidden review, in their account's language (issue 50). The reason is the moderator's, word for word. */
export function hiddenReviewMail(appUrl: string, s: ReviewSubject, reason: string) {
  const l = recipientLocale(s.reviewerLanguage);
  return {
    subject: mailMessage(l, 'review-hidden.subject'),
    text: mailLetter(l, s.reviewerFirstName, [
      mailMessage(l, 'review-hidden.body', { provider: s.providerName }),
      '',
      mailMessage(l, 'reason', { reason }),
      '',
      mailMessage(l, 'review-hidden.see', { link: `${appUrl}/${s.providerKind}/${s.providerId}` }),
      mailMessage(l, 'review-hidden.mistake'),
    ]),
  };
}

/**
 * Hides a review (in the caller's transaction): it leaves the public lists and the rating, its
 * open reports are closed as resolved by hiding, the provider is reindexed and the author is
 * told by mail, all or nothing.
 */
export async function hideReview(tx: Db, admin: SessionUser, reviewId: number, reason: string, appUrl: string): Promise<ModerationOutcome> {
  const s = await lockedSubject(tx, reviewId);
  if (s.hiddenAt) throw new ConflictError('This review is already hidden');
  await repo.setHidden(tx, reviewId, { by: admin.id, reason });
  const closed = await repo.resolveReports(tx, reviewId, admin.id, 'hidden');
  await reindexProvider(tx, s);
  // A deleted author (D21) has nobody to tell.
  if (s.reviewerEmail) await emit(tx, 'mail.send', { to: s.reviewerEmail, ...hiddenReviewMail(appUrl, s, reason) });
  return { id: reviewId, hidden: true, openReports: 0, detail: { ...auditDetail(s), reason, reportsClosed: closed } };
}

/** Shows a hidden review again: back in the lists and the rating. */
export async function restoreReview(tx: Db, _admin: SessionUser, reviewId: number): Promise<ModerationOutcome> {
  const s = await lockedSubject(tx, reviewId);
  if (!s.hiddenAt) throw new ConflictError('This review is not hidden');
  await repo.setHidden(tx, reviewId, null);
  await reindexProvider(tx, s);
  return { id: reviewId, hidden: false, openReports: await repo.countOpenReports(tx, reviewId), detail: auditDetail(s) };
}

/** Closes the open reports of a review the moderator keeps: it leaves the queue until someone else reports it. */
export async function dismissReports(tx: Db, admin: SessionUser, reviewId: number): Promise<ModerationOutcome> {
  const s = await lockedSubject(tx, reviewId);
  const closed = await repo.resolveReports(tx, reviewId, admin.id, 'dismissed');
  if (closed === 0) throw new ConflictError('This review has no open reports');
  return { id: reviewId, hidden: s.hiddenAt != null, openReports: 0, detail: { ...auditDetail(s), reportsClosed: closed } };
}
