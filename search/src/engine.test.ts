import { describe, expect, it } from 'vitest';
import { isSearchError, type SearchRequest, type SearchResult } from './engine';
import { DocumentRejectedError, type SearchDocument } from './schema';
import { engineSuite, engineTargets } from '../../test/engine-targets';

/**
 * The engine contract: one suite, run against PostgresEngine and against TypesenseEngine: on the
 * Typesense 27.1 test double (test/fake-typesense.ts), or on a real server when TYPESENSE_URL and
 * TYPESENSE_API_KEY name one (`TYPESENSE_URL=... TYPESENSE_API_KEY=... npm test -- search`).
 * Relevance and typo tolerance are Typesense's own: the double does not have them, so those cases
 * run on PostgreSQL and on a real server only.
 */

const pro = (id: number, o: Partial<Record<string, unknown>>): SearchDocument => ({
  id: String(id),
  name: `${o.title ?? 'Dr.'} ${o.firstName} ${o.lastName}`,
  title: 'Dr.',
  professionalType: 'doctor',
  specialty: 'General Practice',
  city: 'Lagos',
  state: 'Lagos',
  countries: ['Nigeria'],
  yearsOfExperience: 5,
  rating: 0,
  reviewCount: 0,
  isVerified: true,
  isApproved: true,
  ...o,
});

const professionals: SearchDocument[] = [
  pro(1, { firstName: 'Adaeze', lastName: 'Okonkwo', specialty: 'Cardiology', rating: 4.2, reviewCount: 5, yearsOfExperience: 12, bio: 'Consultant cardiologist.' }),
  pro(2, { firstName: 'Chiamaka', lastName: 'Okonkwo', specialty: 'Pediatrics', rating: 4.9, reviewCount: 30, yearsOfExperience: 20, bio: 'Trained with Adaeze Okonkwo at LUTH.' }),
  pro(3, { firstName: 'Emeka', lastName: 'Nwosu', specialty: 'Cardiology', city: 'Abuja', state: 'FCT', rating: 3.5, reviewCount: 2, yearsOfExperience: 8, countries: ['Nigeria', 'Ghana'] }),
  pro(4, { firstName: 'Fatima', lastName: 'Bello', specialty: 'Neurology', city: 'Kano', state: 'Kano', rating: 5, reviewCount: 1, yearsOfExperience: 3, institution: 'Aminu Kano Teaching Hospital' }),
  pro(5, { title: 'Mr.', firstName: 'Tunde', lastName: 'Bakare', professionalType: 'pharmacist', specialty: 'Community Pharmacy', rating: 4.0, reviewCount: 4, yearsOfExperience: 15 }),
  pro(6, { title: 'Ms.', firstName: 'Ngozi', lastName: 'Eze', professionalType: 'nurse', specialty: 'Midwifery', city: 'Enugu', state: 'Enugu', rating: 4.5, reviewCount: 8, yearsOfExperience: 9, isVerified: false }),
  pro(7, { firstName: 'Ibrahim', lastName: 'Musa', specialty: 'Cardiology', city: 'Kano', state: 'Kano', rating: 4.7, reviewCount: 11, yearsOfExperience: 25 }),
  pro(8, { firstName: 'Bisi', lastName: 'Adeyemi', specialty: 'Obstetrics & Gynecology', city: 'Ibadan', state: 'Oyo', rating: 3.9, reviewCount: 6, yearsOfExperience: 11 }),
  pro(9, { title: 'Mr.', firstName: 'Segun', lastName: 'Ola', professionalType: 'pharmacist', specialty: 'Hospital Pharmacy', city: 'Abuja', state: 'FCT', rating: 0, reviewCount: 0, yearsOfExperience: 2 }),
  pro(10, { title: 'Mrs.', firstName: 'Halima', lastName: 'Sani', professionalType: 'nurse', specialty: 'General Nursing', city: 'Lagos', state: 'Lagos', rating: 3.0, reviewCount: 3, yearsOfExperience: 6 }),
  pro(11, { firstName: 'Uche', lastName: 'Obi', specialty: 'ENT (Ear, Nose & Throat)', city: 'Port Harcourt', state: 'Rivers', rating: 4.1, reviewCount: 7, yearsOfExperience: 14 }),
];

const institutions: SearchDocument[] = [
  { id: '1', name: 'Lagoon General Hospital', type: 'hospital', typeLabel: 'Hospital', services: ['Emergency Care', 'Surgery', 'Cardiology'], city: 'Lagos', state: 'Lagos', professionalCount: 3, rating: 4.4, reviewCount: 9, isVerified: true, isApproved: true },
  { id: '2', name: 'HealthPlus Pharmacy', type: 'pharmacy', typeLabel: 'Pharmacy', services: ['Prescription Filling', 'Immunizations'], city: 'Abuja', state: 'FCT', professionalCount: 1, rating: 4.0, reviewCount: 2, isVerified: true, isApproved: true },
  { id: '3', name: 'Clina Diagnostics', type: 'diagnostic_lab', typeLabel: 'Diagnostic Lab', services: ['Blood Tests', 'X-Ray', 'MRI'], city: 'Lagos', state: 'Lagos', professionalCount: 0, rating: 0, reviewCount: 0, isVerified: false, isApproved: true },
];

const targets = engineTargets('contract');

describe.each(targets)('search engine contract: $name', (target) => {
  const suite = engineSuite(target, { professionals, institutions });
  /** Relevance and typo tolerance: not on the test double. */
  const relevance = target.plainWords ? it.skip : it;

  const search = async (s: Partial<SearchRequest>): Promise<SearchResult> => {
    const [r] = await suite.engine.multiSearch([{ collection: 'professionals', q: '*', per_page: 50, ...s } as SearchRequest]);
    if (isSearchError(r)) throw new Error(`search failed: ${r.error}`);
    return r;
  };
  const ids = (r: SearchResult) => r.hits.map((h) => h.document.id).sort((a, b) => Number(a) - Number(b));


  it('finds every document with q=* and reports found', async () => {
    const r = await search({});
    expect(r.found).toBe(professionals.length);
    expect(r.hits).toHaveLength(professionals.length);
    expect(r.page).toBe(1);
    expect(r.request_params.per_page).toBe(50);
    expect(r.hits[0].highlights).toEqual([]);
  });

  it('filters by each field alone', async () => {
    expect(ids(await search({ filter_by: 'professionalType:=[`pharmacist`]' }))).toEqual(['5', '9']);
    expect(ids(await search({ filter_by: 'specialty:=[`Cardiology`]' }))).toEqual(['1', '3', '7']);
    expect(ids(await search({ filter_by: 'state:=[`Kano`]' }))).toEqual(['4', '7']);
    expect(ids(await search({ filter_by: 'city:=[`Port Harcourt`]' }))).toEqual(['11']);
    expect(ids(await search({ filter_by: 'countries:=[`Ghana`]' }))).toEqual(['3']);
    expect(ids(await search({ filter_by: 'isVerified:=false' }))).toEqual(['6']);
    expect(ids(await search({ filter_by: 'rating:>=4.5' }))).toEqual(['2', '4', '6', '7']);
    // A value with a comma, brackets and an ampersand, quoted in backticks.
    expect(ids(await search({ filter_by: 'specialty:=[`ENT (Ear, Nose & Throat)`]' }))).toEqual(['11']);
    expect(ids(await search({ filter_by: 'specialty:=`Obstetrics & Gynecology`' }))).toEqual(['8']);
  });

  it('filters combined, with several values, and excluded values', async () => {
    expect(ids(await search({ filter_by: 'state:=[`Lagos`] && professionalType:=[`doctor`]' }))).toEqual(['1', '2']);
    expect(ids(await search({ filter_by: 'specialty:=[`Cardiology`] && state:=[`Kano`,`FCT`]' }))).toEqual(['3', '7']);
    expect(ids(await search({ filter_by: 'professionalType:=[`doctor`] && state:!=[`Lagos`] && yearsOfExperience:>=10' }))).toEqual(['7', '8', '11']);
  });

  it('matches a typed city case-insensitively (field:value)', async () => {
    expect(ids(await search({ filter_by: 'city:`lagos`' }))).toEqual(['1', '2', '5', '10']);
  });

  it('finds plain words, the last one also as a prefix', async () => {
    expect(ids(await search({ q: 'okonk' }))).toEqual(expect.arrayContaining(['1', '2']));
    expect(ids(await search({ q: 'okonk' }))).not.toContain('5');
    expect(ids(await search({ q: 'midwif' }))).toEqual(['6']);
    expect(ids(await search({ q: 'Fatima kano' }))).toEqual(['4']);
    expect((await search({ q: 'zzzzqqq' })).found).toBe(0);
  });

  relevance('is typo tolerant and prefix tolerant', async () => {
    expect(ids(await search({ q: 'cardiolgy' }))).toEqual(expect.arrayContaining(['1', '3', '7']));
    expect(ids(await search({ q: 'okonk' }))).toEqual(expect.arrayContaining(['1', '2']));
    expect(ids(await search({ q: 'okonk' }))).not.toContain('5');
    expect(ids(await search({ q: 'pediatrcs' }))).toEqual(['2']);
    expect(ids(await search({ q: 'midwif' }))).toEqual(['6']);
    expect(ids(await search({ q: 'Fatima kano' }))).toEqual(['4']);
    expect((await search({ q: 'zzzzqqq' })).found).toBe(0);
  });

  it('searches text together with filters', async () => {
    expect(ids(await search({ q: 'cardiology', filter_by: 'state:=[`Kano`]' }))).toEqual(['7']);
  });

  relevance('ranks an exact name first', async () => {
    const r = await search({ q: 'Adaeze Okonkwo' });
    expect(r.hits[0].document.id).toBe('1');
    const r2 = await search({ q: 'Chiamaka Okonkwo' });
    expect(r2.hits[0].document.id).toBe('2');
  });

  it('counts facets equal to the counts of matching documents', async () => {
    const cases: Partial<SearchRequest>[] = [
      {},
      { filter_by: 'state:=[`Lagos`,`Kano`]' },
      { q: 'cardiology' },
      { q: 'okonkwo', filter_by: 'professionalType:=[`doctor`]' },
    ];
    for (const c of cases) {
      const r = await search({ ...c, facet_by: 'professionalType,specialty,city,state,countries', max_facet_values: 50 });
      expect(r.facet_counts.map((f) => f.field_name).sort()).toEqual(['city', 'countries', 'professionalType', 'specialty', 'state']);
      for (const f of r.facet_counts) {
        for (const { value, count } of f.counts) {
          const narrowed = await search({ q: c.q ?? '*', filter_by: [c.filter_by, `${f.field_name}:=[\`${value}\`]`].filter(Boolean).join(' && '), per_page: 0 });
          expect({ facet: f.field_name, value, count }).toEqual({ facet: f.field_name, value, count: narrowed.found });
        }
        const sum = f.counts.reduce((n, x) => n + x.count, 0);
        if (f.field_name !== 'countries') expect(sum).toBe(r.found);
        expect(f.stats).toBeTypeOf('object');
      }
    }
  });

  it('limits facet values (max_facet_values) and orders them by count', async () => {
    const r = await search({ facet_by: 'specialty', max_facet_values: 2 });
    expect(r.facet_counts[0].counts).toHaveLength(2);
    expect(r.facet_counts[0].counts[0]).toMatchObject({ value: 'Cardiology', count: 3 });
  });

  it('narrows facet values with facet_query', async () => {
    const r = await search({ facet_by: 'specialty', facet_query: 'specialty:card', per_page: 0 });
    expect(r.facet_counts[0].counts.map((c) => c.value)).toEqual(['Cardiology']);
  });

  it('sorts by rating and by experience', async () => {
    const byRating = await search({ sort_by: 'rating:desc,reviewCount:desc' });
    const ratings = byRating.hits.map((h) => h.document.rating as number);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(byRating.hits[0].document.id).toBe('4');
    const byExperience = await search({ sort_by: 'yearsOfExperience:desc' });
    expect(byExperience.hits.map((h) => h.document.id).slice(0, 3)).toEqual(['7', '2', '5']);
    const ascending = await search({ sort_by: 'yearsOfExperience:asc' });
    expect(ascending.hits[0].document.id).toBe('9');
  });

  it('pages through results without overlap', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const r = await search({ per_page: 3, page, sort_by: 'rating:desc' });
      expect(r.found).toBe(professionals.length);
      expect(r.page).toBe(page);
      expect(r.request_params.per_page).toBe(3);
      expect(r.hits.length).toBe(page < 4 ? 3 : 2);
      seen.push(...r.hits.map((h) => h.document.id));
    }
    expect(new Set(seen).size).toBe(professionals.length);
    expect((await search({ per_page: 3, page: 9 })).hits).toEqual([]);
  });

  relevance('searches institutions by name, service and type, with service facets (a typo)', async () => {
    const [r] = (await suite.engine.multiSearch([
      { collection: 'institutions', q: 'pharmcy', facet_by: 'type,services', per_page: 10 },
    ])) as SearchResult[];
    expect(r.hits.map((h) => h.document.id)).toEqual(['2']);
    const [all] = (await suite.engine.multiSearch([
      { collection: 'institutions', q: '*', filter_by: 'services:=[`X-Ray`]', facet_by: 'type', per_page: 10 },
    ])) as SearchResult[];
    expect(all.hits.map((h) => h.document.id)).toEqual(['3']);
    expect(all.facet_counts[0].counts).toEqual([expect.objectContaining({ value: 'diagnostic_lab', count: 1 })]);
  });

  it('answers a bad search with an error result, not an exception', async () => {
    const [r] = await suite.engine.multiSearch([{ collection: 'professionals', q: '*', filter_by: 'password:=x' }]);
    expect(isSearchError(r)).toBe(true);
  });

  it('upserts idempotently, replaces edited documents and deletes', async () => {
    const edited = { ...professionals[8], city: 'Jos', state: 'Plateau' };
    await suite.engine.upsert('professionals', [edited]);
    await suite.engine.upsert('professionals', [edited]);
    expect(ids(await search({ filter_by: 'state:=[`Plateau`]' }))).toEqual(['9']);
    expect((await search({})).found).toBe(professionals.length);
    // The whole-collection facet counts follow the edit.
    const before = await search({ facet_by: 'state', max_facet_values: 50 });
    expect(before.facet_counts[0].counts).toEqual(expect.arrayContaining([expect.objectContaining({ value: 'Plateau', count: 1 })]));
    await suite.engine.delete('professionals', ['9', '999']);
    const after = await search({ facet_by: 'state,professionalType', max_facet_values: 50 });
    expect(after.found).toBe(professionals.length - 1);
    expect(after.facet_counts[0].counts.map((c) => c.value)).not.toContain('Plateau');
    expect(after.facet_counts[1].counts).toEqual(expect.arrayContaining([expect.objectContaining({ value: 'pharmacist', count: 1 })]));
    await suite.engine.upsert('professionals', [professionals[8]]);
    expect((await search({})).found).toBe(professionals.length);
  });

  it('refuses a document that does not fit the schema', async () => {
    await expect(suite.engine.upsert('professionals', [{ id: '77', name: 'No type' }])).rejects.toBeInstanceOf(DocumentRejectedError);
    expect(ids(await search({}))).not.toContain('77');
  });

  it('replaces a whole collection (reindex) and exports it', async () => {
    async function* batches() {
      yield professionals.slice(0, 4);
      yield professionals.slice(4);
    }
    expect(await suite.engine.replaceAll('professionals', batches())).toBe(professionals.length);
    const exported = await suite.engine.exportAll('professionals');
    expect(exported.map((d) => d.id).sort()).toEqual(professionals.map((d) => d.id).sort());
    const r = await search({ facet_by: 'professionalType' });
    expect(r.facet_counts[0].counts).toEqual(
      expect.arrayContaining([expect.objectContaining({ value: 'doctor', count: 7 }), expect.objectContaining({ value: 'nurse', count: 2 })]),
    );
  });
});
