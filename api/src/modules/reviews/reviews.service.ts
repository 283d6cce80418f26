// Reviews: the public lists of a profile's reviews. The list is as public as the
// profile it belongs to (approved, or its owner and admins).
import type { Db } from '@ilera/db';
import type { ProviderKind } from '@ilera/contracts';
import type { SessionUser } from '../../plugins/session';
import { assertProfessionalVisible } from '../professionals/professionals.service';
import { assertInstitutionVisible } from '../institutions/institutions.service';
import * as repo from './reviews.repo';
import type { ReviewOrder, ReviewRow } from './reviews.repo';

/** First letter of a name, upper-cased; '' when there is none. */
function initial(name: string | null): string {
  const first = [...(name ?? '').trim()][0];
  return first ? first.toUpperCase() : '';
}

/**
 * A review as the public sees it. The reviewer is a first name and the initial
 * of the last name only (spec §9): never a full last name, an e-mail or an id.
 */
export function reviewView(row: ReviewRow) {
  return {
    id: row.id,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    professionalId: row.professionalId,
    institutionId: row.institutionId,
    reviewer: { firstName: row.reviewerFirstName?.trim() || null, lastName: initial(row.reviewerLastName) || null },
    verifiedVisit: row.verifiedVisit === true,
    reply: row.reply ?? null,
    hiddenReason: row.hiddenReason ?? null,
    mine: row.mine === true,
  };
}

/** A provider's public review list: 404 unless the viewer may see its profile (assertVisible). */
async function listReviews(db: Db, kind: ProviderKind, id: number, viewer: SessionUser | null, order: ReviewOrder) {
  const found = await repo.listReviews(db, kind, id, order, viewer?.id ?? null);
  (kind === 'professional' ? assertProfessionalVisible : assertInstitutionVisible)(found?.provider ?? null, viewer);
  return found!.reviews.map(reviewView);
}

export const listProfessionalReviews = (db: Db, professionalId: number, viewer: SessionUser | null, order: ReviewOrder = 'newest') =>
  listReviews(db, 'professional', professionalId, viewer, order);

export const listInstitutionReviews = (db: Db, institutionId: number, viewer: SessionUser | null, order: ReviewOrder = 'newest') =>
  listReviews(db, 'institution', institutionId, viewer, order);
