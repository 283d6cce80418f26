import { describe, expect, it } from 'vitest';
import { dateIn, slotIn } from './dates';

// Issue 50: dates in another language are numbers, day first, the same on the server and in any browser (one without
// CLDR's data for Hausa, Yoruba or Igbo included); English keeps the spec's words.
describe('dates in the page language', () => {
  const at = '2026-11-30T08:00:00.000Z'; // 09:00 in Lagos, a Monday
  it('says English as the spec does', () => {
    expect(dateIn('en', at)).toBe('Mon, 30 Nov 2026');
    expect(slotIn('en', Date.parse(at))).toBe('Mon 30 Nov, 09:00');
  });
  it('writes the Lagos date in numbers, day first, in the other languages', () => {
    for (const locale of ['ha', 'yo', 'ig', 'pcm'] as const) {
      expect(dateIn(locale, at)).toBe('30/11/2026');
      expect(slotIn(locale, Date.parse(at))).toBe('30/11, 09:00');
    }
    // 23:30 UTC is the next day in Lagos.
    expect(dateIn('yo', '2026-11-30T23:30:00.000Z')).toBe('01/12/2026');
  });
});
