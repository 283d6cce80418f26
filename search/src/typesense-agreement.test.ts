import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceKm, isSearchError, nearFilter, nearSort, type SearchError, type SearchRequest, type SearchResult } from './engine';
import { parseSearch } from './protocol';
import { TypesenseEngine } from './typesense-engine';
import type { SearchDocument } from './schema';
import { typesenseTarget, type TypesenseServer } from '../../test/typesense-target';

/**
 * Issue 46: where the Typesense double (test/fake-typesense.ts) disagreed with Typesense 27.1, and the
 * numbers our filter parser read otherwise than 27.1. Each case names the line of 27.1's source (tag
 * v27.1 of typesense/typesense) it follows; on a real server (TYPESENSE_URL) the same cases run there.
 */

const clinic = (id: number, name: string, o: Record<string, unknown> = {}): SearchDocument => ({
  id: String(id), name, type: 'clinic', typeLabel: 'Clinic', services: [],
  professionalCount: 0, rating: 0, reviewCount: 0, isVerified: false, isApproved: true, ...o,
});

let server: TypesenseServer;
let engine: TypesenseEngine;
let prefix: string;
beforeAll(async () => {
  server = await typesenseTarget.start();
  const options = server.options('agree');
  prefix = options.prefix ?? '';
  engine = new TypesenseEngine(options);
  await engine.ensureCollections();
  await engine.upsert('institutions', [
    clinic(1, 'Ikeja Clinic', { location: [6.6018, 3.3515], professionalCount: 3, rating: 4.5, phone: '0801' }),
    clinic(2, 'Yaba Clinic', { location: [6.5095, 3.3711], professionalCount: 10, rating: 3 }),
    clinic(3, 'Nowhere Clinic', { professionalCount: 16, rating: 2 }),
  ]);
});
afterAll(async () => {
  await engine?.close();
  await server?.close();
});

/** One search straight to the server with the admin key, as it is (no defaults of ours). */
async function raw(search: Record<string, unknown>): Promise<SearchResult | SearchError> {
  const res = await fetch(`${server.url.split(',')[0]}/multi_search`, {
    method: 'POST',
    headers: { 'x-typesense-api-key': server.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ searches: [{ collection: `${prefix}institutions`, ...search }] }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { results: (SearchResult | SearchError)[] }).results[0];
}
const ids = (r: SearchResult | SearchError) => {
  if (isSearchError(r)) throw new Error(`${r.code} ${r.error}`);
  return r.hits.map((h) => h.document.id);
};
const code = (r: SearchResult | SearchError) => (isSearchError(r) ? r.code : 200);

describe('the double agrees with Typesense 27.1', () => {
  it('a filter on an `index: false` field is a 400, not a 404 (src/filter_result_iterator.cpp:901-903)', async () => {
    const r = await raw({ q: '*', filter_by: 'phone:=0801' });
    expect(code(r)).toBe(400);
    expect((r as SearchError).error).toBe('Cannot filter on non-indexed field `phone`.');
  });

  it('query_by on an `index: false` field is a 400 (src/collection.cpp:1912-1914)', async () => {
    const r = await raw({ q: 'clinic', query_by: 'phone' });
    expect(code(r)).toBe(400);
    expect((r as SearchError).error).toBe('Field `phone` is marked as a non-indexed field in the schema.');
  });

  it('a q other than `*` without query_by is refused, an empty one too (src/collection.cpp:1676-1678)', async () => {
    for (const q of ['clinic', '']) {
      const r = await raw({ q });
      expect({ q, code: code(r) }).toEqual({ q, code: 400 });
      expect((r as SearchError).error).toBe('No search fields specified for the query.');
    }
    expect(ids(await raw({ q: '*' })).sort()).toEqual(['1', '2', '3']);
  });

  it('page 0 is accepted and answered as page 1 (src/collection.cpp:2075, src/collection_manager.cpp:1732)', async () => {
    const r = await raw({ q: '*', page: 0, per_page: 2, sort_by: 'professionalCount:asc' });
    expect(ids(r)).toEqual(['1', '2']);
    expect((r as SearchResult).page).toBe(1);
  });

  it('a fourth sort field is a 400 (src/collection_manager.cpp:1600-1602), before any field is looked at', async () => {
    for (const sort_by of ['rating:desc,reviewCount:desc,professionalCount:asc,_text_match:desc', 'rating:desc,nosuch:asc,other:asc,more:asc']) {
      const r = await raw({ q: '*', sort_by });
      expect(code(r)).toBe(400);
      expect((r as SearchError).error).toBe('Only upto 3 sort fields are allowed.');
    }
    expect(code(await raw({ q: '*', sort_by: 'rating:desc,reviewCount:desc,professionalCount:asc' }))).toBe(200);
  });

  it('a geo sort takes `precision: X km` (src/collection.cpp:1356, 1410; src/index.cpp:5102-5105), and the hit keeps its own distance (src/collection.cpp:2663-2667)', async () => {
    const r = await raw({ q: '*', filter_by: 'location:(6.45, 3.39, 50 km)', sort_by: 'location(6.45, 3.39, precision: 20 km):asc,professionalCount:desc' });
    // Ikeja (17 km) and Yaba (7 km) fall in the same 20 km bucket: the second field orders them.
    expect(ids(r)).toEqual(['2', '1']);
    const metres = (r as SearchResult).hits.map((h) => h.geo_distance_meters?.location);
    expect(metres[0]).toBeGreaterThan(6000);
    expect(metres[0]).toBeLessThan(8000);
    expect(metres[1]).toBeGreaterThan(16000);
    expect(metres[1]).toBeLessThan(18000);
    expect(code(await raw({ q: '*', sort_by: 'location(6.45, 3.39, precision: 0 km):asc' }))).toBe(400);
    expect(code(await raw({ q: '*', sort_by: 'location(6.45, 3.39, precision: 2 ft):asc' }))).toBe(400);
  });

  it('a document without the geopoint gets 2147483647 m under a geo sort and comes first farthest-first (src/index.cpp:5065); the engine shows it no distance', async () => {
    const r = await raw({ q: '*', sort_by: 'location(6.45, 3.39):desc' });
    expect(ids(r)[0]).toBe('3');
    expect((r as SearchResult).hits[0].geo_distance_meters?.location).toBe(2147483647);
    const [mine] = await engine.multiSearch([{ collection: 'institutions', q: '*', sort_by: 'location(6.45, 3.39):desc' } as SearchRequest]);
    const hit = (mine as SearchResult).hits.find((h) => h.document.id === '3')!;
    expect(hit.geo_distance_meters?.location).toBeUndefined();
    expect(distanceKm(hit, { lat: 6.45, lng: 3.39 })).toBeUndefined();
    expect((mine as SearchResult).hits.filter((h) => h.document.id !== '3').every((h) => (h.geo_distance_meters?.location ?? 0) > 0)).toBe(true);
  });

  it('a radius above 10 km in the `(lat, lng, R km)` form is tested exactly: no exact_filter_radius param (src/filter.cpp:575-615; src/filter_result_iterator.cpp:1374)', async () => {
    // Due north of the point, 49.7 and 50.3 km on S2's Earth (111,195 m a degree of latitude).
    const north = (km: number): [number, number] => [6.45 + km / 111.19508, 3.39];
    await engine.upsert('institutions', [clinic(11, 'Within Clinic', { location: north(49.7) }), clinic(12, 'Beyond Clinic', { location: north(50.3) })]);
    const near = await raw({ q: '*', filter_by: 'location:(6.45, 3.39, 50 km) && professionalCount:=0', sort_by: 'location(6.45, 3.39):asc' });
    expect(ids(near)).toEqual(['11']);
    await engine.delete('institutions', ['11', '12']);
  });

  it('an integer past int32 on an int32 field is imported and held wrapped to 32 bits (src/validator.cpp:21-26; typesense#2798)', async () => {
    const past = 2 ** 31 + 5; // wraps to -2147483643
    const res = await fetch(`${server.url.split(',')[0]}/collections/${prefix}institutions/documents/import?action=upsert`, {
      method: 'POST',
      headers: { 'x-typesense-api-key': server.apiKey },
      body: JSON.stringify(clinic(9, 'Wrapped Clinic', { professionalCount: past })),
    });
    expect(res.status).toBe(200);
    expect(JSON.parse((await res.text()).trim())).toEqual({ success: true });
    expect(ids(await raw({ q: '*', filter_by: 'professionalCount:<0' }))).toEqual(['9']);
    expect(ids(await raw({ q: '*', filter_by: 'professionalCount:>100' }))).toEqual([]);
    await engine.delete('institutions', ['9']);
  });
});

describe('numbers in filters: our parser, the double and 27.1 alike (src/filter.cpp:7-27, include/string_utils.h:130-192)', () => {
  // [filter, accepted by 27.1, its message when refused]
  const cases: [string, boolean, string?][] = [
    ['professionalCount:=3', true],
    ['professionalCount:=+3', true],
    ['professionalCount:>=4.5', false, 'Error with filter field `professionalCount`: Not an int32.'],
    ['professionalCount:=1e1', false, 'Error with filter field `professionalCount`: Not an int32.'],
    ['professionalCount:=0x10', false, 'Error with filter field `professionalCount`: Not an int32.'],
    ['professionalCount:=[3,4.5]', false, 'Error with filter field `professionalCount`: Not an int32.'],
    ['professionalCount:<2147483648', false, 'Error with filter field `professionalCount`: `2147483648` exceeds the range of an int32.'],
    ['professionalCount:>-2147483648', true],
    ['nextSlot:<4.5', false, 'Error with filter field `nextSlot`: Not an int64.'],
    ['nextSlot:<1e10', false, 'Error with filter field `nextSlot`: Not an int64.'],
    ['nextSlot:<99999999999', true],
    ['rating:>=1e0', true],
    ['rating:>=0x1', true],
    ['rating:>=.5', true],
    ['rating:>=4.', true],
    ['rating:>=four', false, 'Error with filter field `rating`: Not a float.'],
    ['location:(6.45, 3.39, 1e-7 km)', true],
    ['location:(6.45, 3.39, 2.5e1 km)', true],
    ['location:(6.45, 3.39, 5 KM)', false, 'Unit must be either `km` or `mi`.'],
  ];
  it.each(cases)('%s: accepted %s', async (filter, accepted, message) => {
    let ours: string | true = true;
    try {
      parseSearch({ collection: 'institutions', q: '*', filter_by: filter });
    } catch (err) {
      ours = (err as Error).message;
    }
    const theirs = await raw({ q: '*', filter_by: filter });
    expect({ filter, theirs: code(theirs) }).toEqual({ filter, theirs: accepted ? 200 : 400 });
    expect({ filter, ours }).toEqual({ filter, ours: accepted ? true : message });
    if (!accepted) expect((theirs as SearchError).error).toBe(message);
  });

  it('radius 1e-7 km finds a document exactly at the point, and nothing beside it', async () => {
    await engine.upsert('institutions', [clinic(7, 'Right Here', { location: [6.45, 3.39] })]);
    const f = nearFilter({ lat: 6.45, lng: 3.39, radiusKm: 1e-7 });
    expect(f).toContain('1e-7 km');
    expect(ids(await raw({ q: '*', filter_by: f }))).toEqual(['7']);
    const [mine] = await engine.multiSearch([{ collection: 'institutions', q: '*', filter_by: f, sort_by: nearSort({ lat: 6.45, lng: 3.39 }) } as SearchRequest]);
    expect(ids(mine)).toEqual(['7']);
    await engine.delete('institutions', ['7']);
  });
});
