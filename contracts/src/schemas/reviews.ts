// Review requests (directory-and-appointments.md §5 Review, §7 POST /api/reviews).
import { z } from 'zod';
import { TARGET_MESSAGE, hasExactlyOneTarget, targetIdField } from './common.js';

export const RATING_MESSAGE = 'Please select a rating before submitting your review.';

export const createReviewFields = z.object({
  rating: z
    .number({ required_error: RATING_MESSAGE, invalid_type_error: RATING_MESSAGE })
    .int({ message: RATING_MESSAGE })
    .min(1, { message: RATING_MESSAGE })
    .max(5, { message: RATING_MESSAGE }),
  comment: z
    .string()
    .trim()
    .max(2000, { message: 'Comment must be at most 2000 characters' }) // ours
    .nullable()
    .optional(),
  professionalId: targetIdField,
  institutionId: targetIdField,
});

export const createReviewSchema = createReviewFields.refine(hasExactlyOneTarget, {
  message: TARGET_MESSAGE,
  path: ['professionalId'],
});
export type CreateReviewInput = z.infer<typeof createReviewSchema>;

/** D19: only patient accounts may review. */
export const PATIENTS_ONLY_REVIEW_MESSAGE = 'Only patients can write reviews'; // ours

/** GET /api/reviews/{kind}/{id}?sort=: newest first (default) or verified visits first (D19). */
export const reviewListQuerySchema = z.object({
  sort: z.enum(['newest', 'verified'], { errorMap: () => ({ message: 'Sort must be newest or verified' }) }).default('newest'), // ours
});
