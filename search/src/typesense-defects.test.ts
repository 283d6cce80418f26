import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSearchError, type SearchRequest, type SearchResult } from './engine';
import { parseSearch } from './protocol';
import { TypesenseEngine, typesenseSchema } from './typesense-engine';
import { DocumentRejectedError, type SearchDocument } from './schema';
import { fakeTypesense, type FakeTypesense } from '../../test/fake-typesense';

/**
 * Issue 39's smaller defects, against the Typesense 27.1 test double (test/fake-typesense.ts),
 * which refuses and tokenizes as Typesense 27.1's source does (each case says what it copies).
 */
const ADMIN = 'defects-admin-key';

const clinic = (id: number, name: string, o: Record<string, unknown> = {}): SearchDocument => ({
  id: String(id), name, type: 'clinic', typeLabel: 'Clinic', services: [],
  professionalCount: 0, rating: 0, reviewCount: 0, isVerified: false, isApproved: true, ...o,
});

let typesense: FakeTypesense;
let engine: TypesenseEngine;
beforeAll(async () => {
  typesense = await fakeTypesense({ apiKey: ADMIN });
  engine = new TypesenseEngine({ url: typesense.url, apiKey: ADMIN, prefix: 'defects_' });
  await engine.ensureCollections();
});
afterAll(async () => {
  await engine.close();
  await typesense.close();
});

const search = async (s: Partial<SearchRequest>) => {
  const [r] = await engine.multiSearch([{ collection: 'institutions', q: '*', per_page: 50, ...s } as SearchRequest]);
  return r;
};
const ids = (r: Awaited<ReturnType<typeof search>>) => {
  if (isSearchError(r)) throw new Error(r.error);
  return (r as SearchResult).hits.map((h) => h.document.id);
};

describe('Typesense: what our parser takes, Typesense takes', () => {
  // src/filter.cpp: a number or boolean is read bare ("Not an int32", "must be `true` or `false`"); strings may be backticked.
  // collection_manager.cpp parse_sort_by_str: every sort_by clause needs its order.
  const cases: [string, string][] = [
    ['filter_by', 'isVerified:=true'],
    ['filter_by', 'isVerified:true'],
    ['filter_by', 'isVerified:=`true`'],
    ['filter_by', 'listed:=[`true`]'],
    ['filter_by', 'rating:>=4.5'],
    ['filter_by', 'rating:>=`4`'],
    ['filter_by', 'professionalCount:=[`1`,`2`]'],
    ['filter_by', 'professionalCount:=[1,2]'],
    ['filter_by', 'nextSlot:<1900000000'],
    ['filter_by', 'nextSlot:<`1900000000`'],
    ['filter_by', 'state:=[`Lagos`,`Kano`]'],
    ['filter_by', 'services:=`Blood Tests, X-Ray`'],
    ['filter_by', 'location:(6.5, 3.37, 5 km)'],
    ['sort_by', 'rating:desc'],
    ['sort_by', 'rating'],
    ['sort_by', 'nextSlot(missing_values: last):asc,rating:desc'],
    ['sort_by', 'location(6.5, 3.37)'],
  ];
  it.each(cases)('%s %s: accepted by both or refused by both', async (param, value) => {
    let ours = true;
    try {
      parseSearch({ collection: 'institutions', q: '*', [param]: value });
    } catch {
      ours = false;
    }
    const theirs = !isSearchError(await search({ [param]: value }));
    expect({ value, ours }).toEqual({ value, ours: theirs });
  });
});

describe('Typesense: synonyms with / or - (24/7, ECG/EKG)', () => {
  it('a patient\'s words find a service written with a separator', async () => {
    await engine.upsert('institutions', [
      clinic(1, 'Night Clinic', { services: ['24/7 Service'] }),
      clinic(2, 'Heart Centre', { services: ['ECG/EKG'] }),
      clinic(3, 'Day Clinic', { services: ['Immunizations'] }),
    ]);
    // Typesense tokenizes synonyms without the collection's separators (src/synonym_index.cpp):
    // sent as `24/7` the synonym is the one token `247`, and `24 hours` never reaches `24/7 Service`.
    expect(ids(await search({ q: '24 hours' }))).toEqual(['1']);
    expect(ids(await search({ q: 'electrocardiogram' }))).toEqual(['2']);
    const sent = typesense.requests.filter((r) => r.method === 'PUT' && /\/synonyms\//.test(r.url)).flatMap((r) => r.body.synonyms as string[]);
    expect(sent.filter((s) => /[-/]/.test(s))).toEqual([]);
  });
});

describe('Typesense: nextSlot after 2038', () => {
  it('holds epoch seconds past int32 (2038-01-19) and filters and sorts on them', async () => {
    const after2038 = Date.parse('2038-02-01T09:00:00Z') / 1000;
    expect(after2038).toBeGreaterThan(2 ** 31);
    await engine.upsert('institutions', [clinic(10, 'Future Clinic', { nextSlot: after2038 }), clinic(11, 'Soon Clinic', { nextSlot: 1_900_000_000 })]);
    expect(ids(await search({ filter_by: `nextSlot:>${2 ** 31}` }))).toEqual(['10']);
    expect(ids(await search({ filter_by: 'nextSlot:>0', sort_by: 'nextSlot:desc' }))).toEqual(['10', '11']);
  });
});

describe('Typesense: a stop-word set that the server lost', () => {
  it('is installed again, and the search answers', async () => {
    expect(ids(await search({ q: 'night' }))).toEqual(['1']);
    const res = await fetch(`${typesense.url}/stopwords/ilera-patient-stopwords`, { method: 'DELETE', headers: { 'x-typesense-api-key': ADMIN } });
    expect(res.status).toBe(200);
    // Typesense answers a search naming a missing set with a 404 (src/collection_manager.cpp).
    expect(ids(await search({ q: 'the night clinic' }))).toEqual(['1']);
    expect(typesense.stopwordSets()).toEqual(['ilera-patient-stopwords']);
  });
});

describe('Typesense: keys', () => {
  it('searches with a scoped search-only key and writes with the admin key', async () => {
    await engine.upsert('institutions', [clinic(20, 'Keyed Clinic')]);
    expect(ids(await search({ q: 'keyed' }))).toEqual(['20']);
    const searches = typesense.requests.filter((r) => r.url.startsWith('/multi_search'));
    const writes = typesense.requests.filter((r) => r.method !== 'GET' && !r.url.startsWith('/multi_search'));
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.every((r) => r.key === ADMIN)).toBe(true);
    expect(searches.length).toBeGreaterThan(0);
    expect(searches.every((r) => r.key && r.key !== ADMIN)).toBe(true);
    // The key only searches (the double checks the scoped key's HMAC against the key the engine made).
    const searchKey = searches.at(-1)!.key!;
    const write = await fetch(`${typesense.url}/collections/defects_institutions/documents/import?action=upsert`, {
      method: 'POST',
      headers: { 'x-typesense-api-key': searchKey },
      body: JSON.stringify(clinic(21, 'Sneaked In')),
    });
    expect(write.status).toBe(401);
    const bogus = await fetch(`${typesense.url}/multi_search`, {
      method: 'POST',
      headers: { 'x-typesense-api-key': `${searchKey.slice(0, -4)}AAAA` },
      body: JSON.stringify({ searches: [{ collection: 'defects_institutions', q: '*' }] }),
    });
    expect(bogus.status).toBe(401);
  });
});

describe('Typesense: per-line import errors', () => {
  it('a line Typesense refuses fails the batch as DocumentRejectedError naming it; the other lines are in', async () => {
    // A collection whose live schema requires a field ours leaves optional (another release's, still behind the alias).
    const older = new TypesenseEngine({ url: typesense.url, apiKey: ADMIN, prefix: 'older_' });
    const schema = typesenseSchema('institutions', 'older_institutions_0');
    schema.fields = (schema.fields as { name: string; optional: boolean }[]).map((f) => (f.name === 'phone' ? { ...f, optional: false } : f));
    const api = (path: string, method: string, body: unknown) =>
      fetch(`${typesense.url}${path}`, { method, headers: { 'x-typesense-api-key': ADMIN }, body: JSON.stringify(body) });
    expect((await api('/collections', 'POST', schema)).status).toBe(201);
    expect((await api('/aliases/older_institutions', 'PUT', { collection_name: 'older_institutions_0' })).status).toBe(200);
    await expect(
      older.upsert('institutions', [clinic(30, 'Has A Phone', { phone: '0801' }), clinic(31, 'No Phone'), clinic(32, 'Also A Phone', { phone: '0802' })]),
    ).rejects.toThrow(new DocumentRejectedError('Typesense refused 1 of 3 documents: Field `phone` has been declared in the schema, but is not found in the document.'));
    expect(typesense.documents('older_institutions').map((d) => d.id)).toEqual(['30', '32']);
    await older.close();
  });
});
