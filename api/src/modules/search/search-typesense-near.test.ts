import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutionSearchQuerySchema } from '@ilera/contracts';
import { TypesenseEngine, type SearchDocument } from '@ilera/search';
import { multiSearch, searchInstitutions } from './search.service';
import { fakeTypesense } from '../../../../test/fake-typesense';

/**
 * Near-me (issue 33, D23) through the API's searches on the Typesense engine, against the fake
 * Typesense that searches as Typesense documents geosearch (test/fake-typesense.ts): the REST
 * search's near/radius/sort=distance and distanceKm, its LGA facet inside the radius, "clinic near
 * me" understood, and multi_search in Typesense's own syntax with geo_distance_meters. Distances
 * are checked against the test's own haversine.
 */
const YABA = { lat: 6.5095, lng: 3.3711 };

function km(a: { lat: number; lng: number }, b: readonly number[]): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b[0] - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b[0] * rad) * Math.sin(((b[1] - a.lng) * rad) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}

const listing = (id: number, name: string, type: string, location: [number, number] | undefined, lga: string, state = 'Lagos'): SearchDocument => ({
  id: String(id),
  name,
  type,
  typeLabel: type,
  services: [],
  city: state,
  state,
  professionalCount: 0,
  rating: id % 5,
  reviewCount: 0,
  isVerified: false,
  isApproved: true,
  bookingMode: 'directory',
  listed: true,
  ownership: 'Public',
  level: type === 'general_hospital' ? 'Secondary' : 'Primary',
  lga,
  ...(location ? { location } : {}),
});

const docs = [
  listing(1, 'PHC Sabo', 'primary_health_centre', [6.5105, 3.3725], 'Lagos Mainland'),
  listing(2, 'Surulere Family Clinic', 'clinic', [6.4966, 3.3545], 'Surulere'),
  listing(3, 'Ebute Metta Health Post', 'health_post', [6.4852, 3.3808], 'Lagos Mainland'),
  listing(4, 'PHC Ketu', 'primary_health_centre', [6.5972, 3.3892], 'Kosofe'),
  listing(5, 'Ikorodu General Hospital', 'general_hospital', [6.6194, 3.5105], 'Ikorodu'),
  listing(6, 'Wuse Clinic', 'clinic', [9.0765, 7.3986], 'Abuja Municipal', 'FCT'),
  listing(7, 'Clinic Without Coordinates', 'clinic', undefined, 'Lagos Mainland'),
];
const at = new Map(docs.map((d) => [d.id, d.location as number[] | undefined]));

describe('Typesense engine: near-me through the API', () => {
  let typesense: Awaited<ReturnType<typeof fakeTypesense>>;
  let engine: TypesenseEngine;

  beforeAll(async () => {
    typesense = await fakeTypesense();
    engine = new TypesenseEngine({ url: typesense.url, apiKey: 'test-key', prefix: 'apinear_' });
    await engine.ensureCollections();
    await engine.upsert('institutions', docs);
  });
  afterAll(async () => {
    await engine.close();
    await typesense.close();
  });

  const query = (q: Record<string, string>) => institutionSearchQuerySchema.parse({ perPage: '50', ...q });

  it('near, radius and sort=distance: hits within the radius, nearest first, each with distanceKm', async () => {
    const answer = await searchInstitutions(engine, query({ near: `${YABA.lat},${YABA.lng}`, radius: '15', sort: 'distance' }));
    const within = docs.filter((d) => d.location && km(YABA, d.location as number[]) <= 15).sort((a, b) => km(YABA, a.location as number[]) - km(YABA, b.location as number[]));
    expect(within.map((d) => d.id)).toEqual(['1', '2', '3', '4']);
    expect(answer.hits.map((h) => h.id)).toEqual(within.map((d) => d.id));
    expect(answer.found).toBe(4);
    for (const h of answer.hits) expect(Math.abs((h.distanceKm as number) - km(YABA, at.get(h.id as string)!))).toBeLessThanOrEqual(0.1);
    // The LGA facet counts what is inside the radius.
    expect(Object.fromEntries(answer.facets.lga.map((f) => [f.value, f.count]))).toEqual({ 'Lagos Mainland': 2, Surulere: 1, Kosofe: 1 });
  });

  it('gives distanceKm in another order too (default radius 25 km)', async () => {
    const answer = await searchInstitutions(engine, query({ near: `${YABA.lat},${YABA.lng}`, sort: 'rating' }));
    expect(answer.hits.map((h) => h.id).sort()).toEqual(['1', '2', '3', '4', '5']);
    for (const h of answer.hits) expect(Math.abs((h.distanceKm as number) - km(YABA, at.get(h.id as string)!))).toBeLessThanOrEqual(0.1);
  });

  it('"clinic near me" is understood (clinics, and the device asked for), and near a point finds the clinics there', async () => {
    const answer = await searchInstitutions(engine, query({ query: 'clinic near me', near: `${YABA.lat},${YABA.lng}`, sort: 'distance' }));
    expect(answer.understood.map((u) => `${u.field}=${u.value}`)).toEqual(['type=clinic', 'near=device']);
    expect(answer.hits.map((h) => h.id)).toEqual(['1', '2', '3', '4']);
  });

  it('multi_search in Typesense syntax answers with geo_distance_meters, as Typesense does', async () => {
    const { results } = await multiSearch(engine, {
      searches: [
        {
          collection: 'institutions',
          q: 'clinic in lagos mainland',
          filter_by: `location:(${YABA.lat}, ${YABA.lng}, 25 km)`,
          sort_by: `location(${YABA.lat}, ${YABA.lng}):asc`,
        },
      ],
    });
    const r = results[0] as unknown as { hits: { document: SearchDocument; geo_distance_meters: { location: number } }[]; understood: { field: string }[] };
    expect(r.understood.map((u) => u.field)).toEqual(['type', 'lga']);
    expect(r.hits.map((h) => h.document.id)).toEqual(['1', '3']);
    for (const h of r.hits) expect(Math.abs(h.geo_distance_meters.location / 1000 - km(YABA, h.document.location as number[]))).toBeLessThan(0.05);
    const sent = typesense.requests.filter((q) => q.url.startsWith('/multi_search')).at(-1)!.body.searches[0];
    expect(sent).toMatchObject({ collection: 'apinear_institutions', sort_by: `location(${YABA.lat}, ${YABA.lng}):asc` });
    expect(sent.filter_by).toContain(`location:(${YABA.lat}, ${YABA.lng}, 25 km)`);
  });
});
