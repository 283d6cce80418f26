// Claims of register listings (issue 33, PRODUCT.md D22; the spec has no such screen, so every
// message here is ours). The registration is the institutions' own record (issue 18): number,
// issuing body and expiry, under the same rules.
import { z } from 'zod';
import { registrationSchema } from './auth.js';
import { emptyToUndefined, optionalText } from './common.js';

export const CLAIM_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const CLAIM_ISSUING_BODY_MESSAGE = 'Please choose the issuing body'; // ours
export const CLAIM_NIGERIAN_REGISTRATION_MESSAGE = 'A facility in the national register needs its Nigerian registration'; // ours
export const CLAIM_REGISTRATION_REQUIRED = 'Registration number is required'; // ours

/** Body of POST /api/institutions/{id}/claims: the claimant's Nigerian registration and a note for the administrator. */
export const createClaimSchema = z
  .object({
    registration: z.preprocess((v) => v ?? {}, registrationSchema),
    message: optionalText(1000),
  })
  .superRefine((v, ctx) => {
    if (v.registration.country !== 'Nigeria') {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: CLAIM_NIGERIAN_REGISTRATION_MESSAGE, path: ['registration', 'country'] });
    }
    if (!v.registration.council) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: CLAIM_ISSUING_BODY_MESSAGE, path: ['registration', 'council'] });
    }
  });
export type CreateClaimInput = z.infer<typeof createClaimSchema>;
export type CreateClaimFormValues = z.input<typeof createClaimSchema>;

const STATUS_MESSAGE = 'Status must be pending, approved, rejected or withdrawn'; // ours

/** Query of GET /api/admin/claims: the queue (pending, oldest first) or the decided ones, paged. */
export const adminClaimsQuerySchema = z.object({
  status: z.preprocess(emptyToUndefined, z.enum(CLAIM_STATUSES, { errorMap: () => ({ message: STATUS_MESSAGE }) }).default('pending')),
  page: z.preprocess(emptyToUndefined, z.coerce.number({ message: 'Page must be a whole number from 1' }).int().min(1).max(100_000).default(1)),
  perPage: z.preprocess(emptyToUndefined, z.coerce.number({ message: 'Per page must be a whole number from 1 to 100' }).int().min(1).max(100).default(25)),
});
export type AdminClaimsQuery = z.infer<typeof adminClaimsQuerySchema>;
