// Care facts (issue 45, PRODUCT.md D29): opening hours, services and emergency readiness, accepted health
// plans and fees in naira. The lists, the request schema and the pure rules of "open now", shared by the
// API, both search engines' document builder, the workers and the web app. No I/O; every time is WAT.
import { z } from 'zod';
import { allServices } from './lists.js';
import { isIsoDate, LAGOS_OFFSET } from './rules.js';

const dedupe = <T>(items: readonly T[]): T[] => [...new Set(items)];

// ---------------------------------------------------------------- lists

export const careWeekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type CareWeekday = (typeof careWeekdays)[number];
export const careWeekdayLabels: Record<CareWeekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** Who set a group of care facts. */
export const careSetters = ['provider', 'admin', 'import', 'patients'] as const;
export type CareSetter = (typeof careSetters)[number];

export const payerKinds = ['nhia', 'state_scheme', 'hmo'] as const;
export type PayerKind = (typeof payerKinds)[number];
export const payerKindLabels: Record<PayerKind, string> = {
  nhia: 'NHIA',
  state_scheme: 'State health insurance scheme',
  hmo: 'HMO',
};

/**
 * Emergency readiness: what decides where an ambulance or a family in labour should go. The emergency page
 * lists these first on a facility; '24-Hour Emergency' ranks a facility first there.
 */
export const emergencyReadinessServices = [
  '24-Hour Emergency',
  'Emergency Care',
  'Maternity Services',
  'Caesarean Section',
  'Blood Transfusion',
  'Oxygen',
  'Ambulance',
  'Intensive Care Unit',
] as const;

/**
 * One canonical list of services (issue 45): the services institutions already pick (D7's lists) plus the
 * readiness and primary-care services patients ask for. Professionals pick from it too.
 */
export const careServices: readonly string[] = dedupe([
  ...allServices,
  ...emergencyReadinessServices,
  'Antenatal Care',
  'Immunizations',
  'HIV Testing',
  'Family Planning',
  'Dialysis Center',
  'Laboratory Services',
  'Pharmacy',
]);

/** Facts older than this show their age and stop counting for a listing's "open now". */
export const CARE_STALE_MONTHS = 12;
/** The owner is reminded to re-confirm every 90 days. */
export const CARE_REMINDER_DAYS = 90;
/** Patients' reports are shown only in aggregate, from this many up. */
export const CARE_REPORTS_MIN = 3;

// ---------------------------------------------------------------- request schema

export const CARE_TIME_MESSAGE = 'Please give times as HH:MM on the quarter hour (00, 15, 30 or 45)'; // ours
export const CARE_PERIOD_MESSAGE = 'A period must open and close at different times'; // ours
export const CARE_DAY_MESSAGE = 'Please give each weekday at most once'; // ours
export const CARE_CLOSURE_MESSAGE = 'Please choose a start date and an end date on or after it'; // ours
export const CARE_SERVICE_MESSAGE = 'Please choose services from the list'; // ours
export const CARE_FEE_MESSAGE = 'Fees are whole naira between 0 and 10,000,000'; // ours
export const CARE_PAYER_MESSAGE = 'Please choose a health plan from the list'; // ours

const QUARTER_TIME_RE = /^([01]\d|2[0-3]):(00|15|30|45)$/;
export const isQuarterTime = (value: string): boolean => QUARTER_TIME_RE.test(value);

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
export type OpeningHours = z.infer<typeof openingHoursSchema>;

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
export type CareFees = z.infer<typeof careFeesSchema>;

export const PAYER_SLUG_RE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const carePlanSchema = z.object({
  payer: z.string({ required_error: CARE_PAYER_MESSAGE }).regex(PAYER_SLUG_RE, { message: CARE_PAYER_MESSAGE }).max(60, { message: CARE_PAYER_MESSAGE }),
  plan: z.string().trim().min(1).max(120, { message: 'Must be at most 120 characters' }).nullable().default(null), // ours
  primary: z.boolean().default(false),
});
export type CarePlan = z.infer<typeof carePlanSchema>;

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

/** The `care` object of GET /api/professionals/{id} and /api/institutions/{id}. */
export interface CareFacts {
  openingHours: OpeningHours | null;
  services: string[];
  plans: CarePlan[];
  fees: CareFees | null;
  /** The newest confirmation of any group. */
  confirmedAt: string | null;
  /** Who set each group and when it was last confirmed. */
  sources: Record<'openingHours' | 'services' | 'plans' | 'fees', { setBy: CareSetter | null; confirmedAt: string | null }>;
  /** A register listing's facts past CARE_STALE_MONTHS: shown with their age, and "open now" is unknown. */
  stale: boolean;
  openNow: boolean | null;
  /** The next change, ISO in WAT ('2026-11-30T08:00:00+01:00'), when known within the next 14 days. */
  opensAt: string | null;
  closesAt: string | null;
}

// ---------------------------------------------------------------- payers and holidays (admin)

export const PAYER_SLUG_MESSAGE = 'Use lowercase letters, digits and single hyphens (at most 60 characters)'; // ours
export const PAYER_SLUG_FIXED_MESSAGE = 'A payer\'s slug cannot be changed'; // ours
export const PAYER_SLUG_TAKEN_MESSAGE = 'A payer with this slug already exists'; // ours
export const PAYER_NOT_FOUND = 'Payer not found'; // ours
export const HOLIDAY_DATE_MESSAGE = 'Please give the date as YYYY-MM-DD'; // ours
export const HOLIDAY_NOT_FOUND = 'Holiday not found'; // ours

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

/** "My plan" in Account settings: a payer's slug, or null for none. */
export const myPlanField = z
  .string()
  .regex(PAYER_SLUG_RE, { message: CARE_PAYER_MESSAGE })
  .max(60, { message: CARE_PAYER_MESSAGE })
  .nullable()
  .optional();

// ---------------------------------------------------------------- open now (WAT)

const WAT_OFFSET_MS = 60 * 60 * 1000;
const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;
export const WEEK_MINUTES = 7 * DAY_MINUTES;
/** Quarter hours in a week: a search document's open slots are numbered 0 (Monday 00:00-00:15 WAT) to 671. */
export const WEEK_QUARTERS = WEEK_MINUTES / 15;

const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** WAT day number: days since 1970-01-01 in Lagos (a search document's closed days). */
export function watDayNumber(at: Date | number): number {
  const t = typeof at === 'number' ? at : at.getTime();
  return Math.floor((t + WAT_OFFSET_MS) / (DAY_MINUTES * MINUTE_MS));
}

/** 'YYYY-MM-DD' -> its WAT day number. */
export function watDayOfDate(date: string): number {
  return Math.floor(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / (DAY_MINUTES * MINUTE_MS));
}

/** A WAT day number -> 'YYYY-MM-DD'. */
export function dateOfWatDay(day: number): string {
  return new Date(day * DAY_MINUTES * MINUTE_MS).toISOString().slice(0, 10);
}

/** Minutes since Monday 00:00 WAT. 1970-01-01 was a Thursday (index 3). */
export function weekMinute(at: Date | number): number {
  const t = typeof at === 'number' ? at : at.getTime();
  const minutes = Math.floor((t + WAT_OFFSET_MS) / MINUTE_MS);
  return (((minutes + 3 * DAY_MINUTES) % WEEK_MINUTES) + WEEK_MINUTES) % WEEK_MINUTES;
}

/** The quarter hour of the week (0-671) an instant falls in, WAT. */
export function weekQuarter(at: Date | number): number {
  return Math.floor(weekMinute(at) / 15);
}

/** The weekly open intervals [start, end) in minutes of the week; an interval past Sunday midnight wraps. */
function weeklyIntervals(hours: OpeningHours): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const entry of hours.week) {
    const base = careWeekdays.indexOf(entry.day) * DAY_MINUTES;
    for (const p of entry.periods) {
      const opens = minutesOf(p.opens);
      let closes = minutesOf(p.closes);
      if (closes <= opens) closes += DAY_MINUTES; // past midnight (closes 00:00 = midnight)
      const start = base + opens;
      const end = base + closes;
      if (end <= WEEK_MINUTES) out.push([start, end]);
      else out.push([start, WEEK_MINUTES], [0, end - WEEK_MINUTES]);
    }
  }
  return out;
}

/**
 * The quarter hours of the week during which the weekly hours are open (closures and holidays aside),
 * sorted: a search document's `openSlots`. Empty for a provider open 24 hours (its own flag says it).
 */
export function openQuarterSlots(hours: OpeningHours | null): number[] {
  if (!hours || hours.open24Hours) return [];
  const open = new Uint8Array(WEEK_QUARTERS);
  for (const [start, end] of weeklyIntervals(hours)) for (let q = start / 15; q < end / 15; q++) open[q] = 1;
  const slots: number[] = [];
  open.forEach((v, q) => v && slots.push(q));
  return slots;
}

/** True when the instant's WAT date falls in one of the closures. */
function inClosure(hours: OpeningHours, day: number): boolean {
  return hours.closures.some((c) => watDayOfDate(c.from) <= day && day <= watDayOfDate(c.to));
}

/**
 * The WAT days (day numbers) from `fromDay` to `toDay` inclusive on which the provider is closed all day: its
 * closures, and for a provider not open 24 hours the public holidays (decision 039). A search document's
 * `closedDays`.
 */
export function closedDays(hours: OpeningHours | null, holidays: readonly string[], fromDay: number, toDay: number): number[] {
  if (!hours) return [];
  const days = new Set<number>();
  for (const c of hours.closures) {
    for (let d = Math.max(fromDay, watDayOfDate(c.from)); d <= Math.min(toDay, watDayOfDate(c.to)); d++) days.add(d);
  }
  if (!hours.open24Hours) {
    for (const h of holidays) {
      const d = watDayOfDate(h);
      if (d >= fromDay && d <= toDay) days.add(d);
    }
  }
  return [...days].sort((a, b) => a - b);
}

function isOpenAt(hours: OpeningHours, slots: Uint8Array, holidaySet: ReadonlySet<number>, t: number): boolean {
  const day = watDayNumber(t);
  if (inClosure(hours, day)) return false;
  if (hours.open24Hours) return true;
  if (holidaySet.has(day)) return false;
  return slots[weekQuarter(t)] === 1;
}

export interface OpenState {
  /** null when the hours are unknown (or too old to count). */
  openNow: boolean | null;
  opensAt: string | null;
  closesAt: string | null;
}

/** An instant as ISO 8601 in WAT, to the minute: '2026-11-30T08:00:00+01:00'. */
export function watIso(t: number): string {
  const d = new Date(t + WAT_OFFSET_MS);
  return `${d.toISOString().slice(0, 16)}:00${LAGOS_OFFSET}`;
}

const LOOKAHEAD_DAYS = 14;

/**
 * Is it open at `at` (WAT), and when does that change next (within 14 days)? Closures close anyone, 24-hour
 * providers included; public holidays close providers that are not open 24 hours. `stale` (facts past
 * CARE_STALE_MONTHS, for listings) makes it unknown.
 */
export function openState(hours: OpeningHours | null, holidays: readonly string[], at: Date | number, stale = false): OpenState {
  if (!hours || stale) return { openNow: null, opensAt: null, closesAt: null };
  const t0 = typeof at === 'number' ? at : at.getTime();
  const slots = new Uint8Array(WEEK_QUARTERS);
  for (const q of openQuarterSlots(hours)) slots[q] = 1;
  const holidaySet = new Set(holidays.map(watDayOfDate));
  const now = isOpenAt(hours, slots, holidaySet, t0);
  // Every change falls on a quarter hour (times are on the quarter hour; days start at one).
  const quarterMs = 15 * MINUTE_MS;
  const first = Math.floor((t0 + WAT_OFFSET_MS) / quarterMs) * quarterMs - WAT_OFFSET_MS + quarterMs;
  for (let t = first; t <= t0 + LOOKAHEAD_DAYS * DAY_MINUTES * MINUTE_MS; t += quarterMs) {
    if (isOpenAt(hours, slots, holidaySet, t) !== now) {
      return now ? { openNow: true, opensAt: null, closesAt: watIso(t) } : { openNow: false, opensAt: watIso(t), closesAt: null };
    }
  }
  return { openNow: now, opensAt: null, closesAt: null };
}

/** True when a group confirmed at `confirmedAt` is older than CARE_STALE_MONTHS at `at`. */
export function isCareStale(confirmedAt: string | Date | null, at: Date | number = Date.now()): boolean {
  if (!confirmedAt) return true;
  const c = new Date(confirmedAt);
  const limit = new Date(c.getTime());
  limit.setUTCMonth(limit.getUTCMonth() + CARE_STALE_MONTHS);
  return (typeof at === 'number' ? at : at.getTime()) >= limit.getTime();
}


// ---------------------------------------------------------------- patients' reports and suggested edits

/** Patients' reports count for the aggregates over this many months (by the day of the visit). */
export const CARE_REPORT_MONTHS = 6;
/** A patient without an appointment reports on one register listing at most once in this many days. */
export const CARE_REPORT_REPEAT_DAYS = 30;
/**
 * A published consultation fee is contradicted when it lies outside what patients reported paying by more
 * than this share (e.g. 25%: a published ₦5,000 against reports of ₦8,000-₦12,000 is flagged).
 */
export const CARE_FEE_TOLERANCE = 0.25;

export const CARE_REPORT_EMPTY_MESSAGE = 'Please answer at least one question'; // ours
export const CARE_VISITED_ON_MESSAGE = 'Please give the day of your visit (YYYY-MM-DD), today or in the last 6 months'; // ours
export const CARE_PLAN_ACCEPTED_MESSAGE = 'Please say which health plan you used'; // ours

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

export const careSuggestionKinds = ['hours', 'closed', 'place', 'phone', 'other'] as const;
export type CareSuggestionKind = (typeof careSuggestionKinds)[number];
export const careSuggestionKindLabels: Record<CareSuggestionKind, string> = {
  hours: 'Wrong opening hours',
  closed: 'Permanently closed',
  place: 'Wrong place on the map',
  phone: 'Wrong phone number',
  other: 'Something else',
};

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

export const careSuggestionStatuses = ['pending', 'approved', 'rejected'] as const;

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
