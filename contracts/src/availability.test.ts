import { describe, expect, it } from 'vitest';
import { DEFAULT_WEEKLY_HOURS, freeSlotsByDay, lagosInstant, nextFreeSlot, type Schedule, type WeeklyHours } from './index.js';

// Wednesday 25 November 2026 in Lagos (UTC+1).
const at = (iso: string) => new Date(iso);
const weekdays: Schedule = { bookingMode: 'request', weeklyHours: DEFAULT_WEEKLY_HOURS, timeOff: [] };
const utc = (d: Date | null) => d?.toISOString() ?? null;

describe('a Lagos date and slot as an instant', () => {
  it('is the instant of the +01:00 timestamp, whatever the date', () => {
    expect(new Date(lagosInstant('2026-11-25', '09:00')).toISOString()).toBe('2026-11-25T08:00:00.000Z');
    expect(new Date(lagosInstant('2026-12-31', '16:30')).toISOString()).toBe('2026-12-31T15:30:00.000Z');
    expect(new Date(lagosInstant('2028-02-29', '00:00')).toISOString()).toBe('2028-02-28T23:00:00.000Z');
  });
  it('refuses a date or time that does not exist', () => {
    expect(() => lagosInstant('2026-02-30', '09:00')).toThrow(RangeError);
    expect(() => lagosInstant('2026-11-25', '9:00')).toThrow(RangeError);
    expect(() => lagosInstant('2026-11-25', '24:00')).toThrow(RangeError);
  });
});

describe('the next free slot a card shows', () => {
  it("is the next half hour of today's hours not yet begun", () => {
    // 10:10 in Lagos: 10:00 has begun, 10:30 is next.
    expect(utc(nextFreeSlot(weekdays, new Set(), at('2026-11-25T09:10:00Z')))).toBe('2026-11-25T09:30:00.000Z');
    // Before opening: the day's first slot.
    expect(utc(nextFreeSlot(weekdays, new Set(), at('2026-11-25T05:00:00Z')))).toBe('2026-11-25T08:00:00.000Z');
  });

  it('skips taken slots, closed days, time off and the evening', () => {
    const taken = new Set([lagosInstant('2026-11-25', '10:30'), lagosInstant('2026-11-25', '11:00')]);
    expect(utc(nextFreeSlot(weekdays, taken, at('2026-11-25T09:10:00Z')))).toBe('2026-11-25T10:30:00.000Z');
    // Friday 17:00 in Lagos: nothing before Monday.
    expect(utc(nextFreeSlot(weekdays, new Set(), at('2026-11-27T16:00:00Z')))).toBe('2026-11-30T08:00:00.000Z');
    const away: Schedule = { ...weekdays, timeOff: [{ startDate: '2026-11-26', endDate: '2026-12-01' }] };
    expect(utc(nextFreeSlot(away, new Set(), at('2026-11-25T17:00:00Z')))).toBe('2026-12-02T08:00:00.000Z');
    const saturdays: WeeklyHours = [null, null, null, null, null, { start: '12:00', end: '13:00' }, null];
    expect(utc(nextFreeSlot({ ...weekdays, weeklyHours: saturdays }, new Set(), at('2026-11-25T09:10:00Z')))).toBe('2026-11-28T11:00:00.000Z');
  });

  it('is none in directory mode, with no hours, or beyond the days looked at', () => {
    expect(nextFreeSlot({ ...weekdays, bookingMode: 'directory' }, new Set(), at('2026-11-25T09:10:00Z'))).toBeNull();
    expect(nextFreeSlot({ ...weekdays, weeklyHours: [null, null, null, null, null, null, null] }, new Set(), at('2026-11-25T09:10:00Z'))).toBeNull();
    const away: Schedule = { ...weekdays, timeOff: [{ startDate: '2026-11-25', endDate: '2027-01-31' }] };
    expect(nextFreeSlot(away, new Set(), at('2026-11-25T09:10:00Z'))).toBeNull();
    // Friday evening, looking two days ahead (Friday, Saturday): none; three days reach only Sunday.
    expect(nextFreeSlot(weekdays, new Set(), at('2026-11-27T16:00:00Z'), 2)).toBeNull();
    expect(nextFreeSlot(weekdays, new Set(), at('2026-11-27T16:00:00Z'), 3)).toBeNull();
    expect(utc(nextFreeSlot(weekdays, new Set(), at('2026-11-27T16:00:00Z'), 4))).toBe('2026-11-30T08:00:00.000Z');
  });
});

describe("a profile's free slots, day by day", () => {
  it('lists the days asked for, today first, each with the free slots not yet begun', () => {
    const taken = new Set([lagosInstant('2026-11-26', '09:00')]);
    const days = freeSlotsByDay(weekdays, taken, at('2026-11-25T14:40:00Z'), 4);
    expect(days.map((d) => d.date)).toEqual(['2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28']);
    expect(days[0]!.times).toEqual(['16:00', '16:30']);
    expect(days[1]!.times[0]).toBe('09:30');
    expect(days[1]!.times).toHaveLength(15);
    expect(days[2]!.times).toHaveLength(16);
    expect(days[3]!.times).toEqual([]);
    expect(freeSlotsByDay(weekdays, taken, at('2026-11-25T14:40:00Z'), 0)).toEqual([]);
  });
});
