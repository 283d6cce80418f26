import { describe, expect, it } from 'vitest';
import { engineSuite, engineTargets } from '../../test/engine-targets';
import { isSearchError, type SearchRequest } from './engine';
import { understandNamed } from './query-understanding';
import type { SearchDocument } from './schema';

/**
 * Issue 50: tone marks and diacritics fold on both engines: a name or a text written with Yoruba or Igbo marks
 * is found by the same words typed without them, and a query with marks finds a text written without them.
 */
const pro = (id: number, o: Partial<Record<string, unknown>>): SearchDocument => ({
  id: String(id),
  name: `Dr. ${o.firstName} ${o.lastName}`,
  title: 'Dr.',
  professionalType: 'doctor',
  specialty: 'General Practice',
  city: 'Ibadan',
  state: 'Oyo',
  countries: ['Nigeria'],
  yearsOfExperience: 5,
  rating: 0,
  reviewCount: 0,
  isVerified: true,
  isApproved: true,
  ...o,
});

const professionals: SearchDocument[] = [
  pro(1, { firstName: 'Adéwálé', lastName: 'Ọ̀ṣọ́', institution: 'Ilé Ìwòsàn Àánú' }),
  pro(2, { firstName: 'Chukwuemeka', lastName: 'Okeke', institution: 'Ile Iwosan Alaafia' }),
  pro(3, { firstName: 'Ngozi', lastName: 'Ụzọ', city: 'Enugu', state: 'Enugu' }),
  pro(4, { firstName: 'Tunde', lastName: 'Bakare' }),
  // Hausa's hooked letters, in the name and in the institution's (ɗ, ƙ, ɓ), and a plain spelling of the same name.
  pro(5, { firstName: 'Ɗanjuma', lastName: 'Ƙwaru', city: 'Kano', state: 'Kano', institution: 'Asibitin Ɓagauda' }),
  pro(6, { firstName: 'Danladi', lastName: 'Kwaru', city: 'Kano', state: 'Kano' }),
];

const institutions: SearchDocument[] = [
  { id: '1', name: 'Ilé Ìwòsàn Àánú', type: 'hospital', typeLabel: 'Hospital', services: [], city: 'Ibadan', state: 'Oyo', professionalCount: 1, rating: 0, reviewCount: 0, isVerified: true, isApproved: true },
];

describe.each(engineTargets('diacritics'))('tone marks fold: $name', (target) => {
  const suite = engineSuite(target, { professionals, institutions });

  const ids = async (q: string): Promise<string[]> => {
    const [r] = await suite.engine.multiSearch([{ collection: 'professionals', q, per_page: 50 } as SearchRequest]);
    if (isSearchError(r)) throw new Error(`search failed: ${r.error}`);
    return r.hits.map((h) => h.document.id).sort((a, b) => Number(a) - Number(b));
  };


  it('finds a name written with marks by the name typed without them, and with them', async () => {
    expect(await ids('adewale oso')).toEqual(['1']);
    expect(await ids('Adéwálé Ọ̀ṣọ́')).toEqual(['1']);
    expect(await ids('ngozi uzo')).toEqual(['3']);
    expect(await ids('Ụzọ')).toEqual(['3']);
  });

  it('finds a text with marks by words without them, and a text without marks by words with them', async () => {
    // The institution of 1 is written with marks, that of 2 without: both found either way.
    expect(await ids('ile iwosan')).toEqual(['1', '2']);
    expect(await ids('ilé ìwòsàn')).toEqual(['1', '2']);
    expect(await ids('aanu')).toEqual(['1']);
    expect(await ids('àlàáfíà')).toEqual(['2']);
  });

  it("finds Hausa's hooked letters (ɓ ɗ ƙ ƴ) by the plain letters a phone types, and the plain spelling by the hooked", async () => {
    expect(await ids('danjuma kwaru')).toEqual(['5']);
    expect(await ids('Ɗanjuma Ƙwaru')).toEqual(['5']);
    expect(await ids('kwaru')).toEqual(['5', '6']);
    expect(await ids('ƙwaru')).toEqual(['5', '6']);
    expect(await ids('ɗanladi')).toEqual(['6']);
    expect(await ids('bagauda')).toEqual(['5']);
    expect(await suite.engine.named('professionals', [{ key: 'danjuma kwaru', prefix: false }])).toEqual([true]);
  });

  it('looks up a name with marks from the name typed without them (decision 043: names first)', async () => {
    expect(await suite.engine.named('professionals', [{ key: 'adewale oso', prefix: false }, { key: 'tunde bakare', prefix: false }, { key: 'okeke', prefix: false }])).toEqual([true, true, false]);
  });

  it('searches a name holding glossary words as the name, typed with or without its marks (decision 043)', async () => {
    // "ilé ìwòsàn" alone is the hospitals filter; the whole name is the hospital's name, searched as typed.
    for (const q of ['ile iwosan aanu', 'Ilé Ìwòsàn Àánú']) {
      const u = await understandNamed(suite.engine, 'institutions', q);
      expect(u).toMatchObject({ q, named: true, filters: [''] });
      const [r] = await suite.engine.multiSearch([{ collection: 'institutions', q: u.q, per_page: 10 } as SearchRequest]);
      if (isSearchError(r)) throw new Error(r.error);
      expect(r.hits[0]?.document.id).toBe('1');
    }
    // Not a name of the index: the words are understood.
    expect(await understandNamed(suite.engine, 'institutions', 'ile iwosan')).toMatchObject({ q: '', filters: [expect.stringContaining('type:=')] });
  });
});
