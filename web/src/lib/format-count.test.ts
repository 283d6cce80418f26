import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';

describe('formatCount', () => {
  it('groups thousands as Intl.NumberFormat en-NG does for whole numbers', () => {
    const format = new Intl.NumberFormat('en-NG');
    for (const n of [0, 1, 12, 999, 1000, 12345, 999999, 1000000, 500000, 1234567890, -4321]) {
      expect(formatCount(n)).toBe(format.format(n));
    }
  });
});
