// Answers of the sign-in, registration, account and administrator calls.
import { z } from 'zod';
import { professionalTypes } from '../lists.js';
import { licenceRecordSchema } from '../licences.js';
import { instant, profileStatusSchema, publicUserAnswer } from './common.js';

/** POST /api/auth/login: the user, both nested (spec) and spread (earlier clients). */
export const loginAnswer = publicUserAnswer.extend({ user: publicUserAnswer });
/** POST /api/admin/login: the same, with `success`. */
export const adminLoginAnswer = loginAnswer.extend({ success: z.literal(true) });

/** POST /api/register/{patient|professional|institution}: 201 with the new user and profile id. */
export const registerAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  user: publicUserAnswer,
  professionalId: z.number().int().optional(),
  institutionId: z.number().int().optional(),
});
export type RegisterAnswer = z.infer<typeof registerAnswer>;

/** POST /api/admin/create-user: 201. */
export const adminCreateUserAnswer = registerAnswer.omit({ message: true });

/** GET /api/auth/validate-reset-token/{token}. */
export const resetTokenAnswer = z.object({ valid: z.boolean(), message: z.string() });

/** GET/PUT /api/account: the signed-in user's own account (issue 14). */
/** `myPlan` (issue 45): the payer slug that preselects a search's plan filter, or null. */
/** `language` (issue 50): the site's language the person chose, null if none (the site follows the browser). */
export const accountAnswer = publicUserAnswer.extend({ phone: z.string().nullable(), myPlan: z.string().nullable(), language: z.string().nullable(), createdAt: instant });
export type Account = z.infer<typeof accountAnswer>;

const rows = z.array(z.record(z.unknown()));
/** GET /api/account/export (D21, right of access): everything held about the user, as stored. */
export const accountExportAnswer = z.object({
  exportedAt: z.string(),
  account: accountAnswer.extend({ updatedAt: instant }),
  professional: z.record(z.unknown()).nullable(),
  institution: z.record(z.unknown()).nullable(),
  appointments: rows,
  reviews: rows,
  affiliations: rows,
  /** A provider's dated time off (issue 34). */
  timeOff: rows,
  /** A patient's saved providers (issue 35). */
  savedProviders: rows,
  /** Issue 45: the own profile's care facts and accepted plans; the care reports and suggested edits the user sent. */
  careFacts: rows,
  providerPlans: rows,
  careReports: rows,
  careSuggestions: rows,
  /** Issue 50: the better translations the user suggested while signed in. */
  translationSuggestions: rows,
  /** Issue 48: text-message settings and WhatsApp consent, each number the bookings gave (STOP or not), and the texts sent to them. */
  textSettings: z.object({ textChannel: z.string(), whatsappOptedInAt: instant.nullable(), numbers: rows }),
  texts: rows,
  /** Issue 49: the phone the USSD menus answer to and its PIN's state (never the PIN's hash). */
  ussd: z.object({ phone: z.string().nullable(), pinSetAt: instant.nullable(), pinFailures: z.number().int(), pinLockedUntil: instant.nullable() }),
  /** Issue 48: reviews the user reported, replies they wrote, their claims of listings (with the registration), an administrator's own actions. */
  reviewReports: rows,
  reviewReplies: rows,
  claims: rows,
  auditLog: rows,
});

/** GET /api/admin/stats. */
export const adminStatsAnswer = z.object({
  totalProfessionals: z.number().int(),
  totalInstitutions: z.number().int(),
  pendingApprovals: z.number().int(),
  pendingProfessionals: z.number().int(),
  pendingInstitutions: z.number().int(),
  totalAppointments: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsAnswer>;

/** What both tab lists show of a profile: place, status, and the owner account. */
const adminListFields = {
  id: z.number().int(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  createdAt: instant,
  status: profileStatusSchema,
  rejectionReason: z.string().nullable().optional(),
  user: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable(), email: z.string() }),
};

/** GET /api/admin/{pending|approved|rejected}-professionals: one item. */
export const adminProfessionalAnswer = z.object({
  ...adminListFields,
  title: z.string(),
  specialty: z.string(),
  professionalType: z.enum(professionalTypes),
  /** Issue 18: each licence (council, expiry, verification) and the badge. */
  countryLicenses: z.array(licenceRecordSchema),
  isVerified: z.boolean(),
});
export type AdminProfessional = z.infer<typeof adminProfessionalAnswer>;

/** GET /api/admin/{pending|approved|rejected}-institutions: one item. */
export const adminInstitutionAnswer = z.object({
  ...adminListFields,
  /** Issue 33: null for a listing from the national register that no one has claimed. */
  user: adminListFields.user.nullable(),
  name: z.string(),
  type: z.string(),
  /** Issue 18: each registration (issuing body, expiry, verification) and the badge. */
  registrations: z.array(licenceRecordSchema),
  isVerified: z.boolean(),
});
export type AdminInstitution = z.infer<typeof adminInstitutionAnswer>;

/** POST /api/admin/{approve|reject|withdraw|reopen}-{kind}/{id}. */
export const adminReviewAnswer = z.object({ success: z.literal(true), id: z.number().int(), status: profileStatusSchema });

/** POST /api/admin/{professionals|institutions}/{id}/licences/verify: a professional's licences or an institution's registrations. */
export const adminVerifyLicenceAnswer = z.object({
  success: z.literal(true),
  id: z.number().int(),
  countryLicenses: z.array(licenceRecordSchema).optional(),
  registrations: z.array(licenceRecordSchema).optional(),
  isVerified: z.boolean(),
});

export const auditEntryAnswer = z.object({
  id: z.string(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  outcome: z.enum(['success', 'failure']),
  detail: z.record(z.unknown()),
  createdAt: instant,
  admin: z
    .object({ id: z.string(), email: z.string().nullable(), firstName: z.string().nullable(), lastName: z.string().nullable() })
    .nullable(),
});
export type AuditEntry = z.infer<typeof auditEntryAnswer>;

/** GET /api/admin/audit: one page, newest first. */
export const auditPageAnswer = z.object({
  items: z.array(auditEntryAnswer),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageAnswer>;

const check = z.object({ status: z.enum(['ok', 'down']), reason: z.string().optional() });
/** GET /healthz: each dependency's state; 503 with the same shape when one is down. */
export const healthAnswer = z.object({
  status: z.enum(['ok', 'degraded']),
  checks: z.object({
    database: check,
    redis: check,
    search: check.extend({ engine: z.enum(['postgres', 'typesense']) }),
    /** This process itself: 'down' while it refuses requests to shed load (api/src/plugins/load-shedding.ts). */
    load: check,
  }),
});
export type Health = z.infer<typeof healthAnswer>;
export type HealthCheck = z.infer<typeof check>;
