import { describe, expect, it } from 'vitest';
import {
  safeReturnPath,
  averageRating,
  formatLagos,
  formatLagosDate,
  formatLagosTime,
  formatNaira,
  isBeforeLagosToday,
  isSlotTime,
  lagosDateTimeParts,
  lagosIsoOfSeconds,
  lagosTimestamp,
  lagosToday,
  phoneDigits,
  reviewerDisplayName,
  slotOf,
} from './index.js';

describe('Lagos time (D11), whatever the process zone', () => {
  it('builds timestamps with the +01:00 offset', () => {
    const ts = lagosTimestamp('2026-11-24', '09:30');
    expect(ts).toBe('2026-11-24T09:30:00+01:00');
    expect(new Date(ts).toISOString()).toBe('2026-11-24T08:30:00.000Z');
    expect(() => lagosTimestamp('2026-02-30', '09:30')).toThrow();
    expect(() => lagosTimestamp('2026-11-24', '9:30')).toThrow();
  });

  it('reads Lagos date and time of an instant', () => {
    expect(lagosDateTimeParts('2026-11-24T23:30:00Z')).toEqual({ date: '2026-11-25', time: '00:30' });
    expect(lagosDateTimeParts(new Date('2026-06-01T08:00:00Z'))).toEqual({ date: '2026-06-01', time: '09:00' });
  });

  it('writes epoch seconds as ISO 8601 in WAT (nextSlotAt)', () => {
    expect(lagosIsoOfSeconds(Date.parse('2026-11-27T08:00:00Z') / 1000)).toBe('2026-11-27T09:00:00+01:00');
    expect(lagosIsoOfSeconds(Date.parse('2026-11-27T23:30:05Z') / 1000)).toBe('2026-11-28T00:30:05+01:00');
  });

  it('knows today in Lagos', () => {
    expect(lagosToday(new Date('2026-11-24T22:59:59Z'))).toBe('2026-11-24');
    expect(lagosToday(new Date('2026-11-24T23:00:00Z'))).toBe('2026-11-25');
    expect(lagosToday(new Date('2026-03-29T23:30:00Z'))).toBe('2026-03-30');
    expect(isBeforeLagosToday('2026-11-24', new Date('2026-11-24T23:00:00Z'))).toBe(true);
    expect(isBeforeLagosToday('2026-11-25', new Date('2026-11-24T23:00:00Z'))).toBe(false);
  });

  it('finds slots', () => {
    expect(isSlotTime('09:00')).toBe(true);
    expect(isSlotTime('16:30')).toBe(true);
    expect(isSlotTime('17:00')).toBe(false);
    expect(isSlotTime('08:30')).toBe(false);
    expect(slotOf('2026-11-24T09:30:00+01:00')).toBe('09:30');
    expect(slotOf('2026-11-24T08:30:00Z')).toBe('09:30');
    expect(slotOf('2026-11-24T15:30:00Z')).toBe('16:30');
    expect(slotOf('2026-11-24T09:30:00Z')).toBe('10:30');
    expect(slotOf('2026-11-24T16:00:00Z')).toBeNull(); // 17:00 in Lagos
    expect(slotOf('2026-11-24T09:15:00+01:00')).toBeNull();
    expect(slotOf('2026-11-24T09:30:01+01:00')).toBeNull();
    expect(slotOf('2026-11-24T09:30:00.500+01:00')).toBeNull();
    expect(slotOf('not a date')).toBeNull();
  });

  it('formats for display in Lagos', () => {
    expect(formatLagosDate('2026-11-24T08:30:00Z')).toBe('Tue, 24 Nov 2026');
    expect(formatLagosDate('2026-11-23T23:30:00Z')).toBe('Tue, 24 Nov 2026');
    expect(formatLagosDate('2026-09-07T10:00:00+01:00')).toBe('Mon, 7 Sep 2026');
    expect(formatLagosTime('2026-11-24T08:30:00Z')).toBe('09:30');
    expect(formatLagosTime('2026-11-24T23:05:00Z')).toBe('00:05');
    expect(formatLagos('2026-11-24T08:30:00Z', 'datetime')).toBe('Tue, 24 Nov 2026, 09:30 WAT');
  });
});

describe('ratings, names, phones, money', () => {
  it.each([
    [[], 0],
    [[5], 5],
    [[4, 5], 4.5],
    [[1, 2, 2], 1.7],
    [[4, 4, 5], 4.3],
    [[5, 4, 4, 4, 5, 4, 4, 5, 4, 4, 5, 4, 4, 4, 5, 4, 4, 5, 4, 4], 4.3], // 87/20 = 4.35
  ])('averageRating(%j) = %s', (ratings, expected) => {
    expect(averageRating(ratings)).toBe(expected);
  });

  it.each([
    ['Chidi', 'Okafor', 'Chidi O.'],
    [' Ngozi ', 'adeyemi', 'Ngozi A.'],
    ['Chidi', '', 'Chidi'],
    ['', 'Okafor', 'O.'],
    [null, undefined, 'Anonymous'],
    ['  ', '  ', 'Anonymous'],
  ] as const)('reviewerDisplayName(%j, %j) = %s', (first, last, expected) => {
    expect(reviewerDisplayName(first, last)).toBe(expected);
  });

  it('compares phones on their digits', () => {
    expect(phoneDigits('+234 803 123 4567')).toBe('08031234567');
    expect(phoneDigits('0803 123 4567')).toBe('08031234567');
    expect(phoneDigits('234-803-123-4567')).toBe('08031234567');
    expect(phoneDigits('+234 (0) 803 123 4567')).toBe('08031234567');
    expect(phoneDigits('00234 803 123 4567')).toBe('08031234567');
    expect(phoneDigits('+1 (555) 010-9999')).toBe('15550109999');
    expect(phoneDigits(null)).toBe('');
  });

  it('formats naira', () => {
    expect(formatNaira(15000)).toBe('₦15,000');
    expect(formatNaira(0)).toBe('₦0');
    expect(formatNaira(1234567.5)).toBe('₦1,234,567.5');
    expect(formatNaira(-500)).toBe('-₦500');
  });
});

describe('safeReturnPath (issue 14: sign-in comes back only to our own pages)', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeReturnPath('/professional/12?book=1')).toBe('/professional/12?book=1');
    expect(safeReturnPath('/search?q=eye%20doctor')).toBe('/search?q=eye%20doctor');
  });
  it('refuses other sites, API calls, schemes and control characters', () => {
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '/api/logout', '/\t/evil.example', '', null, 42]) {
      expect(safeReturnPath(bad)).toBeNull();
    }
  });
});
