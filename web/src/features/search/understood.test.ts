import { describe, expect, it } from 'vitest';
import { understoodOf, withoutWords } from './understood';

describe('withoutWords (removing a chip)', () => {
  it('drops the words a chip came from and keeps the rest as typed', () => {
    expect(withoutWords('cardiologist in lagos', 'lagos')).toBe('cardiologist in');
    expect(withoutWords('cardiologist in lagos', 'cardiologist')).toBe('in lagos');
    expect(withoutWords('Heart  Doctor near Ikeja', 'heart doctor')).toBe('near Ikeja');
    expect(withoutWords('  pediatrician,   abuja ', 'pediatrician')).toBe(', abuja');
  });

  it('matches whole words only, so a short name does not cut a longer word', () => {
    expect(withoutWords('dental ent clinic', 'ent')).toBe('dental clinic');
    expect(withoutWords('lagoon hospital lagos', 'lagos')).toBe('lagoon hospital');
  });

  it('removes the first occurrence, and takes regular-expression characters literally', () => {
    expect(withoutWords('lagos lagos', 'lagos')).toBe('lagos');
    expect(withoutWords('ob-gyn (women) abuja', 'ob-gyn')).toBe('(women) abuja');
    expect(withoutWords('a.b abc', 'a.b')).toBe('abc');
  });

  it('leaves the query (tidied) when the words are not in it', () => {
    expect(withoutWords(' cardiology  lagos ', 'kano')).toBe('cardiology lagos');
    expect(withoutWords('cardiology', '')).toBe('cardiology');
  });
});

describe('understoodOf (the answer instantsearch holds)', () => {
  const cardiology = { field: 'specialty', value: 'Cardiology', label: 'Cardiology', text: 'cardiologist' };
  it('reads the items the shim carried in userData', () => {
    expect(understoodOf({ userData: [{ understood: [cardiology] }] })).toEqual([cardiology]);
    expect(understoodOf({ userData: [{ other: 1 }, { understood: [cardiology, { label: 2 }] }] })).toEqual([cardiology]);
  });
  it('is empty when the server understood nothing or sent nothing', () => {
    expect(understoodOf(undefined)).toEqual([]);
    expect(understoodOf({})).toEqual([]);
    expect(understoodOf({ userData: [{ understood: [] }] })).toEqual([]);
  });
});
