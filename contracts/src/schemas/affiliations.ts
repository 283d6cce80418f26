// Affiliation requests (PRODUCT.md D20; the spec shows affiliations but no screen
// makes them, so every message here is ours).
import { z } from 'zod';

export const AFFILIATION_STATUSES = ['pending', 'confirmed', 'declined'] as const;
export type AffiliationStatus = (typeof AFFILIATION_STATUSES)[number];

export const INSTITUTION_REQUIRED_MESSAGE = 'Choose the institution you work with'; // ours
export const ROLE_REQUIRED_MESSAGE = 'Role is required'; // ours
export const ROLE_TOO_LONG_MESSAGE = 'Role must be at most 100 characters'; // ours
export const ANSWER_MESSAGE = 'Status must be confirmed or declined'; // ours

export const createAffiliationSchema = z.object({
  institutionId: z
    .number({ required_error: INSTITUTION_REQUIRED_MESSAGE, invalid_type_error: INSTITUTION_REQUIRED_MESSAGE })
    .int({ message: INSTITUTION_REQUIRED_MESSAGE })
    .min(1, { message: INSTITUTION_REQUIRED_MESSAGE })
    .max(2147483647, { message: INSTITUTION_REQUIRED_MESSAGE }),
  role: z
    .string({ required_error: ROLE_REQUIRED_MESSAGE, invalid_type_error: ROLE_REQUIRED_MESSAGE })
    .trim()
    .min(1, { message: ROLE_REQUIRED_MESSAGE })
    .max(100, { message: ROLE_TOO_LONG_MESSAGE }),
});
export type CreateAffiliationInput = z.infer<typeof createAffiliationSchema>;

export const answerAffiliationSchema = z.object({
  status: z.enum(['confirmed', 'declined'], {
    errorMap: () => ({ message: ANSWER_MESSAGE }),
  }),
});
export type AnswerAffiliationInput = z.infer<typeof answerAffiliationSchema>;
