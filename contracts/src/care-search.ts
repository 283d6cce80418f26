// Care facts in the search documents (issue 45): the fields the document builder writes from the care
// facts, and "open now" read back from those fields at the moment of a search (WAT). The rules are
// care.ts's; this file only says how a document holds them:
// - openSlots: the quarter hours of the week it is open (0 = Monday 00:00 WAT); all 672 for a provider
//   open 24 hours, so that "open now" is one condition on every document (no `||` in the filter syntax
//   both engines share).
// - closedDays: when its closures (and public holidays, unless open 24 hours) close it: a WAT day number for
//   a day closed all day, and dayQuarterToken(d, q) = d * 96 + q for each quarter hour of a day closed only in
//   part. A closed day closes the periods that open on it, past midnight included, and not the night
//   before's (care.ts weeklyQuarters): the morning after a closed night, or a closed day whose first hours
//   are still the night before's, is closed in part.
// - hoursValidUntil: epoch seconds, on a quarter hour, after which the hours no longer count.
// Open at t = hoursValidUntil > t AND closedDays lacks both watDayNumber(t) and its token AND openSlots
// holds weekQuarter(t).
import { CARE_STALE_MONTHS, closedDays, openQuarterSlots, watDayNumber, watIso, weeklyQuarters, weekQuarter, WEEK_QUARTERS, type OpenState, type OpeningHours } from './care.js';

const QUARTER_S = 15 * 60;
/** Far future (2100-01-01T00:00Z): an owned provider's hours count until its owner changes them. */
export const HOURS_VALID_FOREVER = 4_102_444_800;
/** closedDays covers the days from the day before today (a search just after midnight) to this many days after. */
export const CLOSED_DAYS_AHEAD = 400;

const allWeek = Array.from({ length: WEEK_QUARTERS }, (_, q) => q);

/** A document's openSlots: the weekly hours' quarter hours, every quarter of the week when open 24 hours. */
export function documentSlots(hours: OpeningHours): number[] {
  return hours.open24Hours ? [...allWeek] : openQuarterSlots(hours);
}

const DAY_QUARTERS = 96;

/** The token of one quarter hour of a WAT day in a document's closedDays (about 2,000,000: never a day number). */
const dayQuarterToken = (day: number, quarterOfDay: number): number => day * DAY_QUARTERS + quarterOfDay;
/** Day numbers stay below this until the year 4707; quarter tokens are above it from 1998. */
const FIRST_QUARTER_TOKEN = 1_000_000;

/** The WAT day an entry of a document's closedDays is about: a day number, or a quarter token's day. */
export const closedDayOf = (entry: number): number => (entry >= FIRST_QUARTER_TOKEN ? Math.floor(entry / DAY_QUARTERS) : entry);

/**
 * A document's closedDays around `at`, from the day before to CLOSED_DAYS_AHEAD days after: a closed WAT
 * day's number when nothing of the weekly hours is open on it, else the tokens of its quarter hours that the
 * weekly hours open and the closures or holidays close. Providers without periods past midnight, and those
 * open 24 hours, get day numbers only.
 */
export function documentClosedDays(hours: OpeningHours, holidays: readonly string[], at: Date | number = Date.now()): number[] {
  const today = watDayNumber(at);
  const from = today - 1;
  const to = today + CLOSED_DAYS_AHEAD;
  // The day before the window too: its night runs into the window's first morning.
  const closed = new Set(closedDays(hours, holidays, from - 1, to));
  if (hours.open24Hours) return [...closed].filter((d) => d >= from).sort((a, b) => a - b);
  const { own, night } = weeklyQuarters(hours);
  const out: number[] = [];
  for (let d = from; d <= to; d++) {
    const ownClosed = closed.has(d);
    const nightClosed = closed.has(d - 1);
    if (!ownClosed && !nightClosed) continue;
    const base = ((d + 3) % 7) * DAY_QUARTERS; // 1970-01-01 (day 0) was a Thursday
    const shut: number[] = [];
    let stillOpen = false;
    for (let q = 0; q < DAY_QUARTERS; q++) {
      const byOwn = own[base + q] === 1;
      const byNight = night[base + q] === 1;
      if ((byOwn && !ownClosed) || (byNight && !nightClosed)) stillOpen = true;
      else if (byOwn || byNight) shut.push(q);
    }
    if (!stillOpen && (ownClosed || shut.length > 0)) out.push(d);
    else for (const q of shut) out.push(dayQuarterToken(d, q));
  }
  return out.sort((a, b) => a - b);
}

/**
 * A document's hoursValidUntil: for a register listing (no owner) its hours' confirmation plus
 * CARE_STALE_MONTHS (isCareStale's limit), down to the quarter hour, so that "valid at t" is the same
 * for every t of a quarter hour (searches are keyed by the quarter); for an owned provider far future.
 * Null without a confirmation of a listing's hours.
 */
export function hoursValidUntil(listing: boolean, confirmedAt: string | Date | null): number | null {
  if (!listing) return HOURS_VALID_FOREVER;
  if (!confirmedAt) return null;
  const limit = new Date(new Date(confirmedAt).getTime());
  limit.setUTCMonth(limit.getUTCMonth() + CARE_STALE_MONTHS);
  return Math.floor(limit.getTime() / 1000 / QUARTER_S) * QUARTER_S;
}

/** What a search document says of its hours (absent fields: hours unknown). */
export interface DocumentHours {
  openSlots?: readonly number[];
  closedDays?: readonly number[];
  hoursValidUntil?: number;
}

/** The first second of the quarter hour `at` falls in, epoch seconds. */
export const quarterStart = (at: Date | number): number => Math.floor((typeof at === 'number' ? at : at.getTime()) / 1000 / QUARTER_S) * QUARTER_S;

/**
 * "Open now" as a filter on the document fields at `at` (Typesense syntax, real fields): what the API
 * puts in place of the virtual `openNow:=true`. The same for every instant of a quarter hour (validity
 * is on quarter hours), so answers cached under it are never stale.
 */
export function openNowFilter(at: Date | number): string {
  const day = watDayNumber(at);
  const q = weekQuarter(at);
  return `hoursValidUntil:>${quarterStart(at)} && closedDays:!=[${day},${dayQuarterToken(day, q % DAY_QUARTERS)}] && openSlots:=[${q}]`;
}

const LOOKAHEAD_QUARTERS = 14 * DAY_QUARTERS;

/**
 * openState (care.ts) from a document's fields: open now (null when the hours are unknown or no longer
 * count), and the next change within 14 days and before the hours stop counting.
 */
export function documentOpenState(doc: DocumentHours, at: Date | number): OpenState {
  const t = typeof at === 'number' ? at : at.getTime();
  const until = doc.hoursValidUntil;
  if (typeof until !== 'number' || !Array.isArray(doc.openSlots) || until * 1000 <= t) return { openNow: null, opensAt: null, closesAt: null };
  const slots = new Uint8Array(WEEK_QUARTERS);
  let openQuarters = 0;
  for (const q of doc.openSlots) if (q >= 0 && q < WEEK_QUARTERS && slots[q] === 0) (slots[q] = 1), openQuarters++;
  const closed = new Set(doc.closedDays ?? []);
  const anyClosed = closed.size > 0;
  // Open every quarter of the week (24 hours) or none, with no day or hour closed: nothing changes within the 14
  // days (issue 47: a 24-hour provider stepped through all 1,344 quarters, 67 µs a hit).
  if (!anyClosed && (openQuarters === WEEK_QUARTERS || openQuarters === 0)) return { openNow: openQuarters > 0, opensAt: null, closesAt: null };
  // Quarter by quarter, by arithmetic (a hit's state is worked out for every hit of every answer): WAT days
  // begin on a quarter hour, so the day moves on when the quarter of the day comes back to 0.
  let q = weekQuarter(t);
  let day = watDayNumber(t);
  let dayClosed = anyClosed && closed.has(day);
  const openAt = () => slots[q] === 1 && (!anyClosed || (!dayClosed && !closed.has(dayQuarterToken(day, q % DAY_QUARTERS))));
  const now = openAt();
  const end = Math.min(until * 1000, t + LOOKAHEAD_QUARTERS * QUARTER_S * 1000);
  for (let next = (quarterStart(t) + QUARTER_S) * 1000; next < end; next += QUARTER_S * 1000) {
    q = (q + 1) % WEEK_QUARTERS;
    if (q % DAY_QUARTERS === 0) dayClosed = anyClosed && closed.has((day += 1));
    if (openAt() !== now) {
      return now ? { openNow: true, opensAt: null, closesAt: watIso(next) } : { openNow: false, opensAt: watIso(next), closesAt: null };
    }
  }
  return { openNow: now, opensAt: null, closesAt: null };
}
