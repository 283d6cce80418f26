// Answers of the care-facts calls (issue 45, PRODUCT.md D29): a provider's `care`, the payer list and the
// public holidays. The request schemas and the pure rules are in ../care.ts.
import { z } from 'zod';
import { careSetters, careWeekdays, payerKinds, type CareFacts } from '../care.js';
import { instant } from './common.js';

const period = z.object({ opens: z.string(), closes: z.string() });
const openingHours = z.object({
  open24Hours: z.boolean(),
  week: z.array(z.object({ day: z.enum(careWeekdays), periods: z.array(period) })),
  closures: z.array(z.object({ from: z.string(), to: z.string(), reason: z.string().nullish() })),
});
const source = z.object({ setBy: z.enum(careSetters).nullable(), confirmedAt: z.string().nullable() });

/**
 * Patients' reports in aggregate (network/confirmations engineer): present from three reports up.
 * `paid` covers the last `months` months.
 */
export const careReportsAnswer = z.object({
  paid: z.object({ minNaira: z.number().int(), maxNaira: z.number().int(), count: z.number().int(), months: z.number().int() }).nullable(),
  planAccepted: z.array(z.object({ payer: z.string(), count: z.number().int() })),
  wasOpen: z.object({ yes: z.number().int(), no: z.number().int() }),
});
export type CareReports = z.infer<typeof careReportsAnswer>;

/** `care` on GET /api/professionals/{id} and /api/institutions/{id} (the CareFacts of ../care.ts). */
export const careFactsAnswer = z.object({
  openingHours: openingHours.nullable(),
  services: z.array(z.string()),
  plans: z.array(z.object({ payer: z.string(), plan: z.string().nullable(), primary: z.boolean() })),
  fees: z
    .object({
      registrationNaira: z.number().int().nullable(),
      consultationNaira: z.number().int().nullable(),
      followUpNaira: z.number().int().nullable(),
      freeAtPointOfCare: z.boolean(),
    })
    .nullable(),
  confirmedAt: z.string().nullable(),
  sources: z.object({ openingHours: source, services: source, plans: source, fees: source }),
  /** True when the facts are past 12 months and the provider is a register listing: shown with their age, not counted. */
  stale: z.boolean(),
  openNow: z.boolean().nullable(),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  reports: careReportsAnswer.nullable().optional(),
});
// The answer and the interface other sides compute with stay one shape.
export type CareFactsAnswer = z.infer<typeof careFactsAnswer>;
const _sameShape: CareFacts extends Omit<CareFactsAnswer, 'reports'> ? true : never = true;
void _sameShape;

const payerPlan = z.object({ name: z.string(), tier: z.string().nullable() });

/** GET /api/payers: what a filter or "My plan" offers (public). */
export const payerAnswer = z.object({ slug: z.string(), name: z.string(), kind: z.enum(payerKinds), plans: z.array(payerPlan) });
export type Payer = z.infer<typeof payerAnswer>;
export const payerListAnswer = z.array(payerAnswer);

/** GET/POST/PUT /api/admin/payers: with what only admins keep. */
export const adminPayerAnswer = payerAnswer.extend({
  accreditationNumber: z.string().nullable(),
  /** Added by a network import with an unknown slug: an admin completes it (saving clears it). */
  needsReview: z.boolean(),
  isDemo: z.boolean(),
  /** Providers with an active plan row of this payer. */
  providerCount: z.number().int(),
  createdAt: instant,
  updatedAt: instant,
});
export type AdminPayer = z.infer<typeof adminPayerAnswer>;
export const adminPayerListAnswer = z.array(adminPayerAnswer);

/** GET /api/holidays, PUT /api/admin/holidays/{date}. */
export const holidayAnswer = z.object({ date: z.string(), name: z.string(), movable: z.boolean() });
export type Holiday = z.infer<typeof holidayAnswer>;
export const holidayListAnswer = z.array(holidayAnswer);
