import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '@ilera/db';
import { createTestDatabase } from '../../test/support';
import { isSearchError, type SearchRequest, type SearchResult } from './engine';
import { PostgresEngine } from './postgres-engine';
import type { SearchDocument } from './schema';

/**
 * Text within a radius, and nearest-first pages under a filter, on the PostgreSQL engine (issue 33,
 * docs/PERFORMANCE.md "Issue 33: text within a radius"): `found`, the facets and the pages must equal what
 * the test computes itself from the documents it wrote, with a haversine, for a text the bodies hold (a
 * word no main field has, by prefix), a text of the main fields, both together, and text-less pages
 * nearest first under a specialty filter.
 */

/** A deterministic spread of points around Lagos (6.52, 3.38), about 30 km either way. */
const rand = (i: number, salt: number) => {
  const x = Math.sin(i * 12.9898 + salt * 78.233) * 43758.5453;
  return x - Math.floor(x);
};
const SPECIALTIES = ['Cardiology', 'General Practice', 'Paediatrics', 'Dermatology'];
const LGAS = ['Ikeja', 'Surulere', 'Eti-Osa', 'Lagos Mainland', 'Alimosho'];
const N = 900;

function professional(i: number): SearchDocument {
  // 'clinic' is a main field's word (the institution); 'mammography' and 'yoruba' are in bios only.
  const bio = `${i % 5 === 0 ? 'Offers mammography screening.' : 'Offers antenatal care.'}${i % 3 === 0 ? ' Speaks Yoruba.' : ''}`;
  return {
    id: String(i),
    name: `Dr. Ada Okafor${i}`,
    firstName: 'Ada',
    lastName: `Okafor${i}`,
    professionalType: 'doctor',
    specialty: SPECIALTIES[i % SPECIALTIES.length],
    institution: i % 4 === 0 ? 'Harbour Clinic' : 'Lagoon Hospital',
    bio,
    city: 'Lagos',
    state: 'Lagos',
    countries: ['Nigeria'],
    lga: LGAS[(i * 7) % LGAS.length],
    yearsOfExperience: i % 20,
    rating: (i % 5) + 0.5,
    reviewCount: i % 9,
    isVerified: true,
    isApproved: true,
    // A few without a location: never within any radius.
    ...(i % 23 === 0 ? {} : { location: [6.52 + (rand(i, 1) * 2 - 1) * 0.28, 3.38 + (rand(i, 2) * 2 - 1) * 0.28] }),
  } as SearchDocument;
}

/** The haversine distance in km on the mean earth radius. */
function km(a: [number, number], b: [number, number]): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b[0] - a[0]) * rad) / 2) ** 2 + Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(((b[1] - a[1]) * rad) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The texts asked, and which documents each matches (as the test wrote them). */
const TEXTS: { q: string; matches: (d: SearchDocument & Record<string, unknown>) => boolean }[] = [
  // The bodies, by prefix (no main field holds either word).
  { q: 'mammography', matches: (d) => String(d.bio).includes('mammography') },
  { q: 'mammog', matches: (d) => String(d.bio).includes('mammography') },
  // The main fields.
  { q: 'clinic', matches: (d) => d.institution === 'Harbour Clinic' },
  // A main word and a bio word together: the bodies, every word.
  { q: 'clinic yoruba', matches: (d) => d.institution === 'Harbour Clinic' && String(d.bio).includes('Yoruba') },
];

const CIRCLES: [number, number, number][] = [
  [6.52, 3.38, 4],
  [6.5, 3.35, 9],
  [6.6, 3.45, 17],
  [6.45, 3.3, 33],
];

describe('text within a radius, and nearest-first pages under a filter (PostgreSQL engine)', () => {
  let db: { sql: Sql };
  let engine: PostgresEngine;
  // And the staff of two hospitals, each at its hospital's point: 30 at one (more than the walk's spare rows),
  // 5 at the other, so that a page's last distance is often shared.
  const staff = Array.from({ length: 35 }, (_, i) => ({
    ...professional(N + i),
    id: `h${i}`,
    specialty: 'Dermatology',
    location: i < 30 ? [6.531, 3.392] : [6.497, 3.361],
  }));
  const docs = [...Array.from({ length: N }, (_, i) => professional(i)), ...staff] as (SearchDocument & Record<string, unknown>)[];

  beforeAll(async () => {
    db = await createTestDatabase();
    engine = new PostgresEngine(db.sql);
    for (let i = 0; i < docs.length; i += 150) await engine.upsert('professionals', docs.slice(i, i + 150));
  });
  afterAll(async () => {
    await db.sql.end({ timeout: 2 });
  });

  /** The documents within a circle that pass `keep`, each with its distance, as the test computes them. */
  function within(lat: number, lng: number, radius: number, keep: (d: SearchDocument & Record<string, unknown>) => boolean) {
    const out: { d: SearchDocument & Record<string, unknown>; km: number }[] = [];
    for (const d of docs) {
      const at = d.location as [number, number] | undefined;
      if (!at || !keep(d)) continue;
      const dist = km([lat, lng], at);
      // No document so close to the edge that the engine's rounding and this haversine could disagree.
      expect(Math.abs(dist - radius)).toBeGreaterThan(0.0001);
      if (dist <= radius) out.push({ d, km: dist });
    }
    return out;
  }

  /** Facet counts as the API gives them (count, then value), from the documents. */
  function facet(rows: { d: Record<string, unknown> }[], field: string) {
    const counts = new Map<string, number>();
    for (const { d } of rows) counts.set(String(d[field]), (counts.get(String(d[field])) ?? 0) + 1);
    return [...counts.entries()].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1));
  }

  async function ask(search: SearchRequest): Promise<SearchResult> {
    const [answer] = await engine.multiSearch([search]);
    if (isSearchError(answer)) throw new Error(answer.error);
    return answer;
  }

  const byRating = (a: { d: Record<string, unknown> }, b: { d: Record<string, unknown> }) =>
    Number(b.d.rating) - Number(a.d.rating) || (String(a.d.id) < String(b.d.id) ? -1 : 1);

  it('counts and pages a text within a radius as the documents within it that hold the text', async () => {
    let nonEmpty = 0;
    for (const [lat, lng, radius] of CIRCLES) {
      for (const { q, matches } of TEXTS) {
        for (const filter of ['', ' && specialty:=[Cardiology, Paediatrics]']) {
          const keep = (d: SearchDocument & Record<string, unknown>) => matches(d) && (!filter || ['Cardiology', 'Paediatrics'].includes(String(d.specialty)));
          const expected = within(lat, lng, radius, keep);
          if (expected.length > 0) nonEmpty++;
          const base: SearchRequest = {
            collection: 'professionals',
            q,
            query_by: 'name,specialty,institution,bio',
            filter_by: `location:(${lat}, ${lng}, ${radius} km)${filter}`,
            facet_by: 'specialty,lga',
            max_facet_values: 50,
            per_page: 7,
          };
          const label = `${q} within ${radius} km of ${lat},${lng}${filter}`;
          // Relevance (no name matches these words: every match is of one tier, then rating) and nearest first, two pages each.
          for (const page of [1, 2]) {
            const relevance = await ask({ ...base, page, sort_by: '_text_match:desc,rating:desc' });
            expect({ label, found: relevance.found }).toEqual({ label, found: expected.length });
            const facets = Object.fromEntries(relevance.facet_counts.map((f) => [f.field_name, f.counts.map((c) => ({ value: c.value, count: c.count }))]));
            expect({ label, facets }).toEqual({ label, facets: { specialty: facet(expected, 'specialty'), lga: facet(expected, 'lga') } });
            expect({ label, page, ids: relevance.hits.map((h) => h.document.id) }).toEqual({
              label,
              page,
              ids: [...expected].sort(byRating).slice((page - 1) * 7, page * 7).map((x) => x.d.id),
            });

            const nearest = await ask({ ...base, page, sort_by: `location(${lat}, ${lng}):asc` });
            expect({ label, found: nearest.found }).toEqual({ label, found: expected.length });
            const sorted = [...expected].sort((a, b) => a.km - b.km || (String(a.d.id) < String(b.d.id) ? -1 : 1)).slice((page - 1) * 7, page * 7);
            expect({ label, page, ids: nearest.hits.map((h) => h.document.id) }).toEqual({ label, page, ids: sorted.map((x) => x.d.id) });
            // A hit's distance is Typesense 27.1's (a sphere of 3958.75 miles of 1609 m, truncated to metres: issue 46), the radius the mean one.
            nearest.hits.forEach((h, i) => expect(Math.abs((h.geo_distance_meters?.location ?? NaN) / 1000 - (sorted[i].km * 3958.75 * 1609) / 6371008.8)).toBeLessThan(0.002));
          }
        }
      }
    }
    // The texts and circles are not all empty: most of them hold matches.
    expect(nonEmpty).toBeGreaterThan(CIRCLES.length * TEXTS.length);
  });

  it('pages nearest first under a specialty filter, text-less, as the documents within the radius in distance order', async () => {
    const byId = (a: { d: Record<string, unknown> }, b: { d: Record<string, unknown> }) => (String(a.d.id) < String(b.d.id) ? -1 : 1);
    for (const [lat, lng, radius] of [...CIRCLES, [6.531, 3.392, 5] as [number, number, number]]) {
      const found = within(lat, lng, radius, (d) => d.specialty === 'Dermatology');
      // Nearest first, then the id (multi_search's `location(...):asc`); and then the rating (the API's sort=distance).
      const orders: [string, (a: (typeof found)[number], b: (typeof found)[number]) => number][] = [
        [`location(${lat}, ${lng}):asc`, (a, b) => a.km - b.km || byId(a, b)],
        [`location(${lat}, ${lng}):asc,rating:desc`, (a, b) => a.km - b.km || Number(b.d.rating) - Number(a.d.rating) || byId(a, b)],
      ];
      for (const [sort_by, order] of orders) {
        const expected = [...found].sort(order);
        for (let page = 1; (page - 1) * 6 <= expected.length; page++) {
          const answer = await ask({
            collection: 'professionals',
            q: '*',
            filter_by: `location:(${lat}, ${lng}, ${radius} km) && specialty:=[Dermatology]`,
            sort_by,
            facet_by: 'lga',
            per_page: 6,
            page,
          });
          const label = `${sort_by} within ${radius} km, page ${page}`;
          expect({ label, found: answer.found }).toEqual({ label, found: expected.length });
          expect({ label, ids: answer.hits.map((h) => h.document.id) }).toEqual({ label, ids: expected.slice((page - 1) * 6, page * 6).map((x) => x.d.id) });
        }
      }
    }
  });
});
