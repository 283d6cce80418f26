// Claims of register listings (issue 33, PRODUCT.md D22; the spec has no such screen, so every
// message here is ours). The registration is the institutions' own record (issue 18): number,
// issuing body and expiry, under the same rules.
import { z } from 'zod';
import { NIGERIA_BOUNDS } from '../claims.js';
import { registrationSchema } from './auth.js';
import { emptyToUndefined, objectToNaN, optionalText } from './common.js';

export const CLAIM_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const CLAIM_ISSUING_BODY_MESSAGE = 'Please choose the issuing body'; // ours
export const CLAIM_NIGERIAN_REGISTRATION_MESSAGE = 'A facility in the national register needs its Nigerian registration'; // ours

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

// ---------------------------------------------------------------- an institution's location (D23)

const b = NIGERIA_BOUNDS;
export const LATITUDE_MESSAGE = `Latitude must be a number from ${b.minLat} to ${b.maxLat} (inside Nigeria)`; // ours
export const LONGITUDE_MESSAGE = `Longitude must be a number from ${b.minLng} to ${b.maxLng} (inside Nigeria)`; // ours
export const COORDINATES_PAIR_MESSAGE = 'Give both latitude and longitude'; // ours
export const LGA_MESSAGE = "Please choose an LGA of the institution's state from the list"; // ours
export const PRACTICE_LGA_MESSAGE = "Please choose an LGA of your practice's state from the list"; // ours (issue 48)
export const LOCATION_SOURCES_SET_BY_OWNER = ['device', 'pin'] as const;

/** A coordinate in decimal degrees inside Nigeria's bounding box; '' and null mean none given. */
const coordinate = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (v === '' ? null : objectToNaN(v)),
    z.number({ invalid_type_error: message }).min(min, { message }).max(max, { message }).nullish(),
  );

/**
 * Profile setup's location fields (issue 33, ours): "Use my current location" (source 'device') or a
 * pin by coordinates ('pin'); with neither, the LGA's centre (approximate). Absent fields keep the
 * location on record. Whether both coordinates are given and the LGA lies in the state are checked by
 * the API (institutions/location.ts), which names the field.
 */
export const institutionLocationFields = {
  lga: optionalText(100),
  latitude: coordinate(b.minLat, b.maxLat, LATITUDE_MESSAGE),
  longitude: coordinate(b.minLng, b.maxLng, LONGITUDE_MESSAGE),
  locationSource: z.enum(LOCATION_SOURCES_SET_BY_OWNER, { errorMap: () => ({ message: 'Location source must be device or pin' }) }).nullish(), // ours
};
