// Working hours, time off and booking modes (issue 17): which slots of D11's grid a
// provider offers, and its next free ones. Pure: the API (booking, the availability
// call, the profile's next days) and the index (the next free slot) all use these.
import { timeSlots, type TimeSlot } from './lists.js';
import { isIsoDate, lagosDateTimeParts, lagosInstant, lagosTimestamp } from './rules.js';

export const bookingModes = ['instant', 'request', 'directory'] as const;
export type BookingMode = (typeof bookingModes)[number];
export const bookingModeLabels: Record<BookingMode, string> = {
  instant: 'Instant booking: appointments are confirmed at once',
  request: 'Booking requests: I confirm each appointment',
  directory: 'Directory only: no online booking (patients call)',
};

/** Monday first, as Nigerian clinics write their week. */
export const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export const weekdayLabels = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** One day's hours: the first and the last slot offered (both on the grid), or null (not working). */
export type DayHours = { start: TimeSlot; end: TimeSlot } | null;
/** Seven entries, Monday first. */
export type WeeklyHours = DayHours[];

export const DEFAULT_WEEKLY_HOURS: WeeklyHours = [0, 1, 2, 3, 4, 5, 6].map((d) =>
  d < 5 ? { start: '09:00', end: '16:30' } : null,
);
export const DEFAULT_BOOKING_MODE: BookingMode = 'request';

/** The next free slot the index carries is looked for this many days ahead (today included). */
export const NEXT_SLOT_DAYS = 14;

export interface TimeOffRange {
  startDate: string;
  endDate: string;
}

export interface Schedule {
  bookingMode: BookingMode;
  weeklyHours: WeeklyHours;
  timeOff: readonly TimeOffRange[];
}

/** 0 = Monday ... 6 = Sunday, for a 'YYYY-MM-DD' date. */
export function weekdayIndex(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

/** 'YYYY-MM-DD' plus n days. */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

export function isOnTimeOff(timeOff: readonly TimeOffRange[], date: string): boolean {
  return timeOff.some((t) => t.startDate <= date && date <= t.endDate);
}

/** The slots a schedule offers on a date (before bookings): none on a day off, in directory mode or off hours. */
export function offeredSlots(schedule: Schedule, date: string): TimeSlot[] {
  if (!isIsoDate(date) || schedule.bookingMode === 'directory') return [];
  if (isOnTimeOff(schedule.timeOff, date)) return [];
  const day = schedule.weeklyHours[weekdayIndex(date)];
  if (!day) return [];
  return timeSlots.filter((t) => t >= day.start && t <= day.end);
}

/** Why a slot is not offered, or null when it is. */
export function unofferedReason(schedule: Schedule, date: string, time: string): 'directory' | 'dayOff' | 'hours' | null {
  if (schedule.bookingMode === 'directory') return 'directory';
  if (isOnTimeOff(schedule.timeOff, date) || !schedule.weeklyHours[weekdayIndex(date)]) return 'dayOff';
  return (offeredSlots(schedule, date) as string[]).includes(time) ? null : 'hours';
}

/**
 * Free slots from `now` on, day by day (today first, without end): offered, not taken (`taken` holds
 * the start instants, epoch ms, of active appointments) and not yet begun. Each day is worked out
 * only when asked for: the next free slot of most providers is today's or tomorrow's.
 */
function* freeSlotDays(schedule: Schedule, taken: ReadonlySet<number>, now: Date): Generator<{ date: string; times: TimeSlot[] }> {
  const today = lagosDateTimeParts(now).date;
  const from = now.getTime();
  for (let i = 0; ; i++) {
    const date = addDays(today, i);
    const midnight = lagosInstant(date, '00:00');
    const times = offeredSlots(schedule, date).filter((t) => {
      const at = midnight + (Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5))) * 60_000;
      return at > from && !taken.has(at);
    });
    yield { date, times };
  }
}

/** Free slots from `now` on, day by day for `days` days (today first). */
export function freeSlotsByDay(
  schedule: Schedule,
  taken: ReadonlySet<number>,
  now: Date,
  days: number,
): { date: string; times: TimeSlot[] }[] {
  const out: { date: string; times: TimeSlot[] }[] = [];
  if (days <= 0) return out;
  for (const day of freeSlotDays(schedule, taken, now)) {
    out.push(day);
    if (out.length === days) break;
  }
  return out;
}

/** The first free slot within NEXT_SLOT_DAYS (or `days`), or null. */
export function nextFreeSlot(schedule: Schedule, taken: ReadonlySet<number>, now: Date, days = NEXT_SLOT_DAYS): Date | null {
  if (schedule.bookingMode === 'directory' || days <= 0) return null;
  let seen = 0;
  for (const { date, times } of freeSlotDays(schedule, taken, now)) {
    if (times.length) return new Date(lagosInstant(date, times[0]!));
    if (++seen === days) break;
  }
  return null;
}

/** Stored form (a JSON array of ["HH:MM","HH:MM"] | null, Monday first) to WeeklyHours and back. */
export function weeklyHoursFromStored(stored: unknown): WeeklyHours {
  if (!Array.isArray(stored) || stored.length !== 7) return DEFAULT_WEEKLY_HOURS;
  return stored.map((d) =>
    Array.isArray(d) && d.length === 2 ? { start: d[0] as TimeSlot, end: d[1] as TimeSlot } : null,
  );
}
export function weeklyHoursToStored(hours: WeeklyHours): ([string, string] | null)[] {
  return hours.map((d) => (d ? [d.start, d.end] : null));
}

/** 'Tue 24 Nov, 10:30' (Lagos): how a card and the profile name a slot. */
export function formatSlotShort(value: Date | string | number): string {
  const d = new Date(value);
  const { date, time } = lagosDateTimeParts(d);
  const day = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'][weekdayIndex(date)];
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(date.slice(5, 7)) - 1];
  return `${day} ${Number(date.slice(8, 10))} ${month}, ${time}`;
}

// ---------------------------------------------------------------- search (issue 17)

/** The search filter "Available today / within 3 days / this week": a next free slot before a Lagos midnight. */
export const availabilityWindows = ['today', '3days', 'week'] as const;
export type AvailabilityWindow = (typeof availabilityWindows)[number];
export const availabilityWindowLabels: Record<AvailabilityWindow, string> = {
  today: 'Available today',
  '3days': 'Within 3 days',
  week: 'This week',
};
const WINDOW_DAYS: Record<AvailabilityWindow, number> = { today: 1, '3days': 3, week: 7 };

/** Epoch seconds of the Lagos midnight that ends a window (today's end, or 3 or 7 days from today's start). */
export function availabilityBound(window: AvailabilityWindow, now: Date = new Date()): number {
  return Date.parse(lagosTimestamp(addDays(lagosDateTimeParts(now).date, WINDOW_DAYS[window]), '00:00')) / 1000;
}

/**
 * A window as a search filter (Typesense filter_by syntax, both engines): a next free slot
 * before its bound. The REST search, its counts and the search page's counts all use it.
 */
export function availabilityFilter(window: AvailabilityWindow, now: Date = new Date()): string {
  return `nextSlot:<${availabilityBound(window, now)}`;
}
