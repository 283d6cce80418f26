// The moderator's side of review moderation (issue 34, D27): every action is audited like the
// other admin actions, in its own transaction (success) or on its own (a refused action).
import { pathId, REVIEW_NOT_FOUND, type AdminAuditAction } from '@ilera/contracts';
import type { Sql, Tx } from '@ilera/db';
import { AppError, NotFoundError } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { dismissReports, hideReview, restoreReview, type ModerationOutcome } from '../reviews/review-moderation.service';
import { insertAudit } from './admin.repo';

export type ModerationAction = 'hide' | 'restore' | 'dismiss';

const auditActions: Record<ModerationAction, AdminAuditAction> = {
  hide: 'hide_review',
  restore: 'restore_review',
  dismiss: 'dismiss_review_reports',
};

/**
 * Hide (with the reason its author is shown), restore or dismiss the reports of a review. The
 * change, its audit entry, the provider's search event and the author's mail commit together.
 */
export async function moderateReview(
  deps: { sql: Sql; appUrl: string },
  admin: SessionUser,
  action: ModerationAction,
  rawId: string,
  reason?: string,
): Promise<Omit<ModerationOutcome, 'detail'>> {
  const base = { adminId: admin.id, action: auditActions[action], targetType: 'review', targetId: rawId.slice(0, 20) };
  try {
    // Parsed here, not by the route's schema: a refused id is an admin action too, and is audited.
    const id = pathId(REVIEW_NOT_FOUND).safeParse(rawId);
    if (!id.success) throw new NotFoundError(REVIEW_NOT_FOUND);
    return await deps.sql.begin(async (tx: Tx) => {
      const outcome =
        action === 'hide'
          ? await hideReview(tx, admin, id.data, reason!, deps.appUrl)
          : action === 'restore'
            ? await restoreReview(tx, admin, id.data)
            : await dismissReports(tx, admin, id.data);
      await insertAudit(tx, { ...base, targetId: id.data, outcome: 'success', detail: outcome.detail });
      const { detail: _detail, ...answer } = outcome;
      return answer;
    });
  } catch (err) {
    if (err instanceof AppError && err.statusCode < 500) {
      await insertAudit(deps.sql, { ...base, outcome: 'failure', detail: { reason: err.message } });
    }
    throw err;
  }
}
