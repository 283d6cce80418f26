import { emit, type Sql } from '@ilera/db';
import { PATIENTS_ONLY_REVIEW_MESSAGE, type CreateReviewInput } from '@ilera/contracts';
import { ForbiddenError, NotFoundError } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import * as repo from './reviews-write.repo';
import { reviewView } from './reviews.service';

/**
 * Writes (or replaces) the signed-in patient's review of an approved provider. The
 * review and the provider's search event commit together: the index worker
 * recomputes the rating from PostgreSQL (D16).
 */
export async function submitReview(sql: Sql, user: SessionUser, input: CreateReviewInput) {
  // D19: competitors must not review each other; providers and admins never review.
  if (user.userType !== 'patient') throw new ForbiddenError(PATIENTS_ONLY_REVIEW_MESSAGE);
  const target =
    input.professionalId != null ? { professionalId: input.professionalId } : { institutionId: input.institutionId! };
  const owner = await repo.findProviderOwner(sql, target);
  if (!owner || owner.status !== 'approved') {
    throw new NotFoundError('professionalId' in target ? 'Professional not found' : 'Institution not found');
  }
  return sql.begin(async (tx) => {
    const row = await repo.upsertReview(tx, {
      reviewerId: user.id,
      professionalId: input.professionalId ?? null,
      institutionId: input.institutionId ?? null,
      rating: input.rating,
      comment: input.comment?.trim() ? input.comment : null,
    });
    if ('professionalId' in target) await emit(tx, 'search.professional', { id: target.professionalId });
    else await emit(tx, 'search.institution', { id: target.institutionId });
    // The same shape as the list items, so the client can show it at once.
    return { created: row.created, review: reviewView((await repo.findReviewRow(tx, row.id))!) };
  });
}
