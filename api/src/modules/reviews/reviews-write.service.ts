import { emit, type Sql } from '@ilera/db';
import type { CreateReviewInput } from '@ilera/contracts';
import { ForbiddenError, NotFoundError } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import * as repo from './reviews-write.repo';
import { reviewView } from './reviews.service';

export const OWN_PROFILE_REVIEW_MESSAGE = 'You cannot review your own profile'; // ours

/**
 * Writes (or replaces) the signed-in user's review of an approved provider. The
 * review and the provider's search event commit together: the index worker
 * recomputes the rating from PostgreSQL (D16).
 */
export async function submitReview(sql: Sql, user: SessionUser, input: CreateReviewInput) {
  const target =
    input.professionalId != null ? { professionalId: input.professionalId } : { institutionId: input.institutionId! };
  const owner = await repo.findProviderOwner(sql, target);
  if (!owner || owner.status !== 'approved') {
    throw new NotFoundError('professionalId' in target ? 'Professional not found' : 'Institution not found');
  }
  if (owner.userId === user.id) throw new ForbiddenError(OWN_PROFILE_REVIEW_MESSAGE);
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
