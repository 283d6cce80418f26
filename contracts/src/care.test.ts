import { describe, expect, it } from 'vitest';
import { careFactsSchema } from './care-schemas.js';
import { closedDays, isCareStale, openQuarterSlots, openState, watDayOfDate, weekQuarter, type OpeningHours } from './care.js';

// Every clock below is written literally in WAT (+01:00).
const at = (iso: string) => new Date(iso);

const weekdays9to5: OpeningHours = {
  open24Hours: false,
  week: (['mon', 'tue', 'wed', 'thu', 'fri'] as const).map((day) => ({ day, periods: [{ opens: '09:00', closes: '17:00' }] })),
  closures: [],
};

describe('openState (WAT)', () => {
  it('is open inside a period and says when it closes; closed outside and says when it opens', () => {
    // 2026-11-30 is a Monday.
    expect(openState(weekdays9to5, [], at('2026-11-30T10:05:00+01:00'))).toEqual({
      openNow: true,
      opensAt: null,
      closesAt: '2026-11-30T17:00:00+01:00',
    });
    expect(openState(weekdays9to5, [], at('2026-11-30T17:00:00+01:00'))).toEqual({
      openNow: false,
      opensAt: '2026-12-01T09:00:00+01:00',
      closesAt: null,
    });
    // Friday evening: next opening is Monday.
    expect(openState(weekdays9to5, [], at('2026-12-04T18:30:00+01:00')).opensAt).toBe('2026-12-07T09:00:00+01:00');
    // 08:59:59 WAT is 07:59:59 UTC: still closed.
    expect(openState(weekdays9to5, [], at('2026-11-30T07:59:59Z')).openNow).toBe(false);
  });

  it('keeps a period past midnight open into the next morning, Sunday night into Monday included', () => {
    const nights: OpeningHours = {
      open24Hours: false,
      week: [
        { day: 'sat', periods: [{ opens: '20:00', closes: '06:00' }] },
        { day: 'sun', periods: [{ opens: '22:00', closes: '02:30' }] },
      ],
      closures: [],
    };
    expect(openState(nights, [], at('2026-12-06T05:45:00+01:00'))).toMatchObject({ openNow: true, closesAt: '2026-12-06T06:00:00+01:00' }); // Sunday morning
    expect(openState(nights, [], at('2026-12-06T21:00:00+01:00'))).toMatchObject({ openNow: false, opensAt: '2026-12-06T22:00:00+01:00' });
    expect(openState(nights, [], at('2026-12-07T01:00:00+01:00'))).toMatchObject({ openNow: true, closesAt: '2026-12-07T02:30:00+01:00' }); // Monday 01:00
    expect(openState(nights, [], at('2026-12-07T02:30:00+01:00')).openNow).toBe(false);
  });

  it('is closed all day on a closure and on a public holiday, unless open 24 hours (holidays only)', () => {
    const withClosure = { ...weekdays9to5, closures: [{ from: '2026-12-01', to: '2026-12-02', reason: 'Renovation' }] };
    expect(openState(withClosure, [], at('2026-12-01T10:00:00+01:00'))).toEqual({ openNow: false, opensAt: '2026-12-03T09:00:00+01:00', closesAt: null });
    // Christmas 2026 is a Friday.
    expect(openState(weekdays9to5, ['2026-12-25'], at('2026-12-25T10:00:00+01:00')).openNow).toBe(false);
    const allDay: OpeningHours = { open24Hours: true, week: [], closures: [] };
    expect(openState(allDay, ['2026-12-25'], at('2026-12-25T03:00:00+01:00'))).toEqual({ openNow: true, opensAt: null, closesAt: null });
    const allDayClosed = { ...allDay, closures: [{ from: '2026-12-25', to: '2026-12-25' }] };
    expect(openState(allDayClosed, [], at('2026-12-24T23:00:00+01:00'))).toEqual({ openNow: true, opensAt: null, closesAt: '2026-12-25T00:00:00+01:00' });
  });

  it('is unknown without hours or when they are stale', () => {
    expect(openState(null, [], at('2026-11-30T10:00:00+01:00')).openNow).toBeNull();
    expect(openState(weekdays9to5, [], at('2026-11-30T10:00:00+01:00'), true).openNow).toBeNull();
    expect(isCareStale('2025-11-29T12:00:00Z', at('2026-11-29T11:59:00Z'))).toBe(false);
    expect(isCareStale('2025-11-29T12:00:00Z', at('2026-11-29T12:00:00Z'))).toBe(true);
    expect(isCareStale(null)).toBe(true);
  });
});

describe('search document slots', () => {
  it('numbers quarter hours from Monday 00:00 WAT and lists a 9-5 weekday as 32 quarters', () => {
    expect(weekQuarter(at('2026-11-30T00:00:00+01:00'))).toBe(0);
    expect(weekQuarter(at('2026-11-30T09:14:00+01:00'))).toBe(36);
    expect(weekQuarter(at('2026-12-06T23:59:00+01:00'))).toBe(671);
    const slots = openQuarterSlots(weekdays9to5);
    expect(slots.length).toBe(5 * 32);
    expect(slots[0]).toBe(36);
    expect(slots.includes(68)).toBe(false); // Monday 17:00
    expect(openQuarterSlots({ open24Hours: true, week: [], closures: [] })).toEqual([]);
  });

  it('lists closures and, when not 24 hours, holidays within the window as WAT days', () => {
    const hours = { ...weekdays9to5, closures: [{ from: '2026-12-01', to: '2026-12-02' }] };
    const from = watDayOfDate('2026-11-29');
    expect(closedDays(hours, ['2026-12-25', '2027-06-12'], from, from + 60)).toEqual([
      watDayOfDate('2026-12-01'),
      watDayOfDate('2026-12-02'),
      watDayOfDate('2026-12-25'),
    ]);
    expect(closedDays({ ...hours, open24Hours: true }, ['2026-12-25'], from, from + 60)).toHaveLength(2);
  });
});

describe('careFactsSchema', () => {
  it('names the field of a bad time, service or fee', () => {
    const bad = careFactsSchema.safeParse({
      openingHours: { open24Hours: false, week: [{ day: 'mon', periods: [{ opens: '08:10', closes: '17:00' }] }] },
      services: ['Astrology'],
      fees: { consultationNaira: -5 },
    });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['openingHours.week.0.periods.0.opens', 'services.0', 'fees.consultationNaira']));
  });
});
