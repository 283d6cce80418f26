// Care facts as a profile shows them (issue 45, D29): the week from today, closures to come, fees in naira,
// how old a confirmation is. Pure: every time is WAT (contracts' rules), whatever the phone's zone, so the
// server and the browser draw the same text. Only the profile pages import it (it stays in their chunk);
// what the search cards share with them is in open-state.ts.
import {
  careWeekdayLabels,
  careWeekdays,
  formatLagosDate,
  formatNaira,
  watDayNumber,
  watDayOfDate,
  type CareWeekday,
  type OpeningHours,
} from '@ilera/contracts';

const HOUR_MS = 3_600_000;

/** One weekday's periods as shown: "08:00–17:00, 18:00–21:00", "Closed", or "Open 24 hours". */
function periodsText(hours: OpeningHours, day: CareWeekday): string {
  if (hours.open24Hours) return 'Open 24 hours';
  const periods = hours.week.find((d) => d.day === day)?.periods ?? [];
  return periods.length ? periods.map((p) => `${p.opens}–${p.closes}`).join(', ') : 'Closed';
}

/** The week from today (WAT): [{ day, label, text, today }], today first. */
export function weekFromToday(hours: OpeningHours, now: number = Date.now()) {
  const today = (watDayNumber(now) + 3) % 7; // 1970-01-01 was a Thursday (index 3, Monday 0)
  return careWeekdays.map((_, i) => {
    const day = careWeekdays[(today + i) % 7]!;
    return { day, label: careWeekdayLabels[day], text: periodsText(hours, day), today: i === 0 };
  });
}

/** Closures that end today or later, soonest first: "24 Dec 2026 – 26 Dec 2026: Christmas". */
export function upcomingClosures(hours: OpeningHours, now: number = Date.now()): string[] {
  const today = watDayNumber(now);
  return hours.closures
    .filter((c) => watDayOfDate(c.to) >= today)
    .sort((a, b) => a.from.localeCompare(b.from))
    .map((c) => {
      const span = c.from === c.to ? dateText(c.from) : `${dateText(c.from)} – ${dateText(c.to)}`;
      return c.reason ? `${span}: ${c.reason}` : span;
    });
}

/** '2026-12-24' -> 'Thu, 24 Dec 2026' (a date, read at noon WAT so no zone moves it). */
const dateText = (date: string): string => formatLagosDate(`${date}T12:00:00+01:00`);

/** Whole months between two instants (calendar months, WAT dates). */
function monthsBetween(from: number, to: number): number {
  const a = new Date(from + HOUR_MS);
  const b = new Date(to + HOUR_MS);
  let months = (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth());
  if (b.getUTCDate() < a.getUTCDate()) months -= 1;
  return Math.max(0, months);
}

/**
 * "Confirmed on Tue, 3 Mar 2026", and its age when older than 12 months (issue 45: facts older than that
 * show their age): "Confirmed on Mon, 3 Mar 2025 (1 year 8 months ago)". Null when never confirmed.
 */
export function confirmedText(confirmedAt: string | null | undefined, now: number = Date.now()): string | null {
  if (!confirmedAt) return null;
  const at = new Date(confirmedAt).getTime();
  const text = `Confirmed on ${formatLagosDate(confirmedAt)}`;
  const months = monthsBetween(at, now);
  if (months < 12) return text;
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const age = [`${years} ${years === 1 ? 'year' : 'years'}`, rest ? `${rest} ${rest === 1 ? 'month' : 'months'}` : ''].filter(Boolean).join(' ');
  return `${text} (${age} ago)`;
}

interface FeesView {
  registrationNaira: number | null;
  consultationNaira: number | null;
  followUpNaira: number | null;
  freeAtPointOfCare: boolean;
}

/** The fee rows shown: [label, '₦15,000'], only those given ("Free at the point of care" is said apart). */
export function feeRows(fees: FeesView | null | undefined): [string, string][] {
  if (!fees) return [];
  const rows: [string, string][] = [];
  if (fees.registrationNaira != null) rows.push(['Registration / card', formatNaira(fees.registrationNaira)]);
  if (fees.consultationNaira != null) rows.push(['Consultation', formatNaira(fees.consultationNaira)]);
  if (fees.followUpNaira != null) rows.push(['Follow-up', formatNaira(fees.followUpNaira)]);
  return rows;
}
