// The zod schemas of care facts (issue 45, PRODUCT.md D29): the bodies of PUT .../care, the admin's payers
// and holidays, patients' reports and suggested edits, and the answers of the last two. Apart from care.ts
// (lists, messages, the pure rules of "open now") so that a page that needs only those carries none of these.
import { z } from 'zod';
import { isIsoDate } from './rules.js';
import {
  CARE_CLOSURE_MESSAGE,
  CARE_DAY_MESSAGE,
  CARE_FEE_MESSAGE,
  CARE_PAYER_MESSAGE,
  CARE_PERIOD_MESSAGE,
  CARE_PLAN_ACCEPTED_MESSAGE,
  CARE_REPORT_EMPTY_MESSAGE,
  CARE_SERVICE_MESSAGE,
  CARE_TIME_MESSAGE,
  CARE_VISITED_ON_MESSAGE,
  careServices,
  careSuggestionKinds,
  careSuggestionStatuses,
  careWeekdays,
  isQuarterTime,
  PAYER_NOT_FOUND,
  PAYER_SLUG_MESSAGE,
  PAYER_SLUG_RE,
  payerKinds,
  type CareFees,
  type CarePlan,
  type OpeningHours,
} from './care.js';

const quarterTime = z.string({ required_error: CARE_TIME_MESSAGE, invalid_type_error: CARE_TIME_MESSAGE }).refine(isQuarterTime, {
  message: CARE_TIME_MESSAGE,
});

const period = z
  .object({ opens: quarterTime, closes: quarterTime })
  .refine((p) => p.opens !== p.closes, { message: CARE_PERIOD_MESSAGE, path: ['closes'] });

const careDate = z.string({ required_error: CARE_CLOSURE_MESSAGE }).refine(isIsoDate, { message: CARE_CLOSURE_MESSAGE });

export const openingHoursSchema = z.object({
  open24Hours: z.boolean({ required_error: 'Please say whether it is open 24 hours', invalid_type_error: 'Please say whether it is open 24 hours' }), // ours
  week: z
    .array(
      z.object({
        day: z.enum(careWeekdays, { errorMap: () => ({ message: 'Please choose a weekday (mon to sun)' }) }), // ours
        // Periods past midnight are allowed: closes before opens means the next morning.
        periods: z.array(period).max(4, { message: 'At most 4 periods a day' }), // ours
      }),
    )
    .max(7, { message: CARE_DAY_MESSAGE })
    .refine((days) => new Set(days.map((d) => d.day)).size === days.length, { message: CARE_DAY_MESSAGE }),
  closures: z
    .array(
      z
        .object({ from: careDate, to: careDate, reason: z.string().trim().max(120, { message: 'Must be at most 120 characters' }).nullish() }) // ours
        .refine((c) => !isIsoDate(c.from) || !isIsoDate(c.to) || c.from <= c.to, { message: CARE_CLOSURE_MESSAGE, path: ['to'] }),
    )
    .max(30, { message: 'At most 30 closures' }) // ours
    .default([]),
});

const naira = z
  .number({ invalid_type_error: CARE_FEE_MESSAGE })
  .int({ message: CARE_FEE_MESSAGE })
  .min(0, { message: CARE_FEE_MESSAGE })
  .max(10_000_000, { message: CARE_FEE_MESSAGE })
  .nullable();

export const careFeesSchema = z.object({
  registrationNaira: naira.default(null),
  consultationNaira: naira.default(null),
  followUpNaira: naira.default(null),
  freeAtPointOfCare: z.boolean({ invalid_type_error: 'Please say whether care is free at the point of care' }).default(false), // ours
});


export const carePlanSchema = z.object({
  payer: z.string({ required_error: CARE_PAYER_MESSAGE }).regex(PAYER_SLUG_RE, { message: CARE_PAYER_MESSAGE }).max(60, { message: CARE_PAYER_MESSAGE }),
  plan: z.string().trim().min(1).max(120, { message: 'Must be at most 120 characters' }).nullable().default(null), // ours
  primary: z.boolean().default(false),
});

// care.ts writes the groups' types out (it imports no schema): each must be exactly what its schema gives.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
true satisfies Same<z.infer<typeof openingHoursSchema>, OpeningHours>;
true satisfies Same<z.infer<typeof careFeesSchema>, CareFees>;
true satisfies Same<z.infer<typeof carePlanSchema>, CarePlan>;

/**
 * Body of PUT /api/{professionals|institutions}/{id}/care. Each group is optional: a group given is replaced
 * and confirmed now (by the provider or an admin); a group left out stays as it is. `openingHours: null` and
 * `fees: null` clear them.
 */
export const careFactsSchema = z.object({
  openingHours: openingHoursSchema.nullable().optional(),
  services: z
    .array(z.string().refine((s) => careServices.includes(s), { message: CARE_SERVICE_MESSAGE }))
    .max(60, { message: CARE_SERVICE_MESSAGE })
    .optional(),
  plans: z.array(carePlanSchema).max(50, { message: 'At most 50 health plans' }).optional(), // ours
  fees: careFeesSchema.nullable().optional(),
});
export type CareFactsInput = z.infer<typeof careFactsSchema>;

const payerFields = {
  name: z.string({ required_error: 'Name is required' }).trim().min(1, { message: 'Name is required' }).max(120, { message: 'Must be at most 120 characters' }), // ours
  kind: z.enum(payerKinds, { errorMap: () => ({ message: 'Please choose NHIA, a state scheme or an HMO' }) }), // ours
  accreditationNumber: z
    .string()
    .trim()
    .max(60, { message: 'Must be at most 60 characters' }) // ours
    .nullish()
    .transform((v) => v || null),
  plans: z
    .array(
      z.object({
        name: z.string({ required_error: 'Plan name is required' }).trim().min(1, { message: 'Plan name is required' }).max(120, { message: 'Must be at most 120 characters' }), // ours
        tier: z
          .string()
          .trim()
          .max(60, { message: 'Must be at most 60 characters' }) // ours
          .nullish()
          .transform((v) => v || null),
      }),
    )
    .max(50, { message: 'At most 50 plans' }) // ours
    .refine((plans) => new Set(plans.map((p) => p.name.toLowerCase())).size === plans.length, { message: 'Each plan name once' }) // ours
    .default([]),
};

/** POST /api/admin/payers. */
export const payerCreateSchema = z.object({
  slug: z.string({ required_error: PAYER_SLUG_MESSAGE }).regex(PAYER_SLUG_RE, { message: PAYER_SLUG_MESSAGE }).max(60, { message: PAYER_SLUG_MESSAGE }),
  ...payerFields,
});
export type PayerCreateInput = z.infer<typeof payerCreateSchema>;

/** PUT /api/admin/payers/{slug}: the slug is the payer's key (plans, imports and users' "My plan" name it) and stays. */
export const payerUpdateSchema = z.object({ slug: z.string().optional(), ...payerFields });
export type PayerUpdateInput = z.infer<typeof payerUpdateSchema>;

export const payerSlugParams = z.object({ slug: z.string().regex(PAYER_SLUG_RE, { message: PAYER_NOT_FOUND }).max(60, { message: PAYER_NOT_FOUND }) });

/** PUT /api/admin/holidays/{date}. */
export const holidaySchema = z.object({
  name: z.string({ required_error: 'Name is required' }).trim().min(1, { message: 'Name is required' }).max(120, { message: 'Must be at most 120 characters' }), // ours
  movable: z.boolean({ invalid_type_error: 'Please say whether a federal announcement moves it' }).default(false), // ours
});
export type HolidayInput = z.infer<typeof holidaySchema>;

/**
 * Body of POST /api/{professionals|institutions}/{id}/care-reports: after a completed appointment
 * (appointmentId), or for a register listing a visit the patient says they made (visitedOn).
 */
export const careReportSchema = z
  .object({
    appointmentId: z
      .number({ invalid_type_error: 'Please choose one of your appointments' }) // ours
      .int({ message: 'Please choose one of your appointments' }) // ours
      .positive({ message: 'Please choose one of your appointments' }) // ours
      .max(2_147_483_647, { message: 'Please choose one of your appointments' }) // ours
      .nullish(),
    visitedOn: z
      .string({ invalid_type_error: CARE_VISITED_ON_MESSAGE })
      .refine(isIsoDate, { message: CARE_VISITED_ON_MESSAGE })
      .nullish(),
    wasOpen: z.boolean({ invalid_type_error: 'Please answer yes or no' }).nullish(), // ours
    payer: z.string({ invalid_type_error: CARE_PAYER_MESSAGE }).regex(PAYER_SLUG_RE, { message: CARE_PAYER_MESSAGE }).max(60, { message: CARE_PAYER_MESSAGE }).nullish(),
    planAccepted: z.boolean({ invalid_type_error: 'Please answer yes or no' }).nullish(), // ours
    paidNaira: z
      .number({ invalid_type_error: CARE_FEE_MESSAGE })
      .int({ message: CARE_FEE_MESSAGE })
      .min(0, { message: CARE_FEE_MESSAGE })
      .max(10_000_000, { message: CARE_FEE_MESSAGE })
      .nullish(),
  })
  .superRefine((r, ctx) => {
    if (r.wasOpen == null && r.planAccepted == null && r.paidNaira == null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: CARE_REPORT_EMPTY_MESSAGE, path: ['wasOpen'] });
    }
    if (r.planAccepted != null && r.payer == null) ctx.addIssue({ code: z.ZodIssueCode.custom, message: CARE_PLAN_ACCEPTED_MESSAGE, path: ['payer'] });
  });
export type CareReportInput = z.infer<typeof careReportSchema>;

/** Body of POST /api/{professionals|institutions}/{id}/care-suggestions ("suggest an edit"). */
export const careSuggestionSchema = z.object({
  kind: z.enum(careSuggestionKinds, { errorMap: () => ({ message: 'Please choose what is wrong' }) }), // ours
  details: z
    .string({ required_error: 'Please say what should change', invalid_type_error: 'Please say what should change' }) // ours
    .trim()
    .min(1, { message: 'Please say what should change' }) // ours
    .max(1000, { message: 'Must be at most 1000 characters' }), // ours
});
export type CareSuggestionInput = z.infer<typeof careSuggestionSchema>;

/** Body of POST /api/admin/care-suggestions/{id}/approve|reject. */
export const careSuggestionDecisionSchema = z.object({
  note: z.string().trim().max(1000, { message: 'Must be at most 1000 characters' }).optional(), // ours
});

/** 201 of POST .../care-reports: never the answers themselves (they are shown only in aggregate). */
export const careReportCreatedAnswer = z.object({ id: z.number().int(), visitedOn: z.string() });

/**
 * A published fact that patients' reports contradict (three reports from three patients up, the last
 * CARE_REPORT_MONTHS months): a consultation fee outside the paid range by more than CARE_FEE_TOLERANCE, or
 * a plan the provider lists that reports say was not accepted. Shown to the owner and to admins only.
 */
export const careFlagAnswer = z.object({
  kind: z.enum(['fee', 'plan']),
  message: z.string(),
  reports: z.number().int(),
  publishedNaira: z.number().int().nullable(),
  minNaira: z.number().int().nullable(),
  maxNaira: z.number().int().nullable(),
  payer: z.string().nullable(),
});
export type CareFlag = z.infer<typeof careFlagAnswer>;
export const careFlagsAnswer = z.object({ flags: z.array(careFlagAnswer) });

const careProviderRef = z.object({ kind: z.enum(['professional', 'institution']), id: z.number().int(), name: z.string() });

/** GET /api/admin/care-flags: every provider with a flag, newest report first. */
export const adminCareFlagsAnswer = z.object({ items: z.array(careProviderRef.extend({ flags: z.array(careFlagAnswer) })) });

/** A suggested edit as the admin queue shows it (and, without `user`, as its author's 201). */
export const careSuggestionAnswer = z.object({
  id: z.number().int(),
  provider: careProviderRef,
  kind: z.enum(careSuggestionKinds),
  details: z.string(),
  status: z.enum(careSuggestionStatuses),
  createdAt: z.string(),
  user: z.object({ id: z.string(), firstName: z.string().nullable(), email: z.string() }).nullable().optional(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
});
export const adminCareSuggestionsAnswer = z.object({
  items: z.array(careSuggestionAnswer),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});

/** Query of GET /api/admin/care-suggestions: the queue (pending, oldest first) or decided ones, newest first. */
export const adminCareSuggestionsQuerySchema = z.object({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(careSuggestionStatuses, { errorMap: () => ({ message: 'Status must be pending, approved or rejected' }) }).default('pending')), // ours
  page: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number({ message: 'Page must be a whole number from 1' }).int().min(1).max(100_000).default(1)), // ours
  perPage: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number({ message: 'Per page must be a whole number from 1 to 100' }).int().min(1).max(100).default(25)), // ours
});
