// Review requests (directory-and-appointments.md §5 Review, §7 POST /api/reviews).
import { z } from 'zod';
import { TARGET_MESSAGE, emptyToUndefined, enumField, hasExactlyOneTarget, targetIdField } from './common.js';

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

// ---------------------------------------------------------------- moderation (issue 34, D27; ours)

/** Why a review is reported: a short list, as review sites offer (decision 029). */
export const REVIEW_REPORT_REASONS = ['spam', 'offensive', 'false', 'no_visit', 'private_information', 'other'] as const;
export type ReviewReportReason = (typeof REVIEW_REPORT_REASONS)[number];
export const reviewReportReasonLabels: Record<ReviewReportReason, string> = {
  spam: 'Spam or advertising',
  offensive: 'Offensive or abusive',
  false: 'False or misleading',
  no_visit: 'Not based on a real visit',
  private_information: 'Shares private information',
  other: 'Something else',
};
export const REPORT_REASON_MESSAGE = 'Please choose a reason for reporting this review';
export const ALREADY_REPORTED_MESSAGE = 'You have already reported this review';
export const REPORT_THANKS_MESSAGE = 'Thank you. A moderator will look at this review.';
export const OWN_REVIEW_REPORT_MESSAGE = 'You cannot report your own review';
export const ALREADY_REPLIED_MESSAGE = 'You have already replied to this review';
export const REPLY_NOT_YOURS_MESSAGE = 'Only the provider reviewed can reply to this review';
export const REVIEW_NOT_FOUND = 'Review not found';

/** POST /api/reviews/{id}/reports. */
export const reportReviewSchema = z.object({
  reason: enumField(REVIEW_REPORT_REASONS, REPORT_REASON_MESSAGE),
  details: z.string().trim().max(500, { message: 'Details must be at most 500 characters' }).nullable().optional(),
});
export type ReportReviewInput = z.infer<typeof reportReviewSchema>;

/** A text that must be given (one message for missing, wrong type or blank) and has a maximum length. */
const requiredText = (message: string, max: number, tooLong: string) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(1, { message }).max(max, { message: tooLong });

/** POST /api/reviews/{id}/reply: the provider's one public reply. */
export const replyReviewSchema = z.object({
  body: requiredText('Please write a reply', 2000, 'Reply must be at most 2000 characters'),
});
export type ReplyReviewInput = z.infer<typeof replyReviewSchema>;

/** POST /api/admin/moderation/reviews/{id}/hide: the reason is shown to the review's author. */
export const hideReviewSchema = z.object({
  reason: requiredText('Please give a reason the author will see', 500, 'Reason must be at most 500 characters'),
});
export type HideReviewInput = z.infer<typeof hideReviewSchema>;

/** GET /api/admin/moderation: reported reviews (open reports) or hidden ones, newest first, paged. */
export const moderationQuerySchema = z.object({
  status: z.enum(['reported', 'hidden'], { errorMap: () => ({ message: 'Status must be reported or hidden' }) }).default('reported'),
  page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
  perPage: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100).default(25)),
});
export type ModerationQuery = z.infer<typeof moderationQuerySchema>;
