// Answers about register listings and their claims (issue 33, PRODUCT.md D22, D23).
import { z } from 'zod';
import { licenceRecordSchema } from '../licences.js';
import { CLAIM_STATUSES } from '../schemas/claims.js';
import { instant, profileStatusSchema } from './common.js';

/** A listing's place in the national register, on its profile (kept after a claim). */
export const registerListingAnswer = z.object({
  /** The NHFR facility code (e.g. 08/07/1/1/1/0030), else its NHFR uid; null for rows keyed by GRID3's globalid only. */
  code: z.string().nullable(),
  /** The register's last_updated for this facility, 'YYYY-MM-DD'. */
  updatedOn: z.string().nullable(),
  /** False once a newer register no longer lists the facility ("not in the latest register"). */
  inLatestRegister: z.boolean(),
});
export type RegisterListing = z.infer<typeof registerListingAnswer>;

/** Where a provider is (D23) and the register's facts about an institution; every field null when unknown. */
export const institutionLocationAnswer = {
  lga: z.string().nullable(),
  ward: z.string().nullable(),
  ownership: z.string().nullable(),
  ownershipType: z.string().nullable(),
  facilityLevel: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** 'register', 'device', 'pin' or 'lga_centre' (approximate). */
  locationSource: z.string().nullable(),
};

const claimStatusSchema = z.enum(CLAIM_STATUSES);

/** The listing a claim is for, as both sides see it. */
const claimListing = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  lga: z.string().nullable(),
});

/** A claim as its claimant sees it (POST /api/institutions/{id}/claims, GET /api/claims). */
export const claimAnswer = z.object({
  id: z.number().int(),
  institutionId: z.number().int(),
  status: claimStatusSchema,
  registration: licenceRecordSchema,
  message: z.string().nullable(),
  decisionReason: z.string().nullable(),
  createdAt: instant,
  decidedAt: instant.nullable(),
  listing: claimListing,
});
export type Claim = z.infer<typeof claimAnswer>;
export const claimListAnswer = z.array(claimAnswer);

/** One entry of the admin claims queue: the listing and the claimant side by side, and the competing claims. */
export const adminClaimAnswer = claimAnswer.extend({
  listing: claimListing.extend({
    ward: z.string().nullable(),
    ownership: z.string().nullable(),
    facilityLevel: z.string().nullable(),
    phone: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    register: registerListingAnswer.nullable(),
    /** The listing already has an owner (an approved claim). */
    claimed: z.boolean(),
  }),
  claimant: z.object({
    id: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string(),
    phone: z.string().nullable(),
    /** The claimant's own institution profile, if it has one (it is replaced by the listing on approval). */
    institution: z
      .object({ id: z.number().int(), name: z.string(), type: z.string(), status: profileStatusSchema, city: z.string().nullable(), state: z.string().nullable() })
      .nullable(),
  }),
  /** The other claims of the same listing that are still open. */
  competing: z.array(z.object({ id: z.number().int(), claimantName: z.string(), claimantEmail: z.string(), createdAt: instant })),
});
export type AdminClaim = z.infer<typeof adminClaimAnswer>;

export const adminClaimsPageAnswer = z.object({
  items: z.array(adminClaimAnswer),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
export type AdminClaimsPage = z.infer<typeof adminClaimsPageAnswer>;

/** POST /api/admin/claims/{id}/approve | reject. */
export const adminClaimDecisionAnswer = z.object({
  success: z.literal(true),
  id: z.number().int(),
  status: claimStatusSchema,
  institutionId: z.number().int(),
  /** Approving: the competing open claims rejected with it. */
  rejectedClaimIds: z.array(z.number().int()),
});
