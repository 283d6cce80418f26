// Answers of the profile calls (directory spec §3, §7): professionals, institutions, reviews.
import { z } from 'zod';
import { professionalTypes } from '../lists.js';
import { licenceRecordSchema } from '../licences.js';
import { instant, personName, profileStatusSchema } from './common.js';
import { institutionLocationAnswer, registerListingAnswer } from './claims.js';
import { careFactsAnswer } from './care.js';

/** What professionals and institutions share: contact, place, approval, rating. */
const providerAnswerFields = {
  id: z.number().int(),
  userId: z.string(),
  profileImageUrl: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  isVerified: z.boolean(),
  isApproved: z.boolean(),
  status: profileStatusSchema,
  /** Only for the owner and admins. */
  rejectionReason: z.string().nullable().optional(),
  createdAt: instant,
  updatedAt: instant,
  averageRating: z.number(),
  reviewCount: z.number().int(),
  /** Issue 17: the next free slot within 14 days as the index has it, epoch seconds, and as ISO 8601 in WAT; null when none. */
  nextSlot: z.number().int().nullable(),
  nextSlotAt: z.string().nullable(),
  /** Issue 45: opening hours, services, plans and fees, with "open now" at the moment of the answer. */
  care: careFactsAnswer,
};

/** The owner account of a profile; `email` only for the owner and admins. */
const ownerAnswer = personName.extend({ profileImageUrl: z.string().nullable(), email: z.string().optional() });

/** GET /api/professionals/{id} and the owner's calls. */
export const professionalAnswer = z.object({
  ...providerAnswerFields,
  professionalType: z.enum(professionalTypes),
  title: z.string(),
  specialty: z.string(),
  licenseNumber: z.string().nullable(),
  yearsOfExperience: z.number().int(),
  education: z.string().nullable(),
  bio: z.string().nullable(),
  countries: z.array(z.string()),
  countryLicenses: z.array(licenceRecordSchema),
  /** Naira, whole; null when not given. */
  consultationFee: z.number().nullable(),
  languages: z.string().nullable(),
  /** Issue 50: the languages they consult in, codes of contracts' consultationLanguages in its order. */
  languageCodes: z.array(z.string()),
  certifications: z.string().nullable(),
  /** D18: the public contact e-mail (never the sign-in e-mail). */
  contactEmail: z.string().nullable(),
  /** Every Nigerian licence has expired: no new bookings. */
  licenceRenewalPending: z.boolean(),
  /**
   * Issue 33 (D23): their own point ('device', 'pin'), else their first confirmed institution's
   * ('affiliation'), else (issue 48) their LGA's centre ('lga_centre'); null when unknown.
   */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  locationSource: z.string().nullable(),
  /** Issue 48: the LGA of their practice as they gave it (null when none). */
  lga: z.string().nullable(),
  user: ownerAnswer,
  institutionAffiliations: z.array(
    z.object({
      id: z.number().int(),
      role: z.string().nullable(),
      institution: z.object({ id: z.number().int(), name: z.string(), type: z.string() }),
    }),
  ),
});
export type Professional = z.infer<typeof professionalAnswer>;

/** GET /api/institutions/{id} and the owner's calls; `user` only for the owner and admins. */
export const institutionAnswer = z.object({
  ...providerAnswerFields,
  /** Issue 33: null for a listing from the national register that no one has claimed. */
  userId: z.string().nullable(),
  name: z.string(),
  type: z.string(),
  services: z.array(z.string()),
  description: z.string().nullable(),
  /** D18: the public contact e-mail (never the sign-in e-mail, decision 028). */
  email: z.string().nullable(),
  website: z.string().nullable(),
  /** Issue 18: registration number (licenseNumber), issuing body (council), expiry and verification, one per country. */
  registrations: z.array(licenceRecordSchema),
  /** Every Nigerian registration has expired: no new bookings. */
  licenceRenewalPending: z.boolean(),
  user: ownerAnswer.required({ email: true }).optional(),
  professionalAffiliations: z.array(
    z.object({
      id: z.number().int(),
      role: z.string().nullable(),
      professional: z.object({ id: z.number().int(), title: z.string(), specialty: z.string(), user: personName }),
    }),
  ),
  /** Issue 33 (D23): LGA, ward, ownership, level and location (coordinates and where they came from). */
  ...institutionLocationAnswer,
  /** Issue 33 (D22): the listing's place in the national register; null for an institution that signed up. */
  register: registerListingAnswer.nullable(),
  /** An unclaimed register listing: public, never bookable, claimable ("Claim this facility"). */
  listed: z.boolean(),
});
export type Institution = z.infer<typeof institutionAnswer>;

/** GET /api/specialties. */
export const specialtiesAnswer = z.array(
  z.object({ id: z.number().int(), name: z.string(), description: z.string().nullable(), icon: z.string().nullable() }),
);
export type Specialty = z.infer<typeof specialtiesAnswer>[number];

/** A provider's public reply under a review (D27). */
export const reviewReplyAnswer = z.object({ body: z.string(), createdAt: instant });
export type ReviewReply = z.infer<typeof reviewReplyAnswer>;

/** A review as lists show it; the reviewer is a first name and a last initial only (spec §9). */
export const reviewAnswer = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  createdAt: instant,
  updatedAt: instant,
  professionalId: z.number().int().nullable(),
  institutionId: z.number().int().nullable(),
  reviewer: personName,
  /** The reviewer has a completed appointment with this provider (D19). */
  verifiedVisit: z.boolean(),
  /** The provider's one public reply (D27). */
  reply: reviewReplyAnswer.nullable(),
  /** Set only in the author's own view of a review a moderator hid (D27): the reason they are shown. */
  hiddenReason: z.string().nullable(),
  /** The signed-in viewer wrote it: their own review offers no Report (D27). */
  mine: z.boolean(),
});
export type Review = z.infer<typeof reviewAnswer>;
export const reviewListAnswer = z.array(reviewAnswer);

/** GET /api/directory/counts: approved profiles for the landing page's category cards (D2). */
export const directoryCountsAnswer = z.object({
  doctor: z.number().int(),
  pharmacist: z.number().int(),
  nurse: z.number().int(),
  institutions: z.number().int(),
  specialties: z.object({ Cardiology: z.number().int(), Neurology: z.number().int(), Pediatrics: z.number().int() }),
});
export type DirectoryCounts = z.infer<typeof directoryCountsAnswer>;
