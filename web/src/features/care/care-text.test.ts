import { describe, expect, it } from 'vitest';
import type { OpeningHours } from '@ilera/contracts';
import { confirmedText, feeRows, upcomingClosures, weekFromToday } from './care-text';
import { openStateText } from './open-state';
import { readinessFirst } from './services-order';

// Sunday 29 November 2026, 23:30 WAT (22:30 UTC): written as literal instants, never from the code's rules.
const SUNDAY_NIGHT = Date.parse('2026-11-29T22:30:00Z');
const hours: OpeningHours = {
  open24Hours: false,
  week: [
    { day: 'mon', periods: [{ opens: '08:00', closes: '17:00' }] },
    { day: 'fri', periods: [{ opens: '08:00', closes: '12:00' }, { opens: '22:00', closes: '06:00' }] },
  ],
  closures: [
    { from: '2026-12-24', to: '2026-12-26', reason: 'Christmas' },
    { from: '2026-11-01', to: '2026-11-02', reason: 'Past' },
  ],
};

describe('care facts as a patient reads them (issue 45)', () => {
  it('says open now with the closing time, closed with the next opening (its weekday when not today), or unknown', () => {
    expect(openStateText({ openNow: true, closesAt: '2026-11-29T23:45:00+01:00' }, SUNDAY_NIGHT)).toEqual({ text: 'Open now · Closes 23:45', tone: 'open' });
    expect(openStateText({ openNow: false, opensAt: '2026-11-30T08:00:00+01:00' }, SUNDAY_NIGHT)).toEqual({ text: 'Closed · Opens 08:00 Mon', tone: 'closed' });
    // A search document's epoch seconds: 18:00 WAT on Monday 30 November is 17:00 UTC.
    expect(openStateText({ openNow: true, closesAt: Date.parse('2026-11-30T17:00:00Z') / 1000 }, Date.parse('2026-11-30T09:00:00Z')).text).toBe(
      'Open now · Closes 18:00',
    );
    expect(openStateText({ openNow: true, open24Hours: true }, SUNDAY_NIGHT).text).toBe('Open 24 hours');
    expect(openStateText({ openNow: null }, SUNDAY_NIGHT)).toEqual({ text: 'Hours unknown', tone: 'unknown' });
    expect(openStateText({}, SUNDAY_NIGHT).text).toBe('Hours unknown');
  });

  it('lists the week from today (WAT, whatever the phone says), closed days and periods past midnight', () => {
    const week = weekFromToday(hours, SUNDAY_NIGHT);
    expect(week.map((d) => d.label)).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
    expect(week[0]).toMatchObject({ today: true, text: 'Closed' });
    expect(week[1]!.text).toBe('08:00–17:00');
    expect(week[5]!.text).toBe('08:00–12:00, 22:00–06:00');
    // 00:30 WAT on Monday is still Sunday in UTC: the week starts on Monday.
    expect(weekFromToday(hours, Date.parse('2026-11-29T23:30:00Z'))[0]!.label).toBe('Monday');
    expect(weekFromToday({ ...hours, open24Hours: true }, SUNDAY_NIGHT).every((d) => d.text === 'Open 24 hours')).toBe(true);
  });

  it('shows closures still to come, and readiness services first', () => {
    expect(upcomingClosures(hours, SUNDAY_NIGHT)).toEqual(['Thu, 24 Dec 2026 – Sat, 26 Dec 2026: Christmas']);
    expect(readinessFirst(['Pharmacy', 'Oxygen', 'Laboratory Services', '24-Hour Emergency'])).toEqual(['Oxygen', '24-Hour Emergency', 'Pharmacy', 'Laboratory Services']);
  });

  it('says when facts were confirmed, with their age only past 12 months', () => {
    expect(confirmedText('2026-03-03T10:00:00Z', SUNDAY_NIGHT)).toBe('Confirmed on Tue, 3 Mar 2026');
    expect(confirmedText('2025-11-30T10:00:00Z', SUNDAY_NIGHT)).toBe('Confirmed on Sun, 30 Nov 2025');
    expect(confirmedText('2025-11-29T10:00:00Z', SUNDAY_NIGHT)).toBe('Confirmed on Sat, 29 Nov 2025 (1 year ago)');
    expect(confirmedText('2025-03-03T10:00:00Z', SUNDAY_NIGHT)).toBe('Confirmed on Mon, 3 Mar 2025 (1 year 8 months ago)');
    expect(confirmedText(null, SUNDAY_NIGHT)).toBeNull();
  });

  it('writes fees in naira, only those given', () => {
    expect(feeRows({ registrationNaira: 2000, consultationNaira: 15000, followUpNaira: null, freeAtPointOfCare: false })).toEqual([
      ['Registration / card', '₦2,000'],
      ['Consultation', '₦15,000'],
    ]);
    expect(feeRows(null)).toEqual([]);
  });
});
