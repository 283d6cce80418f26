// Pure rules shared by the API, the workers and the web app. No I/O, and nothing
// here may depend on the process or browser time zone.
import { timeSlots, type TimeSlot } from './lists.js';

// ---------------------------------------------------------------- time (D11)

// All appointment times are Africa/Lagos (WAT): UTC+1 all year, no daylight saving.
export const LAGOS_TIME_ZONE = 'Africa/Lagos';
export const LAGOS_OFFSET = '+01:00';
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** True for a real calendar date written 'YYYY-MM-DD'. */
export function isIsoDate(date: string): boolean {
  const m = DATE_RE.exec(date);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** True for a clock time written 'HH:MM' (24-hour). */
export function isClockTime(time: string): boolean {
  return TIME_RE.test(time);
}

/** 'YYYY-MM-DD' + 'HH:MM' in Lagos -> '2026-11-24T09:30:00+01:00'. */
export function lagosTimestamp(date: string, time: string): string {
  if (!isIsoDate(date)) throw new RangeError(`Invalid date: ${date}`);
  if (!isClockTime(time)) throw new RangeError(`Invalid time: ${time}`);
  return `${date}T${time}:00${LAGOS_OFFSET}`;
}

/**
 * The instant (epoch ms) of 'YYYY-MM-DD' + 'HH:MM' in Lagos: what Date.parse(lagosTimestamp(date, time))
 * gives, by arithmetic instead of parsing a string (a full reindex asks it about 200 times a provider).
 */
export function lagosInstant(date: string, time: string): number {
  if (!isIsoDate(date)) throw new RangeError(`Invalid date: ${date}`);
  const t = TIME_RE.exec(time);
  if (!t) throw new RangeError(`Invalid time: ${time}`);
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)), Number(t[1]), Number(t[2])) - LAGOS_OFFSET_MS;
}

function toDate(value: string | Date): Date {
  const d = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  if (Number.isNaN(d.getTime())) throw new RangeError(`Invalid timestamp: ${String(value)}`);
  return d;
}

/** The Lagos wall-clock date and time of an instant. */
export function lagosDateTimeParts(value: string | Date): { date: string; time: string } {
  // Shifting by the fixed offset and reading the UTC fields avoids the process zone.
  const shifted = new Date(toDate(value).getTime() + LAGOS_OFFSET_MS);
  return {
    date: `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`,
    time: `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}`,
  };
}

/** An instant given in epoch seconds (a search document's nextSlot) as ISO 8601 in WAT: '2026-11-27T09:00:00+01:00'. */
export function lagosIsoOfSeconds(epochSeconds: number): string {
  const { date, time } = lagosDateTimeParts(new Date(epochSeconds * 1000));
  const seconds = pad(((epochSeconds % 60) + 60) % 60);
  return `${date}T${time}:${seconds}${LAGOS_OFFSET}`;
}

/** Today's date in Lagos, 'YYYY-MM-DD'. */
export function lagosToday(now: Date = new Date()): string {
  return lagosDateTimeParts(now).date;
}

/** True when a 'YYYY-MM-DD' date (or an instant's Lagos date) is before today in Lagos. */
export function isBeforeLagosToday(value: string | Date, now: Date = new Date()): boolean {
  const date = typeof value === 'string' && DATE_RE.test(value) ? value : lagosDateTimeParts(value).date;
  return date < lagosToday(now);
}

export function isSlotTime(time: unknown): time is TimeSlot {
  return typeof time === 'string' && (timeSlots as readonly string[]).includes(time);
}

/** The Lagos slot ('HH:MM') of an instant that falls exactly on a slot, else null. */
export function slotOf(value: string | Date): TimeSlot | null {
  let d: Date;
  try {
    d = toDate(value);
  } catch {
    return null;
  }
  if (d.getUTCSeconds() !== 0 || d.getUTCMilliseconds() !== 0) return null;
  const { time } = lagosDateTimeParts(d);
  return isSlotTime(time) ? time : null;
}

// ---------------------------------------------------------------- display

// Built once, on first use: an Intl formatter with a time zone costs milliseconds to
// build (tens on a slow phone), and a page of reviews or appointments formats many dates.
let lagosFormat: Intl.DateTimeFormat | undefined;

function lagosFormatParts(value: string | Date): Record<string, string> {
  // en-US gives stable short names ('Sep', not 'Sept'); we assemble the British order.
  lagosFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: LAGOS_TIME_ZONE,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = lagosFormat.formatToParts(toDate(value));
  const out: Record<string, string> = {};
  for (const p of parts) out[p.type] = p.value;
  return out;
}

/** 'Mon, 24 Nov 2026' in Lagos. */
export function formatLagosDate(value: string | Date): string {
  const p = lagosFormatParts(value);
  return `${p.weekday}, ${p.day} ${p.month} ${p.year}`;
}

/** '09:30' in Lagos (24-hour). */
export function formatLagosTime(value: string | Date): string {
  const p = lagosFormatParts(value);
  return `${p.hour}:${p.minute}`;
}

export type LagosFormatStyle = 'date' | 'time' | 'datetime';

/** Display helper: 'date' -> 'Mon, 24 Nov 2026', 'time' -> '09:30', 'datetime' -> 'Mon, 24 Nov 2026, 09:30 WAT'. */
export function formatLagos(value: string | Date, style: LagosFormatStyle = 'datetime'): string {
  if (style === 'date') return formatLagosDate(value);
  if (style === 'time') return formatLagosTime(value);
  return `${formatLagosDate(value)}, ${formatLagosTime(value)} WAT`;
}

// ---------------------------------------------------------------- reviews

/** Mean rating rounded to one decimal; 0 when there are none. */
export function averageRating(ratings: readonly number[]): number {
  if (ratings.length === 0) return 0;
  const sum = ratings.reduce((a, b) => a + b, 0);
  // sum * 10 / n keeps integer ratings exact before rounding (4.35 * 10 is 43.4999...).
  return Math.round((sum * 10) / ratings.length) / 10;
}

/** 'Chidi O.': first name plus last initial; 'Anonymous' when both are missing. */
export function reviewerDisplayName(firstName?: string | null, lastName?: string | null): string {
  const first = (firstName ?? '').trim();
  const last = (lastName ?? '').trim();
  const initial = last ? `${[...last][0]!.toUpperCase()}.` : '';
  if (first && initial) return `${first} ${initial}`;
  if (first) return first;
  if (initial) return initial;
  return 'Anonymous';
}

// ---------------------------------------------------------------- phones and money

/**
 * Digits of a phone number for comparison: '+234 803 123 4567', '234 803 123 4567',
 * '+234 (0) 803 123 4567' and '0803 123 4567' all give '08031234567'.
 */
export function phoneDigits(phone: string | null | undefined): string {
  let d = (phone ?? '').replace(/\D/g, '');
  if (d.startsWith('00234')) d = d.slice(2);
  if (d.startsWith('234') && d.length > 10) {
    const rest = d.slice(3);
    d = rest.startsWith('0') ? rest : `0${rest}`;
  }
  return d;
}

// On first use, not when the module loads: pages that import these rules without
// showing a fee should not pay for building a formatter.
let nairaFormat: Intl.NumberFormat | undefined;

/** 15000 -> '₦15,000'. */
export function formatNaira(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  nairaFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, minimumFractionDigits: 0 });
  return `${sign}₦${nairaFormat.format(Math.abs(amount))}`;
}

/**
 * Return paths (issue 14): `next` if it is a path of our own site, else null. Not
 * `//host` or `/\host` (another site), not an API call, no control characters
 * (some browsers drop them, which could turn a path into a host).
 */
export function safeReturnPath(next: unknown): string | null {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (next.startsWith('/api/') || /[\u0000-\u001f\u007f]/.test(next)) return null;
  return next;
}
