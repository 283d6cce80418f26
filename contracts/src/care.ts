// Care facts (issue 45, PRODUCT.md D29): opening hours, services and emergency readiness, accepted health
// plans and fees in naira. The lists, the messages and the pure rules of "open now", shared by the API, both
// search engines' document builder, the workers and the web app. No I/O; every time is WAT. The request and
// answer schemas are in care-schemas.ts: a public page of the web app that needs a list or a rule here
// must not carry every zod schema of care with it (zod calls are never tree-shaken; issue 35's budgets).
import { z } from 'zod';
import { allServices } from './lists.js';
import { LAGOS_OFFSET } from './rules.js';

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
  'HIV Testing',
  'Family Planning',
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
export const CARE_PLAN_MESSAGE = 'Please choose one of this payer\'s plans'; // ours

const QUARTER_TIME_RE = /^([01]\d|2[0-3]):(00|15|30|45)$/;
export const isQuarterTime = (value: string): boolean => QUARTER_TIME_RE.test(value);

export const PAYER_SLUG_RE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

// The three groups as care-schemas.ts's schemas give them, written out so that this file imports none
// of the schemas (issue 48: care-schemas.ts imports this one; care-schemas.ts checks that the two agree).
export interface OpeningHours {
  open24Hours: boolean;
  week: { day: CareWeekday; periods: { opens: string; closes: string }[] }[];
  closures: { from: string; to: string; reason?: string | null | undefined }[];
}
export interface CareFees {
  registrationNaira: number | null;
  consultationNaira: number | null;
  followUpNaira: number | null;
  freeAtPointOfCare: boolean;
}
export interface CarePlan {
  payer: string;
  plan: string | null;
  primary: boolean;
}


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

/**
 * The weekly hours' quarter hours by the day their period opened on: `own[q]` when a period that opened on
 * q's weekday covers q, `night[q]` when a period that opened the weekday before runs past midnight into q
 * (Saturday 20:00-02:00 makes Sunday 00:00-02:00 night quarters; Sunday's night runs into Monday). A closure
 * or a public holiday closes the periods that open on its day, the part past midnight included, and not the
 * night before's (decision 039): a night pharmacy that opened on the eve of a holiday works till morning.
 */
export function weeklyQuarters(hours: OpeningHours): { own: Uint8Array; night: Uint8Array } {
  const own = new Uint8Array(WEEK_QUARTERS);
  const night = new Uint8Array(WEEK_QUARTERS);
  for (const entry of hours.week) {
    const base = careWeekdays.indexOf(entry.day) * DAY_MINUTES;
    for (const p of entry.periods) {
      const opens = minutesOf(p.opens);
      let closes = minutesOf(p.closes);
      if (closes <= opens) closes += DAY_MINUTES; // past midnight (closes 00:00 = midnight)
      for (let m = opens; m < closes; m += 15) {
        const q = ((base + m) % WEEK_MINUTES) / 15;
        if (m < DAY_MINUTES) own[q] = 1;
        else night[q] = 1;
      }
    }
  }
  return { own, night };
}

/**
 * The quarter hours of the week during which the weekly hours are open (closures and holidays aside),
 * sorted: a search document's `openSlots`. Empty for a provider open 24 hours (its own flag says it).
 */
export function openQuarterSlots(hours: OpeningHours | null): number[] {
  if (!hours || hours.open24Hours) return [];
  const { own, night } = weeklyQuarters(hours);
  const slots: number[] = [];
  for (let q = 0; q < WEEK_QUARTERS; q++) if (own[q] || night[q]) slots.push(q);
  return slots;
}

/** True when the instant's WAT date falls in one of the closures. */
function inClosure(hours: OpeningHours, day: number): boolean {
  return hours.closures.some((c) => watDayOfDate(c.from) <= day && day <= watDayOfDate(c.to));
}

/**
 * The WAT days (day numbers) from `fromDay` to `toDay` inclusive that close the provider: its closures, and
 * for a provider not open 24 hours the public holidays (decision 039). Such a day closes the periods that
 * open on it (see weeklyQuarters); care-search.ts's documentClosedDays turns them into a document's
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

/**
 * Open at t: a 24-hour provider unless a closure covers t's day; otherwise a period covers t and the day it
 * opened on (t's day, or the day before for the part past midnight) is neither a closure nor a holiday.
 */
function isOpenAt(hours: OpeningHours, week: { own: Uint8Array; night: Uint8Array }, holidaySet: ReadonlySet<number>, t: number): boolean {
  const day = watDayNumber(t);
  if (hours.open24Hours) return !inClosure(hours, day);
  const q = weekQuarter(t);
  const closedOn = (d: number) => holidaySet.has(d) || inClosure(hours, d);
  return (week.own[q] === 1 && !closedOn(day)) || (week.night[q] === 1 && !closedOn(day - 1));
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
  const week = weeklyQuarters(hours);
  const holidaySet = new Set(holidays.map(watDayOfDate));
  const now = isOpenAt(hours, week, holidaySet, t0);
  // Every change falls on a quarter hour (times are on the quarter hour; days start at one).
  const quarterMs = 15 * MINUTE_MS;
  const first = Math.floor((t0 + WAT_OFFSET_MS) / quarterMs) * quarterMs - WAT_OFFSET_MS + quarterMs;
  for (let t = first; t <= t0 + LOOKAHEAD_DAYS * DAY_MINUTES * MINUTE_MS; t += quarterMs) {
    if (isOpenAt(hours, week, holidaySet, t) !== now) {
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


export const careSuggestionKinds = ['hours', 'closed', 'place', 'phone', 'other'] as const;
export type CareSuggestionKind = (typeof careSuggestionKinds)[number];
export const careSuggestionKindLabels: Record<CareSuggestionKind, string> = {
  hours: 'Wrong opening hours',
  closed: 'Permanently closed',
  place: 'Wrong place on the map',
  phone: 'Wrong phone number',
  other: 'Something else',
};


export const careSuggestionStatuses = ['pending', 'approved', 'rejected'] as const;

