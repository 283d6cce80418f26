// Review moderation answers (issue 34, D27; ours).
import { z } from 'zod';
import { REVIEW_REPORT_REASONS } from '../schemas/reviews.js';
import { instant } from './common.js';

/** One report of a review, as the moderation queue shows it. */
export const reviewReportAnswer = z.object({
  id: z.string(),
  reason: z.enum(REVIEW_REPORT_REASONS),
  details: z.string().nullable(),
  createdAt: instant,
  /** The reporter's name for the moderator (never shown publicly); null once the account is deleted. */
  reporter: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() }).nullable(),
});

/** GET /api/admin/moderation: one item per review. */
export const moderationItemAnswer = z.object({
  review: z.object({
    id: z.number().int(),
    rating: z.number().int(),
    comment: z.string().nullable(),
    createdAt: instant,
    reviewer: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() }),
  }),
  provider: z.object({ kind: z.enum(['professional', 'institution']), id: z.number().int(), name: z.string() }),
  hidden: z.object({ reason: z.string(), at: instant }).nullable(),
  /** Open reports, newest first (the hidden tab shows the reports the hiding resolved). */
  reports: z.array(reviewReportAnswer),
});
export type ModerationItem = z.infer<typeof moderationItemAnswer>;

export const moderationPageAnswer = z.object({
  items: z.array(moderationItemAnswer),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
export type ModerationPage = z.infer<typeof moderationPageAnswer>;

/** What a moderation action answers: the review's state after it. */
export const moderationActionAnswer = z.object({
  success: z.literal(true),
  id: z.number().int(),
  hidden: z.boolean(),
  openReports: z.number().int(),
});
