import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '@ilera/db';
import { createTestDatabase } from '../../test/support';
import { engineTargets } from '../../test/engine-targets';
import { isSearchError, nearFilter, nearSort, type SearchEngine, type SearchRequest, type SearchResult } from './engine';
import { typesenseSchema } from './typesense-engine';
import type { SearchDocument } from './schema';

/**
 * Near-me (issue 33, D23) on both engines: the same searches in Typesense's own syntax
 * (`filter_by=location:(lat, lng, R km)`, `sort_by=location(lat, lng):asc`), the same assertions,
 * on PostgresEngine and on TypesenseEngine against test/fake-typesense.ts (which searches as
 * Typesense 27.1 documents geosearch). Distances are checked against a haversine of our own.
 */

/** The patient, in Yaba (Lagos Mainland). */
const HERE = { lat: 6.5095, lng: 3.3711 };

/** Haversine on the mean earth radius, in km: the test's own measure. */
function km(a: { lat: number; lng: number }, b: readonly number[]): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b[0] - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b[0] * rad) * Math.sin(((b[1] - a.lng) * rad) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}

const inst = (id: number, name: string, o: Record<string, unknown>): SearchDocument => ({
  id: String(id),
  name,
  type: 'primary_health_centre',
  typeLabel: 'Primary Health Centre',
  services: [],
  city: 'Lagos',
  state: 'Lagos',
  professionalCount: 0,
  rating: 0,
  reviewCount: 0,
  isVerified: false,
  isApproved: true,
  ...o,
});

// Invented listings at real places: Yaba, Ebute Metta, Surulere, Ikeja, Lekki, Ikorodu, Abuja, and one with no location.
const institutions: SearchDocument[] = [
  inst(1, 'Ikeja General Hospital', { type: 'general_hospital', location: [6.6018, 3.3515], lga: 'Ikeja', ownership: 'Public', level: 'Secondary', rating: 4.5 }),
  inst(2, 'PHC Sabo Yaba', { location: [6.5105, 3.3725], lga: 'Lagos Mainland', ownership: 'Public', level: 'Primary', listed: true, rating: 2 }),
  inst(3, 'Lekki Private Clinic', { type: 'clinic', location: [6.4474, 3.4722], lga: 'Eti-Osa', ownership: 'Private', level: 'Primary', rating: 5 }),
  inst(4, 'Ikorodu General Hospital', { type: 'general_hospital', location: [6.6194, 3.5105], lga: 'Ikorodu', ownership: 'Public', level: 'Secondary', rating: 3 }),
  inst(5, 'Wuse District Hospital', { type: 'general_hospital', city: 'Abuja', state: 'FCT', location: [9.0765, 7.3986], lga: 'Abuja Municipal', ownership: 'Public', level: 'Secondary' }),
  inst(6, 'Clinic Without Coordinates', { type: 'clinic', lga: 'Lagos Mainland', ownership: 'Private', level: 'Primary', rating: 4 }),
  inst(7, 'Ebute Metta Health Post', { type: 'health_post', location: [6.4852, 3.3808], lga: 'Lagos Mainland', ownership: 'Public', level: 'Primary', listed: true, rating: 1 }),
  inst(8, 'Surulere Maternity', { type: 'maternity_home', location: [6.4966, 3.3545], lga: 'Surulere', ownership: 'Private', level: 'Primary', locationApproximate: true, rating: 3.5 }),
];
const where = new Map(institutions.map((d) => [d.id, d.location as number[] | undefined]));

const targets = engineTargets('near');

describe.each(targets)('near-me search: $name', (target) => {
  let db: { sql: Sql };
  let engine: SearchEngine;
  let close: () => Promise<void>;

  const search = async (s: Partial<SearchRequest>): Promise<SearchResult> => {
    const [r] = await engine.multiSearch([{ collection: 'institutions', q: '*', per_page: 50, ...s } as SearchRequest]);
    if (isSearchError(r)) throw new Error(`search failed: ${r.error}`);
    return r;
  };
  const ids = (r: SearchResult) => r.hits.map((h) => h.document.id);
  const within = (radiusKm: number) =>
    institutions.filter((d) => d.location && km(HERE, d.location as number[]) <= radiusKm).map((d) => d.id);

  beforeAll(async () => {
    db = await createTestDatabase();
    ({ engine, close } = await target.make(db.sql));
    await engine.ensureCollections();
    await engine.upsert('institutions', institutions);
  });
  afterAll(async () => {
    await close();
    await db.sql.end({ timeout: 2 });
  });

  it('sorts by true distance, nearest first, each hit with its distance in metres', async () => {
    const r = await search({ filter_by: nearFilter({ ...HERE, radiusKm: 25 }), sort_by: nearSort(HERE) });
    const expected = within(25).sort((a, b) => km(HERE, where.get(a)!) - km(HERE, where.get(b)!));
    expect(expected).toEqual(['2', '8', '7', '1', '3', '4']);
    expect(ids(r)).toEqual(expected);
    expect(r.found).toBe(expected.length);
    for (const h of r.hits) {
      const metres = h.geo_distance_meters?.location;
      expect(Number.isInteger(metres)).toBe(true);
      expect(Math.abs(metres! / 1000 - km(HERE, h.document.location as number[]))).toBeLessThan(0.05);
    }
  });

  it('keeps to the radius (km or miles)', async () => {
    expect((await search({ filter_by: nearFilter({ ...HERE, radiusKm: 5 }) })).hits.map((h) => h.document.id).sort()).toEqual(within(5).sort());
    expect(within(5).sort()).toEqual(['2', '7', '8']);
    const miles = await search({ filter_by: `location:(${HERE.lat}, ${HERE.lng}, 10 mi)`, sort_by: nearSort(HERE) });
    expect(ids(miles)).toEqual(['2', '8', '7', '1', '3']); // 16.1 km: not Ikorodu (19.4 km)
    expect((await search({ filter_by: nearFilter({ ...HERE, radiusKm: 500 }) })).found).toBe(6);
    expect((await search({ filter_by: nearFilter({ ...HERE, radiusKm: 600 }) })).found).toBe(7); // Abuja is 527 km away
  });

  it('gives distances in another order too, from the filter\'s point', async () => {
    const r = await search({ filter_by: nearFilter({ ...HERE, radiusKm: 25 }), sort_by: 'rating:desc' });
    expect(ids(r)).toEqual(['3', '1', '8', '4', '2', '7']);
    for (const h of r.hits) expect(Math.abs(h.geo_distance_meters!.location / 1000 - km(HERE, h.document.location as number[]))).toBeLessThan(0.05);
  });

  it('sorted by distance without a radius, a listing with no location comes last', async () => {
    const r = await search({ sort_by: nearSort(HERE) });
    expect(ids(r)).toEqual(['2', '8', '7', '1', '3', '4', '5', '6']);
  });

  it('combines the radius with other filters and counts the LGA, ownership and level facets inside it', async () => {
    const r = await search({
      filter_by: `${nearFilter({ ...HERE, radiusKm: 25 })} && ownership:=[\`Public\`]`,
      sort_by: nearSort(HERE),
      facet_by: 'lga,ownership,level',
    });
    expect(ids(r)).toEqual(['2', '7', '1', '4']);
    const facet = (f: string) => Object.fromEntries(r.facet_counts.find((c) => c.field_name === f)!.counts.map((c) => [c.value, c.count]));
    expect(facet('lga')).toEqual({ 'Lagos Mainland': 2, Ikeja: 1, Ikorodu: 1 });
    expect(facet('ownership')).toEqual({ Public: 4 });
    expect(facet('level')).toEqual({ Primary: 2, Secondary: 2 });
    const lga = await search({ filter_by: `${nearFilter({ ...HERE, radiusKm: 25 })} && lga:=[\`Lagos Mainland\`]`, sort_by: nearSort(HERE) });
    expect(ids(lga)).toEqual(['2', '7']);
  });
});

describe('Typesense collection schema for near-me', () => {
  it('has location as an optional geopoint and the LGA, ownership and level as facets', () => {
    const fields = typesenseSchema('institutions', 'x').fields as Record<string, unknown>[];
    const field = (name: string) => fields.find((f) => f.name === name);
    expect(field('location')).toEqual({ name: 'location', type: 'geopoint', facet: false, optional: true, index: true });
    for (const f of ['lga', 'ownership', 'level']) expect(field(f)).toMatchObject({ type: 'string', facet: true, optional: true, index: true });
    expect((typesenseSchema('professionals', 'y').fields as Record<string, unknown>[]).find((f) => f.name === 'location')).toMatchObject({ type: 'geopoint' });
  });
});
