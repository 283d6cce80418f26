import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '@ilera/db';
import { createTestDatabase } from '../../test/support';
import { isSearchError, type SearchRequest, type SearchResult } from './engine';
import { PostgresEngine } from './postgres-engine';
import { cellCover, cellId, chordOfKm, FINE_CELLS, LARGE_CELLS, SMALL_CELLS } from './postgres-geo';
import { parseSearch } from './protocol';
import type { SearchDocument } from './schema';

/**
 * A near-me search's counts from the cells of its circle (migration 039, decision 032): the cells
 * wholly inside summed, the documents of the cells the edge crosses counted one by one. They must
 * equal counting every document within the radius, for every kind of search the cells answer, after
 * the index worker's writes (moves, new keys and values, next slots on other days, deletes), and the
 * rows the triggers keep must equal a recount from the documents.
 */

/** A deterministic spread of points around Lagos (6.52, 3.38), about 30 km either way. */
const rand = (i: number, salt: number) => {
  const x = Math.sin(i * 12.9898 + salt * 78.233) * 43758.5453;
  return x - Math.floor(x);
};
/** Six towns: 4 kinds x 6 towns x verified or not is 48 keys, more than a short key list (keysCond). */
const CITIES = ['Lagos', 'Ikeja', 'Lekki', 'Yaba', 'Surulere', 'Ikorodu'];
const LGAS = ['Ikeja', 'Surulere', 'Eti-Osa', 'Lagos Mainland', 'Alimosho'];
const KINDS = [
  ['doctor', 'Cardiology'],
  ['doctor', 'General Practice'],
  ['nurse', 'Midwifery'],
  ['pharmacist', 'Community Pharmacy'],
];
/** Lagos midnights (UTC+1) from 1 December 2026. */
const LAGOS_DEC_1 = Date.UTC(2026, 11, 1) / 1000 - 3600;
const midnight = (k: number) => LAGOS_DEC_1 + k * 86400;

function professional(i: number, variant = 0): SearchDocument {
  const [professionalType, specialty] = KINDS[(i + variant) % KINDS.length];
  const located = (i + variant) % 17 !== 0;
  return {
    id: String(i),
    name: `Dr. Ada ${i}`,
    firstName: 'Ada',
    lastName: `Okafor${i}`,
    professionalType,
    specialty,
    city: CITIES[i % CITIES.length],
    state: 'Lagos',
    countries: i % 4 === 0 ? ['Nigeria', 'Ghana'] : ['Nigeria'],
    lga: LGAS[(i * 7 + variant) % LGAS.length],
    yearsOfExperience: i % 20,
    rating: (i % 5) + 0.5,
    reviewCount: i % 9,
    isVerified: i % 3 !== 0,
    isApproved: true,
    ...(located ? { location: [6.52 + (rand(i, 1 + variant) * 2 - 1) * 0.28, 3.38 + (rand(i, 2 + variant) * 2 - 1) * 0.28] } : {}),
    ...((i + variant) % 5 ? { nextSlot: midnight(((i + variant) % 4) - 1) + (i % 24) * 3600 } : {}),
  } as SearchDocument;
}

/** The 48 cell (the `cell` column) a 192 cell lies in. */
function toSmall(id: number): number {
  const row = Math.floor(id / 70000);
  const col = id - row * 70000 - 35000;
  return cellId(SMALL_CELLS, Math.floor(row / 4), Math.floor(col / 4));
}

const CIRCLES: [number, number, number][] = [
  [6.52, 3.38, 3],
  [6.5, 3.35, 9],
  [6.6, 3.45, 17],
  [6.45, 3.3, 31],
];

describe('near-me counts from the cells of the circle (PostgreSQL engine)', () => {
  let db: { sql: Sql };
  let engine: PostgresEngine;

  const searches = (lat: number, lng: number, km: number): SearchRequest[] => {
    const near = `location:(${lat}, ${lng}, ${km} km)`;
    return [
      { collection: 'professionals', q: '*', filter_by: near, facet_by: 'professionalType,specialty,lga,countries', max_facet_values: 50, per_page: 0 },
      { collection: 'professionals', q: '*', filter_by: `${near} && specialty:=[Cardiology, Midwifery]`, facet_by: 'professionalType,lga,countries', max_facet_values: 50, per_page: 0 },
      { collection: 'professionals', q: '*', filter_by: `${near} && lga:=[Surulere]`, facet_by: 'professionalType,specialty', max_facet_values: 50, per_page: 0 },
      { collection: 'professionals', q: '*', filter_by: `${near} && nextSlot:<${midnight(1)}`, facet_by: 'specialty', max_facet_values: 50, per_page: 0 },
      { collection: 'professionals', q: '*', filter_by: `${near} && isVerified:=true && nextSlot:<${midnight(0)}`, per_page: 0 },
      // Every key (a long key list), and an array filter with array facets (not the cells': the cell index's documents).
      { collection: 'professionals', q: '*', filter_by: `${near} && isApproved:=true`, facet_by: 'specialty,lga', max_facet_values: 50, per_page: 0 },
      { collection: 'professionals', q: '*', filter_by: `${near} && lga:=[Surulere]`, facet_by: 'lga,countries,specialty', max_facet_values: 50, per_page: 0 },
    ];
  };

  /** Each search's counts as the engine gives them, and counted over the documents within the radius. */
  async function compare(): Promise<number> {
    let fromCells = 0;
    for (const [lat, lng, km] of CIRCLES) {
      const cover = cellCover(lat, lng, km);
      if (cover.cells.length > 0) fromCells++;
      for (const raw of searches(lat, lng, km)) {
        const s = parseSearch(raw);
        const [r] = await engine.resolve([s]);
        const counted = await engine.counts(s, r);
        const live = await engine.counts(s, r, { live: true });
        expect({ raw, found: counted.found, facets: counted.facets }).toEqual({ raw, found: live.found, facets: live.facets });
      }
      // The search page's availability windows (count-only searches alike but for the bound), in one multi_search.
      const windows = [0, 2, 6].map((k): SearchRequest => ({
        collection: 'professionals',
        q: '*',
        filter_by: `location:(${lat}, ${lng}, ${km} km) && specialty:=[General Practice, Cardiology] && nextSlot:<${midnight(k)}`,
        per_page: 0,
      }));
      // Alone, and with the page they belong to (the search page sends them so: counted with its counts).
      const page: SearchRequest = {
        collection: 'professionals',
        q: '*',
        filter_by: `location:(${lat}, ${lng}, ${km} km) && specialty:=[General Practice, Cardiology]`,
        facet_by: 'lga',
        sort_by: `location(${lat}, ${lng}):asc`,
        per_page: 5,
      };
      const alone = await engine.multiSearch(windows);
      const [pageAnswer, ...withPage] = await engine.multiSearch([page, ...windows]);
      if (isSearchError(pageAnswer)) throw new Error(pageAnswer.error);
      const ps = parseSearch(page);
      const [pr] = await engine.resolve([ps]);
      const pageLive = await engine.counts(ps, pr, { live: true });
      expect({ found: pageAnswer.found, facets: pageAnswer.facet_counts }).toEqual({ found: pageLive.found, facets: pageLive.facets });
      for (const [i, raw] of windows.entries()) {
        const a = alone[i];
        expect(withPage[i]).toEqual(expect.objectContaining({ found: (a as SearchResult).found }));
        if (isSearchError(a)) throw new Error(a.error);
        const s = parseSearch(raw);
        const [r] = await engine.resolve([s]);
        expect((a as SearchResult).found).toBe((await engine.counts(s, r, { live: true })).found);
      }
    }
    return fromCells;
  }

  /** The cells' rows as the triggers keep them, and as a recount from the documents makes them. */
  async function keptAndRecounted() {
    const read = async () => ({
      cells: await db.sql`SELECT collection, size, cell, key_id, arr_field, arr_value, count FROM search_cube_cells ORDER BY 1, 2, 3, 4, 5, 6`,
      days: await db.sql`SELECT collection, size, cell, key_id, day::text, count FROM search_cube_cell_days ORDER BY 1, 2, 3, 4, 5`,
    });
    const kept = await read();
    let recounted: Awaited<ReturnType<typeof read>> | undefined;
    await db.sql
      .begin(async (tx) => {
        await tx`SELECT search_recount_cells('professionals')`;
        recounted = {
          cells: await tx`SELECT collection, size, cell, key_id, arr_field, arr_value, count FROM search_cube_cells ORDER BY 1, 2, 3, 4, 5, 6`,
          days: await tx`SELECT collection, size, cell, key_id, day::text, count FROM search_cube_cell_days ORDER BY 1, 2, 3, 4, 5`,
        };
        throw new Error('rollback');
      })
      .catch((e: Error) => {
        if (e.message !== 'rollback') throw e;
      });
    return { kept: { cells: [...kept.cells], days: [...kept.days] }, recounted: { cells: [...recounted!.cells], days: [...recounted!.days] } };
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    engine = new PostgresEngine(db.sql);
    // Every cell the edge crosses split into cells of 192 (few documents here are dense; see the thresholds below).
    engine.denseCells.threshold = 0;
    // Written in batches, as the index worker writes them: the per-row triggers keep the cells.
    const docs = Array.from({ length: 1200 }, (_, i) => professional(i));
    for (let i = 0; i < docs.length; i += 150) await engine.upsert('professionals', docs.slice(i, i + 150));
  });
  afterAll(async () => {
    await db.sql.end({ timeout: 2 });
  });

  it('counts found, key and array facets, and availability windows within a radius as counting the documents does', async () => {
    const rows = await db.sql<{ size: number; n: number }[]>`SELECT size, count(*)::int AS n FROM search_cube_cells GROUP BY size ORDER BY size`;
    expect(rows.map((x) => x.size)).toEqual([12, 48, 192]);
    // Every circle has cells wholly inside it (the 3 km one, cells of 192 a degree): those counts come from the cells;
    // with the edge's cells split everywhere, nowhere (edge documents from the 48 cells) and where dense.
    for (const threshold of [0, Infinity, 3]) {
      engine.denseCells.threshold = threshold;
      expect(await compare()).toBe(CIRCLES.length);
    }
    engine.denseCells.threshold = 0;
  });

  it('keeps the cells true under the index worker\'s writes: moves, new keys and values, next slots, deletes', async () => {
    // Moved (a new point), another specialty and LGA, a next slot on another day, or none, or no location.
    await engine.upsert('professionals', Array.from({ length: 400 }, (_, i) => professional(i * 3, 1)));
    // A booking that moves a next slot within its day changes no count; one that moves it to another day does.
    await engine.upsert('professionals', [{ ...professional(5), nextSlot: midnight(2) + 100 }]);
    await engine.delete('professionals', Array.from({ length: 60 }, (_, i) => String(i * 7 + 1)));
    const { kept, recounted } = await keptAndRecounted();
    expect(kept.cells.length).toBeGreaterThan(0);
    expect(kept).toEqual(recounted);
    for (const threshold of [0, 3]) {
      engine.denseCells.threshold = threshold;
      await compare();
    }
    engine.denseCells.threshold = 0;
  });

  it('pages within a radius in rating order, whether it ranks the radius\'s documents or walks the rating index', async () => {
    const rad = Math.PI / 180;
    const arc = (a: number[], lat: number, lng: number) =>
      2 * 6371.0088 * Math.asin(Math.sqrt(Math.sin(((a[0] - lat) * rad) / 2) ** 2 + Math.cos(lat * rad) * Math.cos(a[0] * rad) * Math.sin(((a[1] - lng) * rad) / 2) ** 2));
    const docs = await engine.exportAll('professionals');
    for (const [lat, lng, km] of CIRCLES) {
      const within = docs
        .filter((d) => Array.isArray(d.location) && arc(d.location as number[], lat, lng) <= km)
        .sort((a, b) => Number(b.rating) - Number(a.rating) || Number(b.reviewCount) - Number(a.reviewCount) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      // One hit a page: with more than a few hundred documents within, the rating index is walked.
      // With a facet, the keys within the radius are known from the counts and each key's rows are walked.
      for (const [page, perPage, facet] of [[1, 1, ''], [3, 1, ''], [1, 20, ''], [2, 50, ''], [1, 20, 'specialty'], [2, 7, 'lga']] as const) {
        const [res] = await engine.multiSearch([{ collection: 'professionals', q: '*', filter_by: `location:(${lat}, ${lng}, ${km} km)`, sort_by: 'rating:desc,reviewCount:desc', page, per_page: perPage, ...(facet ? { facet_by: facet } : {}) }]);
        if (isSearchError(res)) throw new Error(res.error);
        expect({ km, page, perPage, ids: res.hits.map((h) => h.document.id) }).toEqual({ km, page, perPage, ids: within.slice((page - 1) * perPage, page * perPage).map((d) => d.id) });
        expect(res.found).toBe(within.length);
      }
    }
  });

  it('reads the cells: a count put into a cell wholly inside the circle shows in found, of the large grid and of the fine one', async () => {
    for (const [[lat, lng, km], size] of [[CIRCLES[3], LARGE_CELLS], [CIRCLES[0], FINE_CELLS]] as const) {
      const cover = cellCover(lat, lng, km);
      const cells = cover.cells.filter((_, i) => cover.sizes[i] === size);
      expect(cells.length).toBeGreaterThan(0);
      const s = parseSearch({ collection: 'professionals', q: '*', filter_by: `location:(${lat}, ${lng}, ${km} km)`, per_page: 0 });
      const [r] = await engine.resolve([s]);
      const before = (await engine.counts(s, r)).found;
      const [row] = await db.sql<{ key_id: number }[]>`
        UPDATE search_cube_cells SET count = count + 1000
        WHERE (collection, size, cell, key_id, arr_field, arr_value) = (
          SELECT collection, size, cell, key_id, arr_field, arr_value FROM search_cube_cells
          WHERE collection = 'professionals' AND size = ${size} AND cell = ANY(${cells}::int[]) AND arr_field = '' LIMIT 1)
        RETURNING key_id`;
      expect(row).toBeDefined();
      try {
        expect((await engine.counts(s, r)).found).toBe(before + 1000);
        expect((await engine.counts(s, r, { live: true })).found).toBe(before);
      } finally {
        await db.sql`UPDATE search_cube_cells SET count = count - 1000 WHERE count >= 1000`;
      }
    }
  });

  it('puts every document within the radius in exactly one cell of the cover, however the edge cells are split', async () => {
    for (const [lat, lng, km] of CIRCLES) {
      // Split every cell the edge crosses, none, or some (the engine splits the dense ones: postgres-cells.ts).
      for (const refine of [() => true, () => false, (_: number, id: number) => id % 3 === 0]) {
        const cover = cellCover(lat, lng, km, undefined, refine);
        const edge = (grid: number) => cover.edges.find((e) => e.grid === grid)?.cells ?? [];
        const inside = (grid: number) => cover.cells.filter((_, i) => cover.sizes[i] === grid);
        const [c] = await db.sql<{ within: number; once: number; listed: number }[]>`
          WITH d AS (
            SELECT (search_cell(12, lat, lng) = ANY(${inside(LARGE_CELLS)}::int[]))::int
                     + (cell = ANY(${inside(SMALL_CELLS)}::int[]))::int
                     + (search_cell(192, lat, lng) = ANY(${inside(FINE_CELLS)}::int[]))::int
                     + (cell = ANY(${edge(SMALL_CELLS)}::int[]))::int
                     + (search_cell(192, lat, lng) = ANY(${edge(FINE_CELLS)}::int[]))::int AS n,
                   (location <-> search_earth(${lat}, ${lng})) AS chord
            FROM search_documents WHERE collection = 'professionals' AND location IS NOT NULL)
          SELECT count(*) FILTER (WHERE chord <= ${chordOfKm(km)})::int AS within,
                 count(*) FILTER (WHERE chord <= ${chordOfKm(km)} AND n = 1)::int AS once,
                 count(*) FILTER (WHERE n > 0)::int AS listed
          FROM d`;
        expect(c.within).toBeGreaterThan(0);
        expect(c.once).toBe(c.within);
      }
      // Split everywhere, the edge's documents are no more than those of the 48 cells its cells lie in.
      const fine = cellCover(lat, lng, km).edges;
      expect(fine.map((e) => e.grid)).toEqual([FINE_CELLS]);
      const [n] = await db.sql<{ fine: number; small: number }[]>`
        SELECT count(*) FILTER (WHERE search_cell(192, lat, lng) = ANY(${fine[0].cells}::int[]))::int AS fine,
               count(*) FILTER (WHERE cell = ANY(${fine[0].cells.map((id) => toSmall(id))}::int[]))::int AS small
        FROM search_documents WHERE collection = 'professionals' AND location IS NOT NULL`;
      expect(n.fine).toBeLessThanOrEqual(n.small);
    }
    // The statement as the engine writes it (geoFilterSql) is read from the fine cells' index alone: here
    // for one cell (with so few documents the planner would rather read the table, or the whole location
    // index, than look up many cells: told not to read the table).
    const [lat, lng, km] = CIRCLES[1];
    const [edge] = cellCover(lat, lng, km).edges;
    const plan = await db.sql.begin(async (tx) => {
      await tx`SET LOCAL enable_seqscan = off`;
      await tx`SET LOCAL enable_bitmapscan = off`;
      const rows = await tx.unsafe(`EXPLAIN SELECT key_id, tags, next_slot FROM search_documents WHERE collection = 'professionals'
        AND location IS NOT NULL AND public.search_cell(192, lat, lng) = ANY('{${edge.cells[0]}}'::int[])
        AND (location <-> public.search_earth(${lat}, ${lng})) <= ${chordOfKm(km)}`);
      return rows.map((x) => String(Object.values(x)[0])).join('\n');
    });
    expect(plan).toContain('Index Only Scan using search_documents_fine_cell_professionals_idx');
  });

  it('keeps the cells of a full reindex equal to the triggers\'', async () => {
    const before = await keptAndRecounted();
    const docs = await engine.exportAll('professionals');
    await engine.replaceAll('professionals', (async function* () {
      yield docs;
    })());
    const after = await keptAndRecounted();
    expect(after.kept).toEqual(before.kept);
  });
});
