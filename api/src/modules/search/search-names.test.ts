import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilityWindows, institutionSearchQuerySchema, searchQueryBy, searchSortBy } from '@ilera/contracts';
import { REGISTER_HEADER, type RegisterRow } from '@ilera/db/register/rows';
import { importRegister } from '@ilera/db/register/import';
import { DEMO_SIZES, seedDemo } from '@ilera/db/seed/demo';
import { nameKey, PostgresEngine, reindexAll, type RegisterWards, type SearchEngine, type SearchRequest, type SearchResult } from '@ilera/search';
import { createTestContext, type TestContext } from '../../../../test/support';
import { engineTargets } from '../../../../test/engine-targets';
import { multiSearch, searchInstitutions } from './search.service';
import { registerWards } from './register-wards';

/**
 * Issue 48, "search never hides a name": what a patient types that names a provider finds it on the
 * first page, whatever query understanding reads in the words. Every listing of the demo seed's
 * register rows, every seeded institution and a sample of professionals, each searched by its exact
 * name as the search page sends it (multi_search, the page's 10 results), on both engines. Two rows
 * written as the national register writes them are added: "Betheland Hospital", which the register
 * classes as a primary health centre ("hospital" read as the hospitals' filter hid it), and "Sabon
 * Birni Health Post" in Kebbe LGA ("Sabon Birni", another LGA of Sokoto, read as that LGA hid it).
 */
const PAGE = 10;
const PROFESSIONALS_SAMPLED = 120;

/** A register row in the register's exact format (GRID3 NGA Health Facilities v2.0), as db/src/register/generate.ts writes them. */
function registerRow(o: Pick<RegisterRow, 'OBJECTID' | 'nhfr_uid' | 'nhfr_facility_code' | 'state' | 'lga' | 'ward' | 'facility_name' | 'facility_level' | 'facility_level_option' | 'latitude' | 'longitude'>): string {
  const row: RegisterRow = {
    globalid: `{${crypto.randomUUID().toUpperCase()}}`,
    country: 'Nigeria',
    iso: 'NGA',
    lga_name_disagreement: 'No',
    ward_name_disagreement: 'No',
    facility_name_source: 'NHFR',
    ownership: 'Public',
    ownership_type: 'Local Government',
    geocoordinates_source: 'GRID3',
    last_updated: '2024-11-11',
    x: o.longitude,
    y: o.latitude,
    ...o,
  };
  return REGISTER_HEADER.map((c) => row[c]).join(',');
}

const BETHELAND = registerRow({
  OBJECTID: '900001', nhfr_uid: '19900001', nhfr_facility_code: '25/01/1/1/1/9001', state: 'Lagos', lga: 'Agege', ward: 'Isale Oja',
  facility_name: 'Betheland Hospital', facility_level: 'Primary', facility_level_option: 'Primary Health Center', latitude: '6.623101', longitude: '3.318012',
});
const SABON_BIRNI = registerRow({
  OBJECTID: '900002', nhfr_uid: '19900002', nhfr_facility_code: '34/07/1/1/1/9002', state: 'Sokoto', lga: 'Kebbe', ward: 'Sabon Birni',
  facility_name: 'Sabon Birni Health Post', facility_level: 'Primary', facility_level_option: 'Health Post', latitude: '11.996500', longitude: '4.602800',
});

interface Named {
  collection: 'professionals' | 'institutions';
  id: string;
  name: string;
}

let ctx: TestContext;
let wards: RegisterWards | undefined;
let listings: Named[];
let institutions: Named[];
let professionals: Named[];

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemo(ctx.sql, {
    professionals: DEMO_SIZES.professionals, institutions: DEMO_SIZES.institutions, register: DEMO_SIZES.register,
    appointments: 0, reviews: 0, patients: 10, seed: DEMO_SIZES.seed,
  });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ilera-names-'));
  try {
    const file = path.join(dir, 'register.csv');
    await writeFile(file, `${[REGISTER_HEADER.join(','), BETHELAND, SABON_BIRNI].join('\n')}\n`);
    await importRegister(ctx.sql, { file, events: false, coverage: 'none' });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const cache = registerWards(ctx.sql);
  await cache.refresh();
  wards = await cache.current();
  // Every listing and institution a patient can find (approved), and every n-th approved professional.
  listings = await ctx.sql<Named[]>`
    SELECT 'institutions' AS collection, i.id::text AS id, i.name FROM institutions i JOIN register_listings r ON r.institution_id = i.id
    WHERE i.status = 'approved' ORDER BY i.id`;
  institutions = await ctx.sql<Named[]>`
    SELECT 'institutions' AS collection, i.id::text AS id, i.name FROM institutions i
    WHERE i.status = 'approved' AND NOT EXISTS (SELECT 1 FROM register_listings r WHERE r.institution_id = i.id) ORDER BY i.id`;
  const all = await ctx.sql<Named[]>`
    SELECT 'professionals' AS collection, p.id::text AS id, concat_ws(' ', u.first_name, u.last_name) AS name
    FROM professionals p JOIN users u ON u.id = p.user_id WHERE p.status = 'approved' ORDER BY p.id`;
  professionals = all.filter((_, i) => i % Math.max(1, Math.floor(all.length / PROFESSIONALS_SAMPLED)) === 0);
  // The PostgreSQL index, once: the PostgreSQL engine's suite and the API's (its answer cache over the same
  // engine) search it; the Typesense suite loads its own collections.
  await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
}, 600_000);
afterAll(async () => ctx?.close());

type Answer = SearchResult & { understood: { field: string; suggested?: true }[] };
/** The search page's search of a name: multi_search, one page of 10, its query_by and relevance order. */
const pageSearch = (n: Named) => ({
  collection: n.collection, q: n.name, per_page: PAGE, query_by: searchQueryBy[n.collection].join(','), sort_by: searchSortBy[n.collection].relevance,
});

/** What `engine` answers the search page's search of `n`, through the API's search service. */
async function searchName(engine: SearchEngine, n: Named): Promise<Answer> {
  const { results } = await multiSearch(engine, { searches: [pageSearch(n)] }, wards);
  const [r] = results;
  if ('error' in r) throw new Error(`${n.name}: ${r.error}`);
  return r as Answer;
}

/** Multi_searches a search-names pass keeps in flight: the engine (PostgreSQL's backends) works on one while the service reads the next. */
const IN_FLIGHT = 4;

/**
 * The names searched whose provider is not on the first page, with what the page showed instead. A name
 * that more providers share than a page holds ("Primary Health Centre Bwari": the register names many
 * centres after their LGA) has a first page of that name only: the exact name first is all a name can ask.
 * A name several providers share is searched once (the same words, the same index, the same answer) and
 * the answer checked for each of them.
 */
async function missing(engine: SearchEngine | ((n: Named) => Promise<Answer>), named: Named[]): Promise<string[]> {
  const out: string[] = [];
  const wordsOf = (n: Named) => `${n.collection}\0${n.name}`;
  const distinct = [...new Map(named.map((n) => [wordsOf(n), n])).values()];
  const answers = new Map<string, Answer>();
  if (typeof engine === 'function') {
    for (const n of distinct) answers.set(wordsOf(n), await engine(n));
  } else {
    // Through the service, 10 names a multi_search (its most; the page sends one; each search of a multi_search is
    // understood, probed for a name and answered on its own): the same answers in a tenth of the round trips.
    const batches: Named[][] = [];
    for (let i = 0; i < distinct.length; i += 10) batches.push(distinct.slice(i, i + 10));
    let next = 0;
    const worker = async () => {
      while (next < batches.length) {
        const batch = batches[next++];
        const { results } = await multiSearch(engine, { searches: batch.map(pageSearch) }, wards);
        results.forEach((r, k) => {
          if ('error' in r) throw new Error(`${batch[k].name}: ${r.error}`);
          answers.set(wordsOf(batch[k]), r as Answer);
        });
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  }
  for (const n of named) {
    const r = answers.get(wordsOf(n))!;
    if (r.hits.some((h) => h.document.id === n.id)) continue;
    const key = nameKey(n.collection, n.collection === 'professionals' ? { firstName: n.name } : { name: n.name });
    if (r.hits.length === PAGE && r.hits.every((h) => nameKey(n.collection, h.document) === key)) continue;
    const understood = r.understood.map((u) => `${u.field}${u.suggested ? ' (suggested)' : ''}`).join('+') || 'nothing';
    out.push(`${n.collection} "${n.name}" (${n.id}): found ${r.found}, understood ${understood}, first ${r.hits.slice(0, 3).map((h) => h.document.name).join(' | ')}`);
  }
  return out;
}

describe.each(engineTargets('names'))('every name finds its provider on the first page: $name', (target) => {
  let engine: SearchEngine;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ engine, close } = await target.make(ctx.sql));
    if (engine.kind !== 'postgres') await reindexAll(ctx.sql, { engine });
  }, 300_000);
  afterAll(async () => close?.());

  it('the register rows named in issue 48: "Betheland Hospital" (a primary health centre) and "Sabon Birni Health Post" (in Kebbe LGA)', async () => {
    for (const name of ['Betheland Hospital', 'Sabon Birni Health Post']) {
      const [listing] = listings.filter((l) => l.name === name);
      expect(listing, name).toBeDefined();
      const r = await searchName(engine, listing);
      // The exact name first; what the words were understood as is offered, not applied.
      expect(r.hits[0]?.document.id, name).toBe(listing.id);
      expect(r.understood.length, name).toBeGreaterThan(0);
      expect(r.understood.every((u) => u.suggested === true), name).toBe(true);
    }
    // The REST search (GET /api/institutions/search) the same.
    const rest = await searchInstitutions(engine, institutionSearchQuerySchema.parse({ query: 'Sabon Birni Health Post' }), wards);
    expect(rest.hits[0]?.name).toBe('Sabon Birni Health Post');
    expect(rest.understood.map((u) => [u.field, u.suggested])).toEqual([['lga', true], ['type', true]]);
  });

  it('words that name no provider are still understood and applied ("health post in kebbe")', async () => {
    const { results } = await multiSearch(engine, { searches: [{ collection: 'institutions', q: 'health post in kebbe', per_page: PAGE }] }, wards);
    const r = results[0] as SearchResult & { understood: { field: string; suggested?: true }[] };
    expect(r.understood.map((u) => [u.field, u.suggested])).toEqual([['type', undefined], ['lga', undefined]]);
    expect(r.hits.map((h) => h.document.name)).toContain('Sabon Birni Health Post');
    expect(r.hits.every((h) => h.document.lga === 'Kebbe' && h.document.type === 'health_post')).toBe(true);
  });

  it('words whose understood filters find nothing are searched as typed: the page alone first, its counts only when it finds something (issue 47)', async () => {
    // The engine as the service sees it, each multiSearch call's searches noted.
    const asked: SearchRequest[][] = [];
    const noting = new Proxy(engine, {
      get(t, p) {
        if (p === 'multiSearch') return (searches: SearchRequest[]) => (asked.push(searches), t.multiSearch(searches));
        const v = Reflect.get(t, p, t);
        return typeof v === 'function' ? v.bind(t) : v;
      },
    });
    // Nothing as understood (dental care in Kebbe LGA), nothing as typed: the understood filters stay applied.
    const none = await searchInstitutions(noting, institutionSearchQuerySchema.parse({ query: 'dental clinic in kebbe' }), wards);
    expect(none.found).toBe(0);
    expect(none.understood.map((u) => u.field)).toContain('lga');
    expect(none.understood.every((u) => !u.suggested)).toBe(true);
    expect(none.facets.availability).toHaveLength(availabilityWindows.length);
    // The request's searches, then the words as typed: the page's search alone (no facet or window counted for an answer not sent).
    expect(asked.map((a) => a.length)).toEqual([asked[0].length, 1]);
    expect(asked[1][0]).toMatchObject({ q: 'dental clinic in kebbe', per_page: 20 });
    // Nothing as understood (Betheland is a primary health centre, not a hospital), found as typed: the answer as
    // typed, counted in full, its understood items only offered.
    asked.length = 0;
    const typed = await searchInstitutions(noting, institutionSearchQuerySchema.parse({ query: 'betheland hospital lagos' }), wards);
    expect(typed.hits.map((h) => h.name)).toEqual(['Betheland Hospital']);
    expect(typed.understood.every((u) => u.suggested)).toBe(true);
    expect(typed.facets.availability).toHaveLength(availabilityWindows.length);
    expect(typed.facets.type).toEqual([{ value: 'primary_health_centre', count: 1 }]);
    // (As typed, no understood filter has its own facet search: the facets and windows are fewer than the first call's.)
    expect(asked.slice(1, 2).map((a) => a.length)).toEqual([1]);
    expect(asked).toHaveLength(3);
    expect(asked[2].length).toBeGreaterThan(0);
    // multi_search the same: the page's search again alone when nothing is found as typed, its counts too when found.
    for (const [q, calls] of [['dental clinic in kebbe', 1], ['betheland hospital lagos', 2]] as const) {
      asked.length = 0;
      await multiSearch(noting, { searches: [
        { collection: 'institutions', q, per_page: PAGE },
        { collection: 'institutions', q, per_page: 0, facet_by: 'type' },
      ] }, wards);
      expect({ q, again: asked.slice(1).map((a) => a.length) }).toEqual({ q, again: calls === 1 ? [1] : [1, 1] });
    }
  });

  it(`every listing of the demo seed's register rows (${DEMO_SIZES.register})`, async () => {
    expect(listings.length).toBeGreaterThanOrEqual(DEMO_SIZES.register);
    expect(await missing(engine, listings)).toEqual([]);
  }, 900_000);

  it('every seeded institution', async () => {
    expect(institutions.length).toBeGreaterThan(DEMO_SIZES.institutions / 2);
    expect(await missing(engine, institutions)).toEqual([]);
  }, 300_000);

  it(`a sample of professionals (about ${PROFESSIONALS_SAMPLED}), by first and last name`, async () => {
    expect(professionals.length).toBeGreaterThanOrEqual(PROFESSIONALS_SAMPLED / 2);
    expect(await missing(engine, professionals)).toEqual([]);
  }, 300_000);
});

describe('through the API (POST /api/search/multi_search: the answer cache\'s view of the PostgreSQL engine)', () => {
  const route = async (n: Named): Promise<Answer> => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/search/multi_search',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ searches: [pageSearch(n)] }),
    });
    expect(res.statusCode).toBe(200);
    return res.json().results[0] as Answer;
  };

  it('every seeded institution and the two register rows, asked twice (the second answer from the cache)', async () => {
    const named = [...institutions, ...listings.filter((l) => ['Betheland Hospital', 'Sabon Birni Health Post'].includes(l.name))];
    expect(await missing(route, named)).toEqual([]);
    expect(await missing(route, named)).toEqual([]);
    const sabon = await route(named.at(-1)!);
    expect(sabon.hits[0]?.document.name).toBe(named.at(-1)!.name);
    expect(sabon.understood.every((u) => u.suggested)).toBe(true);
  }, 300_000);
});
