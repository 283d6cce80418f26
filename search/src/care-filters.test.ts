import { describe, expect, it } from 'vitest';
import { documentOpenState, hoursValidUntil, openNowFilter } from '@ilera/contracts';
import { SearchParamsError } from './engine';
import { parseSearch } from './protocol';
import { withOpenNow, withOpenState } from './care-filters';

/** An instant given in WAT. */
const wat = (local: string) => new Date(`${local}+01:00`);

describe('open now as a filter (issue 45)', () => {
  it('is the same string for every instant of a quarter hour, and another one the next quarter', () => {
    // Monday 30 November 2026: quarter 16 x 4 + 3 = 67 of the week; WAT day 20,787 (days since 1970-01-01).
    expect(openNowFilter(wat('2026-11-30T16:45'))).toBe(`hoursValidUntil:>${Date.parse('2026-11-30T15:45:00Z') / 1000} && closedDays:!=[20787] && openSlots:=[67]`);
    expect(openNowFilter(wat('2026-11-30T16:59:59'))).toBe(openNowFilter(wat('2026-11-30T16:45')));
    expect(openNowFilter(wat('2026-11-30T17:00'))).toContain('openSlots:=[68]');
    // Just after midnight WAT (23:00 UTC): the next day and Tuesday's first quarter.
    expect(openNowFilter(wat('2026-12-01T00:05'))).toContain('closedDays:!=[20788] && openSlots:=[96]');
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
