import { describe, expect, it } from 'vitest';
import { careWeekdays, documentClosedDays, documentOpenState, documentSlots, hoursValidUntil, openNowFilter, openState, watDayNumber, weekQuarter, type OpeningHours } from '@ilera/contracts';
import { SearchParamsError } from './engine';
import { parseSearch } from './protocol';
import { withOpenNow, withOpenState } from './care-filters';

/** An instant given in WAT. */
const wat = (local: string) => new Date(`${local}+01:00`);

describe('open now as a filter (issue 45)', () => {
  it('is the same string for every instant of a quarter hour, and another one the next quarter', () => {
    // Monday 30 November 2026: quarter 16 x 4 + 3 = 67 of the week; WAT day 20,787 (days since 1970-01-01).
    // The day, and that day's quarter 67 as a token (20,787 x 96 + 67): a day closed only in part lists its quarters.
    expect(openNowFilter(wat('2026-11-30T16:45'))).toBe(
      `hoursValidUntil:>${Date.parse('2026-11-30T15:45:00Z') / 1000} && closedDays:!=[20787,${20787 * 96 + 67}] && openSlots:=[67]`,
    );
    expect(openNowFilter(wat('2026-11-30T16:59:59'))).toBe(openNowFilter(wat('2026-11-30T16:45')));
    expect(openNowFilter(wat('2026-11-30T17:00'))).toContain('openSlots:=[68]');
    // Just after midnight WAT (23:00 UTC): the next day and Tuesday's first quarter.
    expect(openNowFilter(wat('2026-12-01T00:05'))).toContain(`closedDays:!=[20788,${20788 * 96}] && openSlots:=[96]`);
  });

  it('replaces openNow:=true (and openNow:true, openNow:=[true]) among other clauses, and parses as a real filter', () => {
    const at = wat('2026-11-30T10:00');
    const real = openNowFilter(at);
    for (const v of ['openNow:=true', 'openNow:true', 'openNow := [ true ]']) {
      expect(withOpenNow(`state:=[\`Lagos\`] && ${v} && plans:=[nhia]`, at)).toBe(`state:=[\`Lagos\`] && ${real} && plans:=[nhia]`);
    }
    expect(withOpenNow('openNow:=true', at)).toBe(real);
    // A value holding `&&` in backticks is one clause; nothing to replace leaves the text as it was.
    expect(withOpenNow('name:=[`A && openNow:=true`]', at)).toBe('name:=[`A && openNow:=true`]');
    expect(withOpenNow(undefined, at)).toBeUndefined();
    const parsed = parseSearch({ collection: 'institutions', q: '*', filter_by: withOpenNow('openNow:=true', at) });
    expect(parsed.filters.map((f) => [f.field, f.op])).toEqual([
      ['hoursValidUntil', '>'],
      ['closedDays', '!='],
      ['openSlots', '='],
    ]);
  });

  it('refuses openNow with anything but true', () => {
    for (const bad of ['openNow:=false', 'openNow:=[true', 'openNow:>1', 'openNow:=yes']) {
      expect(() => withOpenNow(bad, wat('2026-11-30T10:00'))).toThrow(SearchParamsError);
    }
    // Not rewritten, the field is unknown to both engines' schemas.
    expect(() => parseSearch({ collection: 'professionals', q: '*', filter_by: 'openNow:=true' })).toThrow(/openNow/);
  });
});

describe("a hit's open state from its document's hours", () => {
  // Monday to Friday 08:00-17:00: quarters 32-67 of each day.
  const weekdays = Array.from({ length: 5 }, (_, d) => Array.from({ length: 36 }, (_, q) => d * 96 + 32 + q)).flat();
  const doc = { id: '1', openSlots: weekdays, closedDays: [Date.UTC(2026, 11, 25) / 86_400_000], hoursValidUntil: 4_102_444_800 };

  it('says open until the next change, closed until the next opening, across a weekend and a holiday', () => {
    expect(withOpenState(doc, wat('2026-11-30T16:59'))).toEqual({ id: '1', openNow: true, closesAt: '2026-11-30T17:00:00+01:00' });
    expect(withOpenState(doc, wat('2026-12-04T18:00'))).toEqual({ id: '1', openNow: false, opensAt: '2026-12-07T08:00:00+01:00' });
    // Thursday 24 December after closing: Christmas (Friday) is closed, so Monday 28th.
    expect(withOpenState(doc, wat('2026-12-24T17:30'))).toMatchObject({ openNow: false, opensAt: '2026-12-28T08:00:00+01:00' });
  });

  it('open 24 hours: open with no change ahead, unless a day or an hour within the 14 days is closed', () => {
    const always = { id: '3', openSlots: Array.from({ length: 7 * 96 }, (_, q) => q), closedDays: [] as number[], hoursValidUntil: 4_102_444_800 };
    expect(withOpenState(always, wat('2026-12-23T03:10'))).toEqual({ id: '3', openNow: true });
    // Christmas closed (a day number): open until midnight WAT starting it, then closed until the 26th begins.
    const christmas = { ...always, closedDays: [Date.UTC(2026, 11, 25) / 86_400_000] };
    expect(withOpenState(christmas, wat('2026-12-23T03:10'))).toEqual({ id: '3', openNow: true, closesAt: '2026-12-25T00:00:00+01:00' });
    expect(withOpenState(christmas, wat('2026-12-25T12:00'))).toEqual({ id: '3', openNow: false, opensAt: '2026-12-26T00:00:00+01:00' });
    // One hour closed (the 26th's quarters 40-43 as day-quarter tokens): closed 10:00-11:00 WAT that day only.
    const hour = { ...always, closedDays: [40, 41, 42, 43].map((q) => (Date.UTC(2026, 11, 26) / 86_400_000) * 96 + q) };
    expect(withOpenState(hour, wat('2026-12-26T09:30'))).toEqual({ id: '3', openNow: true, closesAt: '2026-12-26T10:00:00+01:00' });
    expect(withOpenState(hour, wat('2026-12-26T10:20'))).toEqual({ id: '3', openNow: false, opensAt: '2026-12-26T11:00:00+01:00' });
    // Never open: closed, and no opening promised.
    expect(withOpenState({ ...always, openSlots: [] }, wat('2026-12-23T03:10'))).toEqual({ id: '3', openNow: false });
  });

  it('is unknown without hours and once the hours stop counting; no change is promised past that', () => {
    expect(withOpenState({ id: '2' }, wat('2026-11-30T10:00'))).toEqual({ id: '2', openNow: null });
    const until = Date.parse('2026-11-30T16:00:00Z') / 1000; // 17:00 WAT
    expect(documentOpenState({ ...doc, hoursValidUntil: until }, wat('2026-11-30T17:00'))).toEqual({ openNow: null, opensAt: null, closesAt: null });
    expect(documentOpenState({ ...doc, hoursValidUntil: until }, wat('2026-11-30T16:00'))).toEqual({ openNow: true, opensAt: null, closesAt: null });
  });

  it("dates a listing's hours to 12 months after their confirmation, down to the quarter hour; an owner's far ahead", () => {
    expect(hoursValidUntil(true, '2025-12-01T09:07:30Z')).toBe(Date.parse('2026-12-01T09:00:00Z') / 1000);
    expect(hoursValidUntil(true, null)).toBeNull();
    expect(hoursValidUntil(false, null)).toBe(Date.parse('2100-01-01T00:00:00Z') / 1000);
  });
});

describe('the search documents and the profile agree on open now (nights past midnight, closures, holidays)', () => {
  // A seeded stream, so a failure names the same hours every run.
  let seed = 45;
  const r = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const time = () => `${String(Math.floor(r() * 24)).padStart(2, '0')}:${pick(['00', '15', '30', '45'])}`;
  const day = (from: number, span: number) => new Date((from + Math.floor(r() * span)) * 86_400_000).toISOString().slice(0, 10);
  const built = wat('2026-12-20T12:00');
  const today = watDayNumber(built);
  const holidays = ['2026-12-25', '2026-12-26', '2027-01-01', pick(['2026-12-22', '2026-12-23'])];

  it("for random weekly hours, the filter and a hit's state say what the profile says at every instant sampled", () => {
    for (let n = 0; n < 60; n++) {
      const open24Hours = r() < 0.15;
      const week = open24Hours
        ? []
        : careWeekdays.filter(() => r() < 0.7).map((d) => ({ day: d, periods: Array.from({ length: 1 + Math.floor(r() * 2) }, () => {
            const opens = time();
            let closes = time();
            while (closes === opens) closes = time();
            return { opens, closes };
          }) }));
      const closures = Array.from({ length: Math.floor(r() * 3) }, () => {
        const from = day(today - 2, 20);
        const to = new Date(Date.parse(from) + Math.floor(r() * 3) * 86_400_000).toISOString().slice(0, 10);
        return { from, to };
      });
      const hours: OpeningHours = { open24Hours, week, closures } as OpeningHours;
      const doc = { openSlots: documentSlots(hours), closedDays: documentClosedDays(hours, holidays, built), hoursValidUntil: 4_102_444_800 };
      for (let k = 0; k < 200; k++) {
        const at = built.getTime() + Math.floor(r() * 18 * 96) * 900_000 + Math.floor(r() * 900_000);
        const profile = openState(hours, holidays, at).openNow;
        const d = watDayNumber(at);
        const q = weekQuarter(at);
        // openNowFilter's three clauses, read on the document as both engines read them.
        const matched = !doc.closedDays.includes(d) && !doc.closedDays.includes(d * 96 + (q % 96)) && doc.openSlots.includes(q);
        const where = { hours: JSON.stringify(hours), at: new Date(at).toISOString() };
        expect({ ...where, open: matched }).toEqual({ ...where, open: profile });
        expect({ ...where, open: documentOpenState(doc, at).openNow }).toEqual({ ...where, open: profile });
      }
    }
  });

  it('lists day numbers alone for hours without a night, and the quarters of a day closed in part', () => {
    const daytime: OpeningHours = { open24Hours: false, week: [{ day: 'fri', periods: [{ opens: '08:00', closes: '17:00' }] }], closures: [] };
    expect(documentClosedDays(daytime, ['2026-12-25'], built)).toEqual([watDayNumber(wat('2026-12-25T12:00'))]);
    // Friday 20:00-02:00 and Saturday 10:00-14:00: Christmas (a Friday) closes Friday's night, Saturday
    // 00:00-02:00 included, while Saturday's own hours stay open: Saturday lists those 8 quarters.
    const night: OpeningHours = {
      open24Hours: false,
      week: [{ day: 'fri', periods: [{ opens: '20:00', closes: '02:00' }] }, { day: 'sat', periods: [{ opens: '10:00', closes: '14:00' }] }],
      closures: [],
    };
    const sat = watDayNumber(wat('2026-12-26T12:00'));
    expect(documentClosedDays(night, ['2026-12-25'], built)).toEqual([sat - 1, ...[0, 1, 2, 3, 4, 5, 6, 7].map((q) => sat * 96 + q)]);
  });
});
