import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '@ilera/db';
import { createTestDatabase } from '../../test/support';
import { keptAndRecounted as recountedRows } from '../../test/recount';
import { isSearchError, type SearchRequest } from './engine';
import { cellRadius } from './postgres-counts';
import { PostgresEngine } from './postgres-engine';
import { cellCover } from './postgres-geo';
import { parseSearch } from './protocol';
import type { SearchDocument } from './schema';

/**
 * An institution near-me search under a level, an ownership or an LGA with array facets (issue 33):
 * counted from the cells' pair rows (migration 046) and the edge's documents. The counts must equal
 * counting every document within the radius, before and after the index worker's writes, and the pair
 * rows the trigger keeps must equal a recount from the documents (and a full reindex's).
 */

const rand = (i: number, salt: number) => {
  const x = Math.sin(i * 12.9898 + salt * 78.233) * 43758.5453;
  return x - Math.floor(x);
};
const TOWNS = ['Lagos', 'Ikeja', 'Lekki', 'Yaba'];
const LGAS = ['Ikeja', 'Surulere', 'Eti-Osa', 'Alimosho'];
const SERVICES = ['Maternity', 'Dialysis', 'Radiology', 'Pharmacy', 'Dental'];
const TYPES = ['hospital', 'clinic', 'pharmacy'];

/**
 * Register listings (an ownership and a level, no services) and owned institutions (services), and some
 * with both, as a real hospital may have; a few without a location.
 */
function institution(i: number, variant = 0): SearchDocument {
  const v = i + variant;
  const register = v % 3 !== 0;
  const both = v % 7 === 0;
  return {
    id: `i${i}`,
    name: `Institution ${i}`,
    type: TYPES[v % TYPES.length],
    typeLabel: 'Institution',
    services: register && !both ? [] : SERVICES.filter((_, k) => (v + k) % 3 !== 0 || k === v % 5),
    city: TOWNS[i % TOWNS.length],
    state: 'Lagos',
    lga: LGAS[(i * 3 + variant) % LGAS.length],
    ...(register || both ? { ownership: v % 2 ? 'Public' : 'Private', level: ['Primary', 'Secondary', 'Tertiary'][v % 3] } : {}),
    professionalCount: i % 4,
    rating: i % 5,
    reviewCount: i % 3,
    isVerified: i % 4 !== 0,
    isApproved: true,
    // Slots on four days for most owned institutions (a register listing is not bookable), the both kind Primary.
    ...((!register || both) && v % 4 !== 1 ? { nextSlot: midnight((v % 4) - 1) + (i % 24) * 3600 } : {}),
    ...(v % 19 !== 0 ? { location: [6.52 + (rand(i, 1 + variant) * 2 - 1) * 0.28, 3.38 + (rand(i, 2 + variant) * 2 - 1) * 0.28] } : {}),
  } as SearchDocument;
}

/** Lagos midnights (UTC+1) from 1 December 2026. */
const LAGOS_DEC_1 = Date.UTC(2026, 11, 1) / 1000 - 3600;
const midnight = (k: number) => LAGOS_DEC_1 + k * 86400;

const CIRCLES: [number, number, number][] = [
  [6.52, 3.38, 6],
  [6.5, 3.35, 9],
  [6.45, 3.3, 31],
];

const searches = (lat: number, lng: number, km: number): SearchRequest[] => {
  const near = `location:(${lat}, ${lng}, ${km} km)`;
  const facets = { facet_by: 'type,lga,ownership,level,services', max_facet_values: 50, per_page: 0 };
  return [
    { collection: 'institutions', q: '*', filter_by: `${near} && ownership:=[Public]`, ...facets },
    { collection: 'institutions', q: '*', filter_by: `${near} && level:=[Secondary]`, ...facets },
    { collection: 'institutions', q: '*', filter_by: `${near} && lga:=[Ikeja]`, ...facets },
    // A short key list, a long one (every key), and facets without the filter's own field.
    { collection: 'institutions', q: '*', filter_by: `${near} && type:=[clinic] && ownership:=[Private]`, ...facets },
    { collection: 'institutions', q: '*', filter_by: `${near} && isApproved:=true && level:=[Tertiary]`, ...facets },
    { collection: 'institutions', q: '*', filter_by: `${near} && lga:=[Surulere]`, facet_by: 'services,level', max_facet_values: 50, per_page: 0 },
    // With its page, as the search page asks (counted first).
    { collection: 'institutions', q: '*', filter_by: `${near} && ownership:=[Public]`, facet_by: 'services,lga', sort_by: `location(${lat}, ${lng}):asc`, per_page: 5 },
  ];
};

describe('near-me counts under a small array field with array facets, from the cells\' pairs (PostgreSQL engine)', () => {
  let db: { sql: Sql };
  let engine: PostgresEngine;

  /** Each search's counts as the engine gives them (from the cells: cellRadius), and counted over the documents within the radius. */
  async function compare() {
    let slotted = 0;
    for (const [lat, lng, km] of CIRCLES) {
      expect(cellCover(lat, lng, km).cells.length).toBeGreaterThan(0);
      let found = 0;
      for (const raw of searches(lat, lng, km)) {
        const s = parseSearch(raw);
        const [r] = await engine.resolve([s]);
        expect(cellRadius(s, r)).toBeDefined();
        const live = await engine.counts(s, r, { live: true });
        if (live.found > 0) found++;
        const [answer] = await engine.multiSearch([raw]);
        if (isSearchError(answer)) throw new Error(answer.error);
        expect({ raw, found: answer.found, facets: answer.facet_counts }).toEqual({ raw, found: live.found, facets: live.facets });
      }
      // Most of them find institutions there (a clinic's private ones may be none in the smallest circle).
      expect(found).toBeGreaterThanOrEqual(searches(lat, lng, km).length - 1);
      // The search page's availability windows under the value, with the page they belong to (one multi_search):
      // a value whose documents have slots, and values whose documents have none (Tertiary: register listings).
      for (const value of ['level:=[Primary]', 'level:=[Tertiary]', 'ownership:=[Public]', 'lga:=[Ikeja]']) {
        const near = `location:(${lat}, ${lng}, ${km} km) && ${value}`;
        const page: SearchRequest = { collection: 'institutions', q: '*', filter_by: near, facet_by: 'services,lga,level', per_page: 5 };
        const windows = [0, 2, 6].map((k): SearchRequest => ({ collection: 'institutions', q: '*', filter_by: `${near} && nextSlot:<${midnight(k)}`, per_page: 0 }));
        const answers = await engine.multiSearch([page, ...windows]);
        for (const [i, raw] of [page, ...windows].entries()) {
          const a = answers[i];
          if (isSearchError(a)) throw new Error(a.error);
          const s = parseSearch(raw);
          const [r] = await engine.resolve([s]);
          const live = await engine.counts(s, r, { live: true });
          expect({ raw, found: a.found, facets: a.facet_counts }).toEqual({ raw, found: live.found, facets: live.facets });
          if (i > 0) slotted += live.found;
        }
      }
    }
    expect(slotted).toBeGreaterThan(0);
  }

  /** The pair rows as the trigger keeps them, and as a recount from the documents makes them (rolled back). */
  const keptAndRecounted = () =>
    recountedRows(
      db.sql,
      (sql) => sql`SELECT collection, tag, size, cell, key_id, arr_field, arr_value, count FROM search_cube_cell_pairs ORDER BY 1, 2, 3, 4, 5, 6, 7`,
      (tx) => tx`SELECT search_recount_cells('institutions')`,
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    engine = new PostgresEngine(db.sql);
    engine.denseCells.threshold = 0;
    const docs = Array.from({ length: 900 }, (_, i) => institution(i));
    for (let i = 0; i < docs.length; i += 150) await engine.upsert('institutions', docs.slice(i, i + 150));
  });
  afterAll(async () => {
    await db.sql.end({ timeout: 2 });
  });

  it('counts found and every facet as counting the documents within the radius does, and keeps the pairs a recount gives', async () => {
    const { kept, recounted } = await keptAndRecounted();
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(recounted);
    for (const threshold of [0, Infinity]) {
      engine.denseCells.threshold = threshold;
      await compare();
    }
    engine.denseCells.threshold = 0;
  });

  it('keeps the pairs true under the index worker\'s writes: moves, other values, no location, deletes, a full reindex', async () => {
    await engine.upsert('institutions', Array.from({ length: 300 }, (_, i) => institution(i * 3, 1)));
    await engine.delete('institutions', Array.from({ length: 40 }, (_, i) => `i${i * 11 + 2}`));
    const { kept, recounted } = await keptAndRecounted();
    expect(kept).toEqual(recounted);
    await compare();
    const docs = await engine.exportAll('institutions');
    await engine.replaceAll('institutions', (async function* () {
      yield docs;
    })());
    expect((await keptAndRecounted()).kept).toEqual(kept);
    await compare();
  });

  it('reads the pairs: a count put into a pair row of a cell wholly inside the circle shows in the facet', async () => {
    const [lat, lng, km] = CIRCLES[2];
    const cover = cellCover(lat, lng, km);
    const raw: SearchRequest = { collection: 'institutions', q: '*', filter_by: `location:(${lat}, ${lng}, ${km} km) && lga:=[Ikeja]`, facet_by: 'services', max_facet_values: 50, per_page: 0 };
    const s = parseSearch(raw);
    const [r] = await engine.resolve([s]);
    const before = (await engine.counts(s, r)).facets[0].counts;
    const [row] = await db.sql<{ value: string }[]>`
      UPDATE search_cube_cell_pairs SET count = count + 1000
      WHERE (collection, tag, size, cell, key_id, arr_field, arr_value) = (
        SELECT collection, tag, size, cell, key_id, arr_field, arr_value FROM search_cube_cell_pairs
        WHERE collection = 'institutions' AND tag = 'lga:Ikeja' AND arr_field = 'services'
          AND (size, cell) IN (SELECT * FROM unnest(${cover.sizes}::smallint[], ${cover.cells}::int[])) LIMIT 1)
      RETURNING arr_value AS value`;
    expect(row).toBeDefined();
    try {
      const after = (await engine.counts(s, r)).facets[0].counts;
      const n = (counts: typeof before) => counts.find((c) => c.value === row.value)?.count ?? 0;
      expect(n(after)).toBe(n(before) + 1000);
    } finally {
      await db.sql`UPDATE search_cube_cell_pairs SET count = count - 1000 WHERE count >= 1000`;
    }
  });
});
