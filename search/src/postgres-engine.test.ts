import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSql, type Sql } from '@ilera/db';
import { createTestDatabase } from '../../test/support';
import { isSearchError, type SearchRequest, type SearchResult } from './engine';
import { countQuery, CUBE_ARRAY_FIELDS, CUBE_KEY_FIELDS, derive, editDistance, hitsQuery, intSet, keysInEveryGroup, PostgresEngine } from './postgres-engine';
import { countRows, cubeDay, facetsFromCounts, rowsOfKeys, windowRows, type CountRow } from './postgres-counts';
import { KeyTable } from './postgres-keys';
import { searchWords } from './protocol';
import { parseSearch } from './protocol';
import type { SearchDocument } from './schema';

/**
 * What the PostgreSQL engine keeps ahead of time (006_search_cube.sql): the facet
 * counts of search_cube must equal the counts over the matching documents, after
 * inserts, edits, deletes and a whole reindex.
 */

const firstNames = ['Adaeze', 'Emeka', 'Fatima', 'Tunde', 'Ngozi', 'Ibrahim', 'Bisi'];
const lastNames = ['Okonkwo', 'Bello', 'Nwosu', 'Bakare', 'Musa'];
const places = [
  ['Lagos', 'Lagos'],
  ['Ikeja', 'Lagos'],
  ['Abuja', 'FCT'],
  ['Kano', 'Kano'],
  ['Enugu', 'Enugu'],
];
const kinds = [
  ['doctor', 'Cardiology'],
  ['doctor', 'General Practice'],
  ['pharmacist', 'Community Pharmacy'],
  ['nurse', 'Midwifery'],
];

/** Lagos midnights (UTC+1): the start of 1 December 2026 in Lagos, and k days after it. */
const LAGOS_DEC_1 = Date.UTC(2026, 11, 1) / 1000 - 3600;
const midnight = (k: number) => LAGOS_DEC_1 + k * 86400;
/** Next free slots on several Lagos days: a passed one two days before, early and late on the first day, exactly at a midnight, later; none. */
const slot = (n: number): number | undefined =>
  [midnight(-2) + 10 * 3600, midnight(0) + 9 * 3600, midnight(0) + 23 * 3600 + 1800, midnight(1), midnight(3) + 3600, undefined][n % 6];

function professional(i: number, variant = 0): SearchDocument {
  const [city, state] = places[(i + variant) % places.length];
  const [professionalType, specialty] = kinds[(i * 3 + variant) % kinds.length];
  const firstName = firstNames[i % firstNames.length];
  const lastName = lastNames[(i * 7) % lastNames.length];
  return {
    id: String(i),
    name: `Dr. ${firstName} ${lastName}`,
    title: 'Dr.',
    firstName,
    lastName,
    professionalType,
    specialty,
    city,
    state,
    countries: i % 4 === 0 ? ['Nigeria', 'Ghana'] : ['Nigeria'],
    yearsOfExperience: i % 20,
    rating: (i % 5) + 0.5,
    reviewCount: i % 9,
    isVerified: i % 3 !== 0,
    isApproved: true,
    nextSlot: slot(i + variant),
    bio: i % 10 === 0 ? 'Treats hypertension and heart failure.' : 'Listens carefully.',
  };
}

const institution = (i: number): SearchDocument => ({
  id: String(i),
  name: `${places[i % places.length][0]} ${i % 2 ? 'General Hospital' : 'Pharmacy'}`,
  type: i % 2 ? 'hospital' : 'pharmacy',
  typeLabel: i % 2 ? 'Hospital' : 'Pharmacy',
  services: [['Surgery', 'X-Ray'], ['Surgery'], ['Immunizations', 'X-Ray', 'Blood Tests']][i % 3],
  city: places[i % places.length][0],
  state: places[i % places.length][1],
  professionalCount: i % 4,
  rating: i % 5,
  reviewCount: i % 3,
  isVerified: i % 2 === 0,
  isApproved: true,
  nextSlot: slot(i * 5),
});

const searches: SearchRequest[] = [
  { collection: 'professionals', q: '*', facet_by: 'professionalType,specialty,city,state,countries,isVerified' },
  { collection: 'professionals', q: '*', filter_by: 'state:=[`Lagos`] && professionalType:=[`doctor`]', facet_by: 'specialty,city,countries' },
  { collection: 'professionals', q: '*', filter_by: 'state:=[`Lagos`,`Kano`] && specialty:!=[`Midwifery`]', facet_by: 'professionalType,state' },
  { collection: 'professionals', q: '*', filter_by: 'city:ikeja', facet_by: 'specialty,isVerified' },
  { collection: 'professionals', q: '*', filter_by: 'countries:=[`Ghana`] && isVerified:=true', facet_by: 'state,specialty' },
  { collection: 'professionals', q: 'okonkwo', facet_by: 'professionalType,specialty,city,state,countries' },
  { collection: 'professionals', q: 'cardiolgy', filter_by: 'state:=[`Lagos`]', facet_by: 'city,professionalType' },
  { collection: 'professionals', q: 'kano', filter_by: 'countries:=[`Nigeria`]', facet_by: 'specialty' },
  { collection: 'professionals', q: '*', facet_by: 'specialty', facet_query: 'specialty:gen' },
  { collection: 'institutions', q: '*', facet_by: 'type,services,city,state' },
  { collection: 'institutions', q: '*', filter_by: 'services:=[`X-Ray`] && state:=[`Lagos`]', facet_by: 'type,city' },
  { collection: 'institutions', q: 'hospital', filter_by: 'services:=[`Surgery`]', facet_by: 'state' },
  // Availability windows (issue 17), each ending at a Lagos midnight: counted from the day rows (migration 020).
  { collection: 'professionals', q: '*', filter_by: `nextSlot:<${midnight(1)}`, facet_by: 'professionalType,specialty,state,countries' },
  { collection: 'professionals', q: '*', filter_by: `state:=[\`Lagos\`] && nextSlot:<${midnight(3)}`, facet_by: 'specialty,city' },
  { collection: 'professionals', q: 'okonkwo', filter_by: `nextSlot:<${midnight(7)}`, facet_by: 'specialty,isVerified' },
  { collection: 'institutions', q: '*', filter_by: `services:=[\`X-Ray\`] && nextSlot:<${midnight(4)}`, facet_by: 'type,city' },
  { collection: 'institutions', q: '*', filter_by: `nextSlot:<${midnight(1)}`, facet_by: 'type,services' },
  // One word standing for several terms ("b": bakare, bello, bisi; "i": ikeja, immunizations), some
  // documents holding two of them ("Bisi Bello"): the terms' cube rows less the documents counted twice.
  { collection: 'professionals', q: 'b', facet_by: 'professionalType,specialty,city,state,countries,isVerified' },
  { collection: 'professionals', q: 'b', filter_by: 'countries:=[`Ghana`]', facet_by: 'state,specialty' },
  { collection: 'professionals', q: 'b', filter_by: `state:=[\`Lagos\`,\`Kano\`] && nextSlot:<${midnight(3)}`, facet_by: 'specialty,city,countries' },
  { collection: 'institutions', q: 'i', facet_by: 'type,services,city' },
];

describe('PostgreSQL engine: facet counts kept ahead of time', () => {
  let db: { sql: Sql; url: string };
  let engine: PostgresEngine;

  beforeAll(async () => {
    db = await createTestDatabase();
    engine = new PostgresEngine(db.sql);
    await engine.upsert('professionals', Array.from({ length: 60 }, (_, i) => professional(i + 1)));
    await engine.upsert('institutions', Array.from({ length: 24 }, (_, i) => institution(i + 1)));
  });
  afterAll(async () => {
    await db.sql.end({ timeout: 2 });
  });

  /** The counts of a search, from the cube and counted over the documents, as sorted rows. */
  async function bothCounts(raw: SearchRequest) {
    const s = parseSearch({ per_page: 0, max_facet_values: 100, ...raw });
    const [r] = await engine.resolve([s]);
    const run = async (live: boolean) => {
      const { found, facets } = await engine.counts(s, r, { live });
      return [`=:${found}`, ...facets.flatMap((f) => f.counts.map((x) => `${f.field_name}=${x.value}:${x.count}`))].sort();
    };
    return { cube: await run(false), live: await run(true), usesCube: countQuery(s, r).cube === true };
  }

  async function expectCubeEqualsLive() {
    for (const s of searches) {
      const { cube, live, usesCube } = await bothCounts(s);
      expect({ search: s, usesCube }).toEqual({ search: s, usesCube: true });
      expect({ search: s, counts: cube }).toEqual({ search: s, counts: live });
      expect(live.length).toBeGreaterThan(1);
    }
  }

  it('answers the same counts as counting the matching documents', async () => {
    await expectCubeEqualsLive();
  });

  it('counts a word standing for several terms once per document, though some documents hold two of its terms', async () => {
    const found = async (q: string) => ((await engine.multiSearch([{ collection: 'professionals', q, per_page: 0 }])) as SearchResult[])[0].found;
    const each = (await Promise.all(['bakare', 'bello', 'bisi'].map(found))).reduce((a, b) => a + b, 0);
    const b = await found('b');
    // The test data has doubles (Bisi Bello, Bisi Bakare): the sum of the terms' counts is more than the word's.
    expect(each).toBeGreaterThan(b);
    const s = parseSearch({ collection: 'professionals', q: 'b', per_page: 0 });
    const [r] = await engine.resolve([s]);
    expect(r.words?.terms).toEqual([['bakare', 'bello', 'bisi']].map((t) => expect.arrayContaining(t)));
    expect(b).toBe((await engine.counts(s, r, { live: true })).found);
  });

  it('counts the availability windows of the search page from the day rows, the same as counting every match', async () => {
    const windows = (base: SearchRequest, bounds: number[]) =>
      bounds.map((b) => ({ ...base, per_page: 0, filter_by: [base.filter_by, `nextSlot:<${b}`].filter(Boolean).join(' && ') }));
    const cases: [SearchRequest, number[], boolean][] = [
      [{ collection: 'professionals', q: '*' }, [midnight(1), midnight(3), midnight(7)], true],
      [{ collection: 'professionals', q: 'cardiology', filter_by: 'state:=[`Lagos`]' }, [midnight(0), midnight(2), midnight(4)], true],
      [{ collection: 'institutions', q: '*', filter_by: 'services:=[`Surgery`]' }, [midnight(1), midnight(4)], true],
      // A word for several terms, some documents holding two: the terms' day rows less the doubles.
      [{ collection: 'professionals', q: 'b' }, [midnight(0), midnight(3), midnight(7)], true],
      [{ collection: 'institutions', q: 'i', filter_by: 'services:=[`X-Ray`]' }, [midnight(1), midnight(4)], true],
      // Bounds that are not a Lagos midnight (an hour later): counted over the documents.
      [{ collection: 'professionals', q: '*' }, [midnight(1) + 3600, midnight(3) + 3600], false],
    ];
    for (const [base, bounds, fromCube] of cases) {
      const searches = windows(base, bounds);
      const answers = (await engine.multiSearch(searches)) as SearchResult[];
      for (const [i, raw] of searches.entries()) {
        const s = parseSearch({ max_facet_values: 100, ...raw });
        const [r] = await engine.resolve([s]);
        const live = await engine.counts(s, r, { live: true });
        expect({ search: raw, found: answers[i].found }).toEqual({ search: raw, found: live.found });
        expect({ search: raw, usesCube: countQuery(s, r).cube === true }).toEqual({ search: raw, usesCube: fromCube });
      }
      // The windows differ: the test data has slots on several days.
      if (fromCube) expect(new Set(answers.map((a) => a.found)).size).toBeGreaterThan(1);
    }
  });

  it("counts a page's availability windows with its counts, each the same as counting every match", async () => {
    const statements: string[] = [];
    const watched = createSql(db.url, { max: 4, debug: (_c, query) => statements.push(query) });
    try {
      const e = new PostgresEngine(watched);
      const pages: SearchRequest[] = [
        // Several words: keys that hold them whole (the cube's day rows), keys counted one by one, or both.
        { collection: 'professionals', q: 'general practice', facet_by: 'specialty,state' },
        { collection: 'professionals', q: 'okonkwo lagos', facet_by: 'specialty' },
        { collection: 'professionals', q: 'cardiology lagos', filter_by: 'countries:=[`Nigeria`]', facet_by: 'city' },
        { collection: 'professionals', q: 'b', filter_by: 'state:=[`Lagos`]', facet_by: 'city,professionalType' },
        { collection: 'institutions', q: 'general hospital', facet_by: 'type,city' },
      ];
      for (const page of pages) {
        for (const [aligned, bounds] of [
          [true, [midnight(0), midnight(2), midnight(6)]],
          [false, [midnight(1) + 3600, midnight(3) + 3600]],
        ] as const) {
          const windows = bounds.map((b): SearchRequest => ({
            collection: page.collection,
            q: page.q,
            filter_by: [page.filter_by, `nextSlot:<${b}`].filter(Boolean).join(' && '),
            per_page: 0,
          }));
          statements.length = 0;
          const [main, ...answers] = (await e.multiSearch([{ ...page, per_page: 5 }, ...windows])) as SearchResult[];
          // Statements that read the matches (not the page's hits, not the few documents holding two
          // terms of one word that the cube's sums count twice: `WITH o`).
          const counted = statements.filter((q) => /\bFROM search_documents\b/.test(q) && !/\bWITH (page|o) AS\b/.test(q));
          const live = async (raw: SearchRequest) => {
            const s = parseSearch({ max_facet_values: 100, ...raw });
            const [r] = await engine.resolve([s]);
            return (await engine.counts(s, r, { live: true })).found;
          };
          const expected = await Promise.all(windows.map(live));
          expect({ page, bounds, windows: answers.map((a) => a.found) }).toEqual({ page, bounds, windows: expected });
          expect({ page, found: main.found }).toEqual({ page, found: await live(page) });
          // Windows that end at Lagos midnights (as the search page's do): the matching documents are
          // read at most once for the page's counts and its windows.
          if (aligned) expect({ page, bounds, reads: counted.length }).toEqual({ page, bounds, reads: Math.min(counted.length, 1) });
        }
      }
    } finally {
      await watched.end({ timeout: 2 });
    }
  });

  it("returns the documents of a cube statement's keys in one row, read back into a row a key", async () => {
    for (const raw of [
      { collection: 'professionals', q: '*', facet_by: 'specialty,countries' },
      { collection: 'professionals', q: '*', filter_by: 'state:=[`Lagos`]', facet_by: 'specialty' },
      { collection: 'professionals', q: 'cardiology', filter_by: `nextSlot:<${midnight(3)}`, facet_by: 'city' },
    ] satisfies SearchRequest[]) {
      const s = parseSearch({ per_page: 0, ...raw });
      const [r] = await engine.resolve([s]);
      for (const everyKey of [false, true]) {
        const q = countQuery(s, r, { everyKey });
        expect(q.cube).toBe(true);
        const read = await db.sql.unsafe<CountRow[]>(q.text, q.values as never[]);
        const keyed = read.filter((row) => row.f === '');
        expect({ raw, everyKey, keyed: keyed.length, lists: read.filter((row) => row.f === '~keys').length }).toEqual({ raw, everyKey, keyed: 0, lists: 1 });
        // Each key's documents as the cube holds them.
        const rows = countRows(read).filter((row) => row.f === '');
        const own = await db.sql.unsafe<{ k: number; n: number }[]>(
          `SELECT key_id AS k, sum(count)::int AS n FROM ${cubeDay(s) ? `search_cube_days WHERE day < '${cubeDay(s)}' AND` : 'search_cube WHERE'} collection = 'professionals'
             AND term = $1 AND arr_field = '' AND arr_value = '' ${everyKey || !r.keyIds ? '' : `AND key_id = ANY('{${r.keyIds.join(',')}}')`} GROUP BY key_id`,
          [s.words.length ? s.words[0] : ''],
        );
        const sorted = (xs: { k: number; n: number }[]) => xs.map(({ k, n }) => [Number(k), Number(n)]).sort((a, b) => a[0] - b[0]);
        expect(rows.length).toBeGreaterThan(0);
        expect(sorted(rows)).toEqual(sorted(own));
      }
    }
  });

  it('counts texts of several words from the keys that hold them, the same as counting every match', async () => {
    const several: SearchRequest[] = [
      { collection: 'professionals', q: 'general practice', facet_by: 'professionalType,specialty,city,state,countries' },
      { collection: 'professionals', q: 'cardiology lagos', facet_by: 'city,countries' },
      { collection: 'professionals', q: 'okonkwo lagos', facet_by: 'specialty,state' },
      { collection: 'professionals', q: 'general practice', filter_by: 'state:=[`Lagos`,`Kano`]', facet_by: 'city,countries' },
      { collection: 'professionals', q: 'pharmacy doctor', facet_by: 'specialty' },
      { collection: 'institutions', q: 'general hospital', facet_by: 'type,services,city' },
      // One word standing for several terms: names (counted one by one), a specialty (whole keys).
      { collection: 'professionals', q: 'b', facet_by: 'specialty,countries' },
      { collection: 'professionals', q: 'ca', filter_by: 'state:=[`Lagos`]', facet_by: 'city,professionalType' },
    ];
    for (const raw of several) {
      const s = parseSearch({ per_page: 0, max_facet_values: 100, ...raw });
      const [r] = await engine.resolve([s]);
      const rows = async (live: boolean) => {
        const { found, facets } = await engine.counts(s, r, { live });
        return [`=:${found}`, ...facets.flatMap((f) => f.counts.map((x) => `${f.field_name}=${x.value}:${x.count}`))].sort();
      };
      const live = await rows(true);
      expect({ search: raw, counts: await rows(false) }).toEqual({ search: raw, counts: live });
      if (raw.q !== 'pharmacy doctor') expect(live[0]).not.toBe('=:0');
    }
  });

  it('follows edits, deletes and a whole reindex', async () => {
    // Every document moves city, type and specialty; some are deleted; a few come back.
    await engine.upsert('professionals', Array.from({ length: 60 }, (_, i) => professional(i + 1, 1)));
    await engine.delete('professionals', ['3', '4', '5', '40']);
    await engine.upsert('institutions', [{ ...institution(2), services: ['X-Ray', 'MRI'], state: 'Kano', city: 'Kano' }]);
    await engine.delete('institutions', ['7']);
    await expectCubeEqualsLive();
    await engine.upsert('professionals', [professional(3, 2), professional(4)]);
    await expectCubeEqualsLive();

    async function* batches() {
      yield Array.from({ length: 30 }, (_, i) => professional(i + 1, 3));
      yield Array.from({ length: 20 }, (_, i) => professional(i + 31, 3));
    }
    await engine.replaceAll('professionals', batches());
    await expectCubeEqualsLive();
    const [r] = (await engine.multiSearch([{ collection: 'professionals', q: '*', facet_by: 'state', per_page: 0 }])) as SearchResult[];
    expect(r.found).toBe(50);
  });

  it('builds the same tsvectors and tags as PostgreSQL would', async () => {
    const docs = [
      professional(1),
      { ...professional(2), firstName: 'Ọlájùmọ̀kẹ́', lastName: "O'Neil", institution: undefined, bio: 'Ọlá treats 3rd-degree burns; covid19 care.', lga: 'Eti-Osa' },
      // The register's facets are tags (migration 035), as search_doc_tags makes them.
      { ...institution(5), lga: 'Ikeja', ownership: 'Private', level: 'Secondary', listed: true, location: [6.6, 3.35] },
      // Issue 45's array facets (migration 050).
      { ...professional(3), services: ['Laboratory Services', 'Pharmacy'], plans: ['iroko-health', 'nhia'], primaryPlans: ['nhia'] },
      // Issue 50's languages (migration 064).
      { ...professional(4), languages: ['en', 'ha', 'pcm'] },
      { ...institution(6), plans: ['nhia'], primaryPlans: ['nhia'], openSlots: [32, 33], closedDays: [20814], hoursValidUntil: 4102444800, open24Hours: false },
    ];
    for (const doc of docs) {
      const collection = 'professionalType' in doc ? 'professionals' : 'institutions';
      const row = derive(collection, doc);
      const w = (...xs: unknown[]) => searchWords(xs.flatMap((x) => (Array.isArray(x) ? x : [x])).filter((x) => typeof x === 'string').join(' ')).join(' ');
      const d = doc as Record<string, unknown>;
      const [a, b, c, bio] =
        collection === 'professionals'
          ? [w(d.name, d.firstName, d.lastName), w(d.specialty, d.professionalType), w(d.institution, d.city, d.state), w(d.bio)]
          : [w(d.name), w(d.typeLabel, d.type, d.services), w(d.city, d.state), w(d.description)];
      const [same] = await db.sql<{ main: boolean; full: boolean; tags: boolean }[]>`
        WITH pg AS (SELECT setweight(to_tsvector('simple', ${a}), 'A') || setweight(to_tsvector('simple', ${b}), 'B')
          || setweight(to_tsvector('simple', ${c}), 'C') AS main)
        SELECT ${row.main}::tsvector = pg.main AS main,
          ${row.full}::tsvector = pg.main || setweight(to_tsvector('simple', ${bio}), 'D') AS full,
          ${row.tags}::text[] = search_doc_tags(${collection}, ${doc as never}::jsonb) AS tags
        FROM pg`;
      expect({ id: doc.id, ...same }).toEqual({ id: doc.id, main: true, full: true, tags: true });
    }
  });

  it('keys the cube by exactly the facet fields of the schema', async () => {
    const [{ key }] = await db.sql<{ key: Record<string, unknown> }[]>`
      SELECT search_cube_key('professionals', ${professional(1) as never}::jsonb) AS key`;
    expect(Object.keys(key).sort()).toEqual([...CUBE_KEY_FIELDS.professionals].sort());
    const [{ ikey }] = await db.sql<{ ikey: Record<string, unknown> }[]>`
      SELECT search_cube_key('institutions', ${{ ...institution(1), listed: false } as never}::jsonb) AS ikey`;
    expect(Object.keys(ikey).sort()).toEqual([...CUBE_KEY_FIELDS.institutions].sort());
    // Issue 45: services (professionals), plans and primaryPlans are array facets too (migration 050); issue 50's languages (064).
    expect(CUBE_ARRAY_FIELDS).toEqual({
      professionals: ['countries', 'lga', 'services', 'languages', 'plans', 'primaryPlans'],
      institutions: ['services', 'lga', 'ownership', 'level', 'plans', 'primaryPlans'],
    });
  });

  it('resolves typos as Typesense counts them, transpositions as one edit', async () => {
    expect(editDistance('blelo', 'bello')).toBe(1);
    expect(editDistance('cardiolgy', 'cardiology')).toBe(1);
    expect(editDistance('okonkow', 'okonkwo')).toBe(1);
    const [r] = (await engine.multiSearch([{ collection: 'professionals', q: 'Blelo', per_page: 50 }])) as SearchResult[];
    expect(r.found).toBeGreaterThan(0);
    expect(r.hits.every((h) => h.document.lastName === 'Bello')).toBe(true);
    // Three letters allow no typo.
    const [none] = (await engine.multiSearch([{ collection: 'professionals', q: 'xmu', per_page: 50 }])) as SearchResult[];
    expect(none.found).toBe(0);
  });

  it('searches the bio only for words that no main field holds', async () => {
    const [bio] = (await engine.multiSearch([{ collection: 'professionals', q: 'hypertension', per_page: 50 }])) as SearchResult[];
    expect(bio.found).toBeGreaterThan(0);
    expect(bio.hits.every((h) => String(h.document.bio).includes('hypertension'))).toBe(true);
    // "heart" is in bios only; "okonkwo" in names: both must match.
    const [both] = (await engine.multiSearch([{ collection: 'professionals', q: 'okonkwo heart', per_page: 50 }])) as SearchResult[];
    expect(both.hits.length).toBeGreaterThan(0);
    expect(both.hits.every((h) => h.document.lastName === 'Okonkwo' && String(h.document.bio).includes('heart'))).toBe(true);
  });

  it('ranks the exact name, then names starting with the query, then the rest by rating', async () => {
    const [r] = (await engine.multiSearch([
      { collection: 'professionals', q: 'okonkwo', sort_by: '_text_match:desc,rating:desc', per_page: 50 },
    ])) as SearchResult[];
    expect(isSearchError(r)).toBe(false);
    const ratings = r.hits.map((h) => h.document.rating as number);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const [named] = (await engine.multiSearch([
      { collection: 'professionals', q: 'emeka okonkwo', sort_by: '_text_match:desc,rating:desc', per_page: 50 },
    ])) as SearchResult[];
    expect(named.hits[0].document.name).toBe('Dr. Emeka Okonkwo');
  });

  it('resolves facet filters right after the keys were emptied and numbered again (seed --reset)', async () => {
    const fresh = await createTestDatabase();
    try {
      const e = new PostgresEngine(fresh.sql);
      const stateOf = async (state: string) => {
        const [r] = (await e.multiSearch([{ collection: 'professionals', q: '*', filter_by: `state:=[\`${state}\`]`, facet_by: 'city', per_page: 50 }])) as SearchResult[];
        return { ids: r.hits.map((h) => h.document.id).sort(), found: r.found, cities: r.facet_counts[0].counts.map((c) => c.value) };
      };
      await e.upsert('professionals', [professional(1), professional(2)]);
      expect(await stateOf('Lagos')).toEqual({ ids: ['1'], found: 1, cities: ['Ikeja'] });
      // The same ids now stand for other keys: the engine must not answer from the keys it held.
      await fresh.sql`TRUNCATE search_cube_keys RESTART IDENTITY CASCADE`;
      await e.upsert('professionals', [professional(4), professional(5), professional(3)]);
      expect(await stateOf('Lagos')).toEqual({ ids: ['5'], found: 1, cities: ['Lagos'] });
      expect(await stateOf('FCT')).toEqual({ ids: [], found: 0, cities: [] });
      expect(await stateOf('Kano')).toEqual({ ids: ['3'], found: 1, cities: ['Kano'] });
    } finally {
      await fresh.sql.end({ timeout: 2 });
    }
  });
});

describe('PostgreSQL engine: availability windows, fees and documents that come back', () => {
  let db: { sql: Sql; url: string };
  let engine: PostgresEngine;
  const day = 86_400;
  const t0 = 1_800_000_000;
  // Professional i: next slot i hours after t0, none when i % 5 is 3; a fee for odd i.
  const doc = (i: number): SearchDocument => ({
    ...professional(i),
    ...(i % 5 !== 3 ? { nextSlot: t0 + i * 3600 } : {}),
    ...(i % 2 ? { consultationFee: (i % 7) * 1000 } : {}),
  });
  const docs = Array.from({ length: 120 }, (_, i) => doc(i + 1));
  const count = (bound: number, keep: (d: SearchDocument) => boolean) =>
    docs.filter((d) => typeof d.nextSlot === 'number' && (d.nextSlot as number) < bound && keep(d)).length;

  beforeAll(async () => {
    db = await createTestDatabase();
    engine = new PostgresEngine(db.sql);
    await engine.upsert('professionals', docs);
  });
  afterAll(async () => {
    await db.sql.end({ timeout: 2 });
  });

  it('counts the availability windows of one page together, each as it would alone', async () => {
    const bounds = [t0 + day, t0 + 3 * day, t0 + 7 * day];
    for (const [q, filter, keep] of [
      ['*', '', () => true],
      ['*', 'state:=[`Lagos`]', (d: SearchDocument) => d.state === 'Lagos'],
      ['okonkwo', '', (d: SearchDocument) => d.lastName === 'Okonkwo'],
      ['hypertension', '', (d: SearchDocument) => String(d.bio).includes('hypertension')],
    ] as const) {
      const window = (b: number): SearchRequest => ({
        collection: 'professionals',
        q,
        filter_by: [filter, `nextSlot:<${b}`].filter(Boolean).join(' && '),
        per_page: 0,
      });
      const together = (await engine.multiSearch([{ collection: 'professionals', q, per_page: 5 }, ...bounds.map(window)])) as SearchResult[];
      const alone = await Promise.all(bounds.map(async (b) => ((await engine.multiSearch([window(b)])) as SearchResult[])[0].found));
      const expected = bounds.map((b) => count(b, keep));
      expect(expected.some((n) => n > 0)).toBe(true);
      expect(together.slice(1).map((r) => r.found)).toEqual(expected);
      expect(alone).toEqual(expected);
    }
  });

  it('reads the matching documents once for a page and its availability windows when the cube cannot count them', async () => {
    const statements: string[] = [];
    const watched = createSql(db.url, { max: 4, debug: (_c, query) => statements.push(query) });
    try {
      const e = new PostgresEngine(watched);
      const bounds = [t0 + day, t0 + 3 * day, t0 + 7 * day];
      // A bio word (no cube row), with and without facets, and with a key filter.
      for (const [facets, filter, keep] of [
        ['specialty,state', '', () => true],
        ['', '', () => true],
        ['city', 'state:=[`Lagos`]', (d: SearchDocument) => d.state === 'Lagos'],
      ] as const) {
        const window = (b: number): SearchRequest => ({
          collection: 'professionals',
          q: 'hypertension',
          filter_by: [filter, `nextSlot:<${b}`].filter(Boolean).join(' && '),
          per_page: 0,
        });
        const page: SearchRequest = { collection: 'professionals', q: 'hypertension', per_page: 5, filter_by: filter || undefined, facet_by: facets || undefined };
        statements.length = 0;
        const [main, ...windows] = (await e.multiSearch([page, ...bounds.map(window)])) as SearchResult[];
        const bio = (d: SearchDocument) => String(d.bio).includes('hypertension') && keep(d);
        expect({ facets, filter, windows: windows.map((w) => w.found) }).toEqual({ facets, filter, windows: bounds.map((b) => count(b, bio)) });
        expect({ facets, filter, found: main.found }).toEqual({ facets, filter, found: docs.filter(bio).length });
        const reads = statements.filter((q) => /\bcount\(/.test(q) && /\bFROM search_documents\b/.test(q));
        expect({ facets, filter, reads: reads.length }).toEqual({ facets, filter, reads: 1 });
      }
    } finally {
      await watched.end({ timeout: 2 });
    }
  });

  it('sorts by fee either way with the professionals without a fee last, and filters on it', async () => {
    const fees = (r: SearchResult) => r.hits.map((h) => (h.document.consultationFee as number | undefined) ?? null);
    const priced = docs.filter((d) => typeof d.consultationFee === 'number').length;
    const [up, down, range] = (await engine.multiSearch([
      { collection: 'professionals', q: '*', sort_by: 'consultationFee:asc,rating:desc', per_page: 120 },
      { collection: 'professionals', q: '*', sort_by: 'consultationFee:desc,rating:desc', per_page: 120 },
      { collection: 'professionals', q: '*', filter_by: 'consultationFee:>=3000 && consultationFee:<=5000', per_page: 120 },
    ])) as SearchResult[];
    for (const [r, dir] of [[up, 1], [down, -1]] as const) {
      const f = fees(r);
      expect(f.slice(priced).every((x) => x === null)).toBe(true);
      const p = f.slice(0, priced) as number[];
      expect(p.every((x, i) => i === 0 || dir * (x - p[i - 1]) >= 0)).toBe(true);
    }
    expect(range.found).toBe(docs.filter((d) => typeof d.consultationFee === 'number' && d.consultationFee >= 3000 && d.consultationFee <= 5000).length);
  });

  it('finds a document again after it was deleted and indexed anew', async () => {
    const found = async () => ((await engine.multiSearch([{ collection: 'professionals', q: 'okonkwo', filter_by: 'state:=[`Lagos`]', per_page: 120 }])) as SearchResult[])[0];
    const before = await found();
    const id = before.hits[0].document.id;
    await engine.delete('professionals', [id]);
    expect((await found()).hits.map((h) => h.document.id)).not.toContain(id);
    await engine.upsert('professionals', [docs.find((d) => d.id === id)!]);
    const after = await found();
    expect(after.found).toBe(before.found);
    expect(after.hits.map((h) => h.document.id)).toContain(id);
  });
});

describe('PostgreSQL engine: text indexes per collection', () => {
  it("indexes each collection's text on its own, so a search never reads the other collection's matches (022)", async () => {
    const db = await createTestDatabase();
    try {
      // At 500,000 professionals, "lab" read 21,158 index entries for 7,729 professionals (the rest
      // institutions), and a hospital's name word 6,259 for 199 institutions (docs/PERFORMANCE.md).
      const rows = await db.sql<{ tbl: string; col: string; pred: string | null }[]>`
        SELECT t.relname AS tbl, a.attname AS col, pg_get_expr(i.indpred, i.indrelid) AS pred
        FROM pg_index i
        JOIN pg_class t ON t.oid = i.indrelid
        JOIN pg_class x ON x.oid = i.indexrelid
        JOIN pg_am am ON am.oid = x.relam
        JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
        WHERE am.amname = 'gin' AND t.relname IN ('search_documents', 'search_bodies') AND a.attname IN ('tsv_main', 'tsv')
        ORDER BY 1, 2, 3`;
      expect(rows.map((r) => `${r.tbl}.${r.col} ${r.pred}`)).toEqual([
        "search_bodies.tsv (collection = 'institutions'::text)",
        "search_bodies.tsv (collection = 'professionals'::text)",
        "search_documents.tsv_main (collection = 'institutions'::text)",
        "search_documents.tsv_main (collection = 'professionals'::text)",
      ]);
    } finally {
      await db.sql.end({ timeout: 2 });
    }
  });
});

describe('PostgreSQL engine: relevance tiers from the name index', () => {
  it('puts the exact name first, then names starting with the words, then the other matches, each tier by rating, under the filters', async () => {
    const db = await createTestDatabase();
    try {
      const e = new PostgresEngine(db.sql);
      const doc = (id: number, firstName: string, lastName: string, rating: number, state = 'Lagos'): SearchDocument => ({
        ...professional(id),
        name: `Dr. ${firstName} ${lastName}`.trim(),
        firstName,
        lastName,
        rating,
        state,
        city: state === 'Lagos' ? 'Ikeja' : 'Kano',
      });
      await e.upsert('professionals', [
        doc(1, 'Obi', 'Ada', 5), // holds the word, the name does not start with it
        doc(2, 'Ada', 'Obi', 1), // starts with it
        doc(3, 'Ada', 'Ngige', 2), // starts with it
        doc(4, 'Adaeze', 'Obi', 4.5), // starts with its letters, not the word: no match
        doc(5, 'Ada', '', 0.5), // the name is the word
        doc(6, 'Ada', 'Bello', 4.8, 'Kano'), // starts with it, another state
        doc(7, 'Musa', 'Ada', 3, 'Kano'),
      ]);
      const names = async (q: string, filter_by?: string) => {
        const [r] = (await e.multiSearch([{ collection: 'professionals', q, filter_by, sort_by: '_text_match:desc,rating:desc', per_page: 20 }])) as SearchResult[];
        return r.hits.map((h) => `${h.document.name} ${h.text_match}`);
      };
      expect(await names('ada')).toEqual([
        'Dr. Ada 3000',
        'Dr. Ada Bello 2000',
        'Dr. Ada Ngige 2000',
        'Dr. Ada Obi 2000',
        'Dr. Obi Ada 1000',
        'Dr. Musa Ada 1000',
      ]);
      expect(await names('ada', 'state:=[`Lagos`]')).toEqual(['Dr. Ada 3000', 'Dr. Ada Ngige 2000', 'Dr. Ada Obi 2000', 'Dr. Obi Ada 1000']);
      expect(await names('ada obi')).toEqual(['Dr. Ada Obi 3000', 'Dr. Obi Ada 1000']);
      // A word that is only the start of terms (adaeze): no name is that word, every match is in the last tier.
      expect(await names('adae')).toEqual(['Dr. Adaeze Obi 1000']);
    } finally {
      await db.sql.end({ timeout: 2 });
    }
  });

  it('reads the name tier from the name index alone: it carries the columns the tier filters and orders on (024)', async () => {
    const db = await createTestDatabase();
    try {
      // At 500,000 professionals, "sani" found its 1,402 names through the text index and read 3,731
      // heap pages to check them: 8-10 ms (docs/PERFORMANCE.md, 2026-11-25).
      const [row] = await db.sql<{ def: string }[]>`SELECT pg_get_indexdef('search_documents_name_idx'::regclass) AS def`;
      expect(row.def).toBe(
        'CREATE INDEX search_documents_name_idx ON public.search_documents USING btree (collection, name_key text_pattern_ops) INCLUDE (id, rating, review_count, key_id, tags)',
      );
    } finally {
      await db.sql.end({ timeout: 2 });
    }
  });
});

describe('PostgreSQL engine: the shapes of the page and count statements', () => {
  /** The plan PostgreSQL keeps for a prepared statement once it plans it for any values (as the API's pools do after five runs). */
  async function genericPlan(sql: Sql, text: string, values: unknown[]): Promise<string> {
    const conn = await sql.reserve();
    try {
      await conn.unsafe(`SET plan_cache_mode = force_generic_plan`);
      await conn.unsafe(`SET enable_seqscan = off`); // a few test rows would be read whole, whatever the indexes
      await conn.unsafe(`PREPARE q AS ${text}`);
      const literal = (v: unknown) => (Array.isArray(v) ? `'{${v.join(',')}}'` : `'${String(v).replace(/'/g, "''")}'`);
      const rows = await conn.unsafe(`EXPLAIN EXECUTE q${values.length ? `(${values.map(literal).join(', ')})` : ''}`);
      return rows.map((r) => String(Object.values(r)[0])).join('\n');
    } finally {
      await conn.unsafe(`DEALLOCATE ALL`).catch(() => {});
      await conn.unsafe(`RESET ALL`).catch(() => {});
      conn.release();
    }
  }

  /**
   * The plan PostgreSQL makes for a statement with its values, with `settings` too; sequential scans off,
   * since a test's few rows would be read whole whatever the indexes.
   */
  async function customPlan(sql: Sql, text: string, values: unknown[], settings: string[] = []): Promise<string> {
    const conn = await sql.reserve();
    try {
      for (const setting of ['enable_seqscan = off', ...settings]) await conn.unsafe(`SET ${setting}`);
      return (await conn.unsafe(`EXPLAIN ${text}`, values as never[])).map((row) => String(Object.values(row)[0])).join('\n');
    } finally {
      await conn.unsafe('RESET ALL');
      conn.release();
    }
  }

  it('cuts the page from its candidates before numbering them: a bounded sort keeps only the best rows', async () => {
    const db = await createTestDatabase();
    try {
      // At 500,000 professionals, page 4 over 46 keys sorted all 3,659 candidates before taking 20
      // (5-10 ms); a sort under the page's limit keeps 80 (docs/PERFORMANCE.md, 2026-11-25).
      const e = new PostgresEngine(db.sql);
      await e.upsert('professionals', Array.from({ length: 300 }, (_, i) => professional(i)));
      for (const raw of [
        { collection: 'professionals', q: '*', filter_by: 'state:=[`Lagos`,`Kano`]', sort_by: 'rating:desc', page: 2, per_page: 10 },
        { collection: 'professionals', q: 'okonkwo', sort_by: '_text_match:desc,rating:desc', per_page: 5 },
        { collection: 'professionals', q: '*', sort_by: 'yearsOfExperience:desc', per_page: 5 },
      ]) {
        const s = parseSearch(raw);
        const [r] = await e.resolve([s]);
        const q = hitsQuery(s, r);
        const plan = (await db.sql.unsafe(`EXPLAIN (ANALYZE, COSTS OFF) ${q.text}`, q.values as never[])).map((row) => String(Object.values(row)[0])).join('\n');
        expect(plan, raw.q).toContain('top-N heapsort');
      }
    } finally {
      await db.sql.end({ timeout: 2 });
    }
  });

  it("ranks a rare text's matches in every order, not only by relevance: no order's index is walked for them", async () => {
    const db = await createTestDatabase();
    try {
      // At 500,000 professionals "bichi" (2,758 documents) under a specialty's keys, soonest first, walked the
      // next-slot index through all 500,000 entries for its 3 hits: 427 ms (docs/PERFORMANCE.md, 2026-11-25).
      const e = new PostgresEngine(db.sql);
      const docs = Array.from({ length: 300 }, (_, i) => professional(i));
      await e.upsert('professionals', docs);
      const plan = async (raw: SearchRequest) => {
        const s = parseSearch(raw);
        const [r] = await e.resolve([s]);
        const q = hitsQuery(s, r);
        // Sorting made dear, as ranking thousands of matches is beside a walk that looks short to the planner:
        // the order's index is still not walked when no index gives the order.
        return customPlan(db.sql, q.text, q.values, ['enable_sort = off']);
      };
      for (const sort_by of ['nextSlot(missing_values: last):asc,rating:desc', 'yearsOfExperience:desc,rating:desc']) {
        const p = await plan({ collection: 'professionals', q: 'okonkwo', filter_by: 'state:=[`Lagos`,`Kano`]', sort_by });
        expect(p, sort_by).not.toMatch(/Index (Only )?Scan using search_documents_(next_slot|experience)/);
      }
      // Relevance first, then the soonest slot: the same ranking from the matches, in that order.
      const [r] = (await e.multiSearch([
        { collection: 'professionals', q: 'okonkwo', filter_by: 'state:=[`Lagos`]', sort_by: '_text_match:desc,nextSlot(missing_values: last):asc', per_page: 50 },
      ])) as SearchResult[];
      const okonkwo = docs.filter((d) => d.lastName === 'Okonkwo' && d.state === 'Lagos');
      expect(r.found).toBe(okonkwo.length);
      expect(r.hits.length).toBe(Math.min(50, okonkwo.length));
      const slots = r.hits.map((h) => (h.document.nextSlot as number | undefined) ?? Infinity);
      expect(slots).toEqual(okonkwo.map((d) => (d.nextSlot as number | undefined) ?? Infinity).sort((a, b) => a - b).slice(0, 50));
    } finally {
      await db.sql.end({ timeout: 2 });
    }
  });

  it('ranks the matches of common words that are rare together: their matches are counted before the page is asked for', async () => {
    const db = await createTestDatabase();
    const { sql, statements } = notingSql(db.url);
    try {
      // At 500,000 professionals "emergency care" in Calabar (each word thousands of documents, 3 hits)
      // walked the rating index through all 500,000 entries: 125 ms of SQL (docs/PERFORMANCE.md, 2026-11-25).
      // Here each name word is in 5,510 of 11,000 documents, both in 10.
      const e = new PostgresEngine(sql);
      const docs = Array.from({ length: 11_000 }, (_, i) => {
        const d = professional(i);
        const firstName = i < 5_500 ? 'Ada' : 'Chidi';
        const lastName = i >= 5_490 ? 'Bello' : 'Okafor';
        return { ...d, firstName, lastName, name: `Dr. ${firstName} ${lastName}`, state: String(d.state) };
      });
      await e.replaceAll('professionals', (async function* () {
        yield docs;
      })());
      await sql`ANALYZE search_documents`;
      const both = docs.filter((d) => d.firstName === 'Ada' && d.lastName === 'Bello');
      for (const filter_by of [undefined, `state:=[\`${both[0].state}\`]`]) {
        const expected = both.filter((d) => !filter_by || d.state === both[0].state);
        const before = statements().length;
        const [r] = (await e.multiSearch([{ collection: 'professionals', q: 'ada bello', sort_by: 'rating:desc', ...(filter_by ? { filter_by } : {}) }])) as SearchResult[];
        expect(r.found).toBe(expected.length);
        expect(r.hits.map((h) => h.document.id).sort()).toEqual(expected.map((d) => d.id).sort());
        // The page's statement as the engine sent it: it must not walk the rating index for the 10 matches.
        const page = statements().slice(before).find((q) => /^WITH page AS/.test(q.text.trim()));
        expect(page).toBeDefined();
        const plan = await customPlan(db.sql, page!.text, page!.values);
        expect(plan, filter_by).not.toMatch(/Index (Only )?Scan using search_documents_rating_idx/);
      }
    } finally {
      await sql.end({ timeout: 2 });
      await db.sql.end({ timeout: 2 });
    }
  });

  it('finds a page under an availability filter from the rating indexes alone: they carry the next free slot (026)', async () => {
    const db = await createTestDatabase();
    try {
      // At 500,000 professionals, page 4 of a state's keys available today read 1,136 heap rows for their next_slot.
      const rows = await db.sql<{ name: string; def: string }[]>`
        SELECT indexrelid::regclass::text AS name, pg_get_indexdef(indexrelid) AS def FROM pg_index
        WHERE indexrelid::regclass::text IN ('search_documents_rating_idx', 'search_documents_institutions_rating_idx', 'search_documents_key_rating_idx')
        ORDER BY 1`;
      expect(rows.map((r) => [r.name, /INCLUDE \(([^)]*)\)/.exec(r.def)?.[1]])).toEqual([
        ['search_documents_institutions_rating_idx', 'key_id, tags, next_slot'],
        ['search_documents_key_rating_idx', 'experience, tags, next_slot'],
        ['search_documents_rating_idx', 'key_id, tags, name_key, tsv_main, next_slot'],
      ]);
    } finally {
      await db.sql.end({ timeout: 2 });
    }
  });

  /**
   * A pool on the test database that notes the statements it sends (`statements`: with their values);
   * `cubeStatements` counts those over the cube.
   */
  function notingSql(url: string): { sql: Sql; sent: () => string[]; statements: () => { text: string; values: unknown[] }[]; cubeStatements: () => number } {
    const noted: { text: string; values: unknown[] }[] = [];
    const sql = createSql(url, { max: 2, debug: (_c, text, values) => noted.push({ text, values: values as unknown[] }) });
    const sent = () => noted.map((q) => q.text);
    return { sql, sent, statements: () => noted, cubeStatements: () => sent().filter((q) => /\bsearch_cube(_days)?\b/.test(q)).length };
  }

  it('ranks a text from its matches in one scan of them: the name tier a column of it, not a second subquery; the tiers as before', async () => {
    const db = await createTestDatabase();
    const { sql, statements } = notingSql(db.url);
    try {
      // Issue 47 (decision 069): each tier was a subquery over search_documents, planned on every call (the relevance
      // pages are planned for their values), and a word over the bodies read their text index in each.
      const e = new PostgresEngine(sql);
      const doc = (id: number, firstName: string, lastName: string, rating: number, bio = 'Listens carefully.'): SearchDocument => ({
        ...professional(id),
        name: `Dr. ${firstName} ${lastName}`.trim(),
        firstName,
        lastName,
        rating,
        bio,
      });
      await e.upsert('professionals', [
        doc(1, 'Obi', 'Ada', 5),
        doc(2, 'Ada', 'Obi', 1),
        doc(3, 'Ada', 'Ngige', 2, 'Sees children.'),
        doc(4, 'Adaeze', 'Obi', 4.5),
        doc(5, 'Ada', '', 0.5),
        doc(6, 'Musa', 'Ada', 3, 'Sees children.'),
      ]);
      const search = async (q: string) => {
        const before = statements().length;
        const [r] = (await e.multiSearch([{ collection: 'professionals', q, sort_by: '_text_match:desc,rating:desc', per_page: 20 }])) as SearchResult[];
        const page = statements().slice(before).find((x) => /^\s*WITH page AS/.test(x.text))!;
        return { names: r.hits.map((h) => `${h.document.name} ${h.text_match}`), page: page.text };
      };
      const ada = await search('ada');
      expect(ada.names).toEqual(['Dr. Ada 3000', 'Dr. Ada Ngige 2000', 'Dr. Ada Obi 2000', 'Dr. Obi Ada 1000', 'Dr. Musa Ada 1000']);
      expect(ada.page.match(/\bFROM search_documents\b/g)).toHaveLength(1);
      // A word no main field holds: the bodies' text index read once.
      const sees = await search('ada sees');
      expect(sees.names).toEqual(['Dr. Musa Ada 1000', 'Dr. Ada Ngige 1000']);
      expect(sees.page.match(/\bFROM search_bodies b\b/g)).toHaveLength(1);
    } finally {
      await sql.end({ timeout: 2 });
      await db.sql.end({ timeout: 2 });
    }
  });

  it("asks for no page its search's counts say is empty: a text found nowhere, a page past the last; the answers as before", async () => {
    const db = await createTestDatabase();
    const { sql, sent } = notingSql(db.url);
    try {
      // Issue 47 (decision 069): in the search mix a third of the page statements found nothing, each beside counts that
      // had found nothing (a word no main field holds read the bodies' text index in both tiers, 1.4 ms a call).
      const e = new PostgresEngine(sql);
      const docs = Array.from({ length: 60 }, (_, i) => professional(i));
      await e.upsert('professionals', docs);
      const pages = () => sent().filter((q) => /^\s*WITH (page|.*\bpage) AS/.test(q) && /\bJOIN search_bodies b\b/.test(q)).length;
      const search = async (raw: Omit<SearchRequest, 'collection'>) => {
        await e.generations(); // as the API's answer cache does before each request
        const before = pages();
        const [r] = (await e.multiSearch([{ collection: 'professionals', facet_by: 'specialty,state', ...raw }])) as SearchResult[];
        return { r, pages: pages() - before };
      };
      const okonkwo = docs.filter((d) => d.lastName === 'Okonkwo');
      const lagos = docs.filter((d) => d.state === 'Lagos');
      const emptyFacets = (r: SearchResult) => r.facet_counts.map((f) => [f.field_name, f.counts.length]);
      // A word no field holds (searched over the bodies by prefix), and one the main fields hold under a filter none of its documents pass.
      const kano = okonkwo.filter((d) => d.state === 'Kano');
      expect(kano).toEqual([]);
      for (const raw of [
        { q: 'zzqxv', sort_by: '_text_match:desc,rating:desc' },
        { q: 'okonkwo', filter_by: 'state:=[`Kano`]', sort_by: '_text_match:desc,rating:desc' },
      ]) {
        const { r, pages: n } = await search(raw);
        expect(r.found, raw.q).toBe(0);
        expect(r.hits, raw.q).toEqual([]);
        expect(emptyFacets(r), raw.q).toEqual([['specialty', 0], ['state', 0]]);
        expect(n, raw.q).toBe(0);
      }
      // A page past the last of a text and of a text-less search: found as before, no hit, no page asked for.
      for (const raw of [
        { q: 'okonkwo', page: Math.ceil(okonkwo.length / 5) + 1, per_page: 5 },
        { q: '*', filter_by: 'state:=[`Lagos`]', sort_by: 'rating:desc', page: Math.ceil(lagos.length / 5) + 1, per_page: 5 },
      ]) {
        const { r, pages: n } = await search(raw);
        expect(r.found, raw.q).toBe(raw.q === '*' ? lagos.length : okonkwo.length);
        expect(r.hits, raw.q).toEqual([]);
        expect(n, raw.q).toBe(0);
      }
      // The last page and a first page still ask for theirs, and find what they held before.
      const last = await search({ q: 'okonkwo', page: Math.ceil(okonkwo.length / 5), per_page: 5 });
      expect(last.pages).toBe(1);
      expect(last.r.hits.length).toBe(okonkwo.length - 5 * (Math.ceil(okonkwo.length / 5) - 1));
      const first = await search({ q: 'okonkwo', sort_by: '_text_match:desc,rating:desc', per_page: 50 });
      expect(first.pages).toBe(1);
      expect(first.r.found).toBe(okonkwo.length);
      expect(first.r.hits.map((h) => h.document.id).sort()).toEqual(okonkwo.map((d) => d.id).sort());
    } finally {
      await sql.end({ timeout: 2 });
      await db.sql.end({ timeout: 2 });
    }
  });

  it('reads a count statement once per state of the index: later searches that share it reuse its rows until a write moves the generation', async () => {
    const db = await createTestDatabase();
    const { sql, cubeStatements } = notingSql(db.url);
    try {
      const e = new PostgresEngine(sql);
      await e.upsert('professionals', Array.from({ length: 40 }, (_, i) => professional(i)));
      // Two pages and a sort of the same filters: the facet counts are the same statements.
      const search = async (extra: Partial<SearchRequest>) => {
        await e.generations(); // as the API's answer cache does before each request
        const [r] = (await e.multiSearch([{ collection: 'professionals', q: '*', filter_by: 'state:=[`Lagos`]', facet_by: 'specialty,countries', per_page: 5, ...extra }])) as SearchResult[];
        return r;
      };
      const first = await search({});
      const read = cubeStatements();
      expect(read).toBeGreaterThan(0);
      const second = await search({ page: 2 });
      const third = await search({ sort_by: 'rating:desc' });
      expect(cubeStatements()).toBe(read);
      expect(second.found).toBe(first.found);
      expect(third.facet_counts).toEqual(first.facet_counts);
      // A new Lagos cardiologist: the next search reads the counts again and sees it.
      await e.upsert('professionals', [{ ...professional(0), id: '1000', city: 'Ikeja', state: 'Lagos', specialty: 'Cardiology', professionalType: 'doctor' }]);
      const after = await search({ page: 3 });
      expect(cubeStatements()).toBeGreaterThan(read);
      expect(after.found).toBe(first.found + 1);
      const cardiology = (r: SearchResult) => r.facet_counts.find((f) => f.field_name === 'specialty')?.counts.find((c) => c.value === 'Cardiology')?.count ?? 0;
      expect(cardiology(after)).toBe(cardiology(first) + 1);
      // Without a generation read (no answer cache in front), every search sends its statements.
      const direct = new PostgresEngine(sql);
      const before = cubeStatements();
      for (let i = 0; i < 2; i++) await direct.multiSearch([{ collection: 'professionals', q: '*', filter_by: 'state:=[`Lagos`]', facet_by: 'specialty' }]);
      expect(cubeStatements()).toBe(before + 2);
    } finally {
      await sql.end({ timeout: 2 });
      await db.sql.end({ timeout: 2 });
    }
  });

  it('answers searches made at once on a new engine as it answers each alone: its key table is read one read at a time', async () => {
    const db = await createTestDatabase();
    try {
      await new PostgresEngine(db.sql).upsert('professionals', Array.from({ length: 40 }, (_, i) => professional(i)));
      const searches: SearchRequest[] = [
        { collection: 'professionals', q: 'cardiology lagos', facet_by: 'specialty,state', per_page: 5 },
        { collection: 'professionals', q: '*', filter_by: 'state:=[`Lagos`]', facet_by: 'specialty', per_page: 5 },
        { collection: 'professionals', q: 'okonkwo', facet_by: 'city', per_page: 5 },
        { collection: 'professionals', q: '*', filter_by: 'specialty:=[`Cardiology`]', facet_by: 'state', per_page: 0 },
      ];
      const atOnce = new PostgresEngine(db.sql);
      await atOnce.generations(); // as the API's answer cache does before each request
      const together = await Promise.all(searches.map((x) => atOnce.multiSearch([x])));
      const alone: (SearchResult | { error: string })[][] = [];
      for (const x of searches) {
        const e = new PostgresEngine(db.sql);
        await e.generations();
        alone.push(await e.multiSearch([x]));
      }
      const comparable = (rs: (SearchResult | { error: string })[]) => rs.map((r) => ({ ...r, search_time_ms: 0 }));
      expect(together.map(comparable)).toEqual(alone.map(comparable));
      expect(together.every(([r]) => (r as SearchResult).found > 0)).toBe(true);
    } finally {
      await db.sql.end({ timeout: 2 });
    }
  });

  it("sends a search's statements by the connections given for reads, none by the pool, with the same answers (decision 075)", async () => {
    const db = await createTestDatabase();
    const pool = notingSql(db.url);
    const reads = notingSql(db.url);
    try {
      await new PostgresEngine(db.sql).upsert('professionals', Array.from({ length: 40 }, (_, i) => professional(i)));
      const e = new PostgresEngine(pool.sql, { reads: reads.sql });
      const alone = new PostgresEngine(db.sql);
      const searches: SearchRequest[] = [
        { collection: 'professionals', q: 'cardiology lagos', facet_by: 'specialty,state', per_page: 5 },
        { collection: 'professionals', q: 'okonkwo', per_page: 5 },
        { collection: 'professionals', q: '*', filter_by: 'state:=[`Lagos`]', facet_by: 'specialty,countries', per_page: 5, page: 2 },
        { collection: 'professionals', q: '*', filter_by: 'nextSlot:<' + String(midnight(1)), per_page: 0 },
      ];
      await e.generations(); // as the API's answer cache does before each request
      // Several requests at once, as the API sends them: pipelined on the reads' connections.
      const answers = await Promise.all(searches.map((x) => e.multiSearch([x])));
      const expected = await Promise.all(searches.map((x) => alone.multiSearch([x])));
      const comparable = (rs: (SearchResult | { error: string })[]) => rs.map((r) => ({ ...r, search_time_ms: 0 }));
      expect(answers.map(comparable)).toEqual(expected.map(comparable));
      expect((answers[0][0] as SearchResult).found).toBeGreaterThan(0);
      expect(reads.sent().length).toBeGreaterThan(searches.length);
      expect(pool.sent()).toEqual([]);
    } finally {
      await pool.sql.end({ timeout: 2 });
      await reads.sql.end({ timeout: 2 });
      await db.sql.end({ timeout: 2 });
    }
  });

  it("keeps the keys of a text's terms as one row a term per state of the index: a write that adds a key to a term shows in the next count", async () => {
    const db = await createTestDatabase();
    const { sql, sent } = notingSql(db.url);
    try {
      const e = new PostgresEngine(sql);
      await e.upsert('professionals', Array.from({ length: 40 }, (_, i) => professional(i)));
      const reference = new PostgresEngine(db.sql);
      const termKeys = () => sent().filter((q) => /string_agg\(key_id::text/.test(q)).length;
      const check = async () => {
        await e.generations(); // as the API's answer cache does before each request
        const s = parseSearch({ collection: 'professionals', q: 'general practice', facet_by: 'city,specialty', per_page: 0 });
        const [r] = await e.resolve([s]);
        const [r0] = await reference.resolve([s]);
        const counted = await e.counts(s, r);
        expect(counted).toEqual(await reference.counts(s, r0, { live: true }));
        return counted.found;
      };
      const found = await check();
      expect(found).toBeGreaterThan(0);
      const read = termKeys();
      expect(read).toBe(1);
      // The same state: the kept keys, not a statement more.
      await check();
      expect(termKeys()).toBe(read);
      // A general practitioner in a town no one was in: a new key of both terms.
      await e.upsert('professionals', [{ ...professional(1), id: '1000', city: 'Town 1000', state: 'Kano', professionalType: 'doctor', specialty: 'General Practice' }]);
      expect(await check()).toBe(found + 1);
      expect(termKeys()).toBe(read + 1);
    } finally {
      await sql.end({ timeout: 2 });
      await db.sql.end({ timeout: 2 });
    }
  });

  it("counts a search over many keys from every key's rows, read once per state of the index, keeping its own keys", async () => {
    const db = await createTestDatabase();
    const { sql, sent, cubeStatements } = notingSql(db.url);
    try {
      const e = new PostgresEngine(sql);
      // A town each: 100 keys in Lagos, 40 in Kano, 20 in Enugu (more than the 64 keys a list is sent for).
      const state = (i: number) => (i < 100 ? 'Lagos' : i < 140 ? 'Kano' : 'Enugu');
      const docs: SearchDocument[] = Array.from({ length: 160 }, (_, i) => ({ ...professional(i), city: `Town ${i}`, state: state(i) }));
      await e.upsert('professionals', docs);
      // The reference: counted over the matching documents by an engine that keeps nothing (no generation read).
      const reference = new PostgresEngine(db.sql);
      const check = async (q: string, filter_by: string, expected: number) => {
        await e.generations();
        const s = parseSearch({ collection: 'professionals', q, filter_by, facet_by: 'specialty,countries', per_page: 0 });
        const [r] = await e.resolve([s]);
        const [r0] = await reference.resolve([s]);
        const counted = await e.counts(s, r);
        expect(counted.found).toBe(expected);
        expect(counted).toEqual(await reference.counts(s, r0, { live: true }));
      };
      await check('*', 'state:=[`Lagos`]', 100);
      const read = cubeStatements();
      // Another list of keys: the same rows, kept for other keys, and not a statement more.
      await check('*', 'state:=[`Lagos`,`Kano`]', 140);
      await check('*', 'state:=[`Lagos`,`Kano`,`Enugu`] && professionalType:=[`doctor`,`nurse`]', 120);
      expect(cubeStatements()).toBe(read);
      // Words of the bios (counted over the documents, not the cube): one statement over every key's
      // matches serves both key lists.
      const documents = () => sent().filter((q) => /\bm AS MATERIALIZED/.test(q)).length;
      const listening = (states: string[], types = ['doctor', 'nurse', 'pharmacist']) =>
        docs.filter((d) => states.includes(String(d.state)) && types.includes(String(d.professionalType)) && d.bio === 'Listens carefully.').length;
      await check('listens carefully', 'state:=[`Lagos`]', listening(['Lagos']));
      const counted = documents();
      expect(counted).toBeGreaterThan(0);
      await check('listens carefully', 'state:=[`Lagos`,`Kano`] && professionalType:=[`doctor`,`nurse`]', listening(['Lagos', 'Kano'], ['doctor', 'nurse']));
      expect(documents()).toBe(counted);
    } finally {
      await sql.end({ timeout: 2 });
      await db.sql.end({ timeout: 2 });
    }
  });

  it("counts a search over a few keys from every key's rows of its term and facets when those are kept, without a statement of its own", async () => {
    const db = await createTestDatabase();
    const { sql, cubeStatements } = notingSql(db.url);
    try {
      // Issue 47 (decision 071): in the search mix most short key lists' cube statements were of a term (mostly the empty
      // one) whose rows of every key, with the same facets, a search without keys had already read and kept.
      const e = new PostgresEngine(sql);
      await e.upsert('professionals', Array.from({ length: 60 }, (_, i) => professional(i)));
      const reference = new PostgresEngine(db.sql);
      const check = async (raw: Omit<SearchRequest, 'collection' | 'facet_by'>, facet_by = 'specialty,state,countries') => {
        await e.generations(); // as the API's answer cache does before each request
        const s = parseSearch({ collection: 'professionals', per_page: 0, facet_by, ...raw });
        const [r] = await e.resolve([s]);
        const [r0] = await reference.resolve([s]);
        const before = cubeStatements();
        const counted = await e.counts(s, r);
        expect(counted).toEqual(await reference.counts(s, r0, { live: true }));
        return { keys: r.keyIds?.length, sent: cubeStatements() - before, found: counted.found };
      };
      // Before any search without keys: the short list's own statement.
      const lagos = await check({ q: '*', filter_by: 'state:=[`Lagos`]' });
      expect(lagos.keys).toBeGreaterThan(0);
      expect(lagos.keys).toBeLessThanOrEqual(64);
      expect(lagos.found).toBeGreaterThan(0);
      expect(lagos.sent).toBe(1);
      // Every key's rows of the empty term with these facets, read once and kept.
      expect((await check({ q: '*' })).sent).toBe(1);
      // Short key lists of the same term and facets: from those rows, no statement; the same counts as counted live.
      expect(await check({ q: '*', filter_by: 'state:=[`Kano`]' })).toMatchObject({ sent: 0 });
      expect(await check({ q: '*', filter_by: 'state:=[`Lagos`] && professionalType:=[`doctor`]' })).toMatchObject({ sent: 0 });
      expect(await check({ q: '*', filter_by: 'state:=[`Lagos`]' })).toEqual({ ...lagos, sent: 0 });
      // Other facets: other rows of every key, not kept, so the list's own statement.
      expect((await check({ q: '*', filter_by: 'state:=[`Kano`]' }, 'specialty')).sent).toBe(1);
      // A write moves the generation: nothing kept is used, and the next search sees the new document.
      await e.upsert('professionals', [{ ...professional(0), id: '1000', city: 'Ikeja', state: 'Lagos' }]);
      const after = await check({ q: '*', filter_by: 'state:=[`Lagos`]' });
      expect(after.sent).toBe(1);
      expect(after.found).toBe(lagos.found + 1);
    } finally {
      await sql.end({ timeout: 2 });
      await db.sql.end({ timeout: 2 });
    }
  });

  /**
   * Sixty professionals indexed, then, for a search, its count statement (which must be the cube's), how
   * many facet keys its filters allow, whether it is prepared, and its generic plan.
   */
  async function cubeCountPlans(sql: Sql): Promise<(raw: SearchRequest) => Promise<{ keys: number | undefined; prepared: boolean; plan: string }>> {
    const e = new PostgresEngine(sql);
    await e.upsert('professionals', Array.from({ length: 60 }, (_, i) => professional(i)));
    return async (raw) => {
      const s = parseSearch(raw);
      const [r] = await e.resolve([s]);
      const q = countQuery(s, r);
      expect(q.cube).toBe(true);
      return { keys: r.keyIds?.length, prepared: q.prepare === true, plan: await genericPlan(sql, q.text, q.values) };
    };
  }

  it("finds the cube rows of a few keys by each key in the index, not by testing every row of the term against the list", async () => {
    const db = await createTestDatabase();
    try {
      // At 500,000 professionals a prepared count over a kind's 46 keys tested each of the empty term's
      // 8,500 institution rows against the whole list (2.9 ms); each key's rows from the index, 0.66 ms.
      const plans = await cubeCountPlans(db.sql);
      const plan = async (raw: SearchRequest) => {
        const { keys, prepared, plan } = await plans(raw);
        expect(keys).toBeGreaterThan(1);
        expect(prepared).toBe(true);
        return plan;
      };
      for (const raw of <SearchRequest[]>[
        { collection: 'professionals', q: '*', filter_by: 'state:=[`Lagos`,`Kano`]', facet_by: 'specialty,countries' },
        { collection: 'professionals', q: 'okonkwo', filter_by: 'state:=[`Lagos`,`Kano`]', facet_by: 'countries' },
        { collection: 'professionals', q: '*', filter_by: `state:=[\`Lagos\`,\`Kano\`] && nextSlot:<${midnight(3)}`, facet_by: 'countries' },
      ]) {
        const p = await plan(raw);
        expect(p, raw.filter_by).not.toMatch(/Filter: .*key_id = ANY/);
        expect(p, raw.filter_by).toMatch(/Index Cond: .*key_id = listed\.id/);
      }
    } finally {
      await db.sql.end({ timeout: 2 });
    }
  });

  it("counts documents from the cubes' indexes of document rows, without stepping over array value rows, and one value's rows from those of value rows (025, 027)", async () => {
    const db = await createTestDatabase();
    try {
      // At 500,000 professionals the empty term's 2,254 document rows lay among 12,996 rows of
      // countries: 15,250 index entries read for each count over all keys or many.
      const counts = await cubeCountPlans(db.sql);
      const plans = async (raw: SearchRequest) => (await counts(raw)).plan;
      expect(await plans({ collection: 'professionals', q: '*', facet_by: 'specialty,state' })).toContain('search_cube_documents_idx');
      expect(await plans({ collection: 'professionals', q: '*', filter_by: 'state:=[`Lagos`]', facet_by: 'specialty' })).toContain('search_cube_documents_idx');
      expect(await plans({ collection: 'professionals', q: 'okonkwo', facet_by: 'state' })).toContain('search_cube_documents_idx');
      expect(await plans({ collection: 'professionals', q: '*', filter_by: `nextSlot:<${midnight(3)}`, facet_by: 'specialty' })).toContain(
        'search_cube_days_documents_idx',
      );
      // One value's rows over every key, together in the indexes of value rows (027): at 500,000 the
      // count of a search filtered on one service read all the term's 8,554 rows for 434.
      expect(await plans({ collection: 'professionals', q: '*', filter_by: 'countries:=[`Ghana`]', facet_by: 'specialty' })).toContain('search_cube_values_idx');
      expect(await plans({ collection: 'professionals', q: '*', filter_by: `countries:=[\`Ghana\`] && nextSlot:<${midnight(3)}`, facet_by: 'specialty' })).toContain(
        'search_cube_days_values_idx',
      );
    } finally {
      await db.sql.end({ timeout: 2 });
    }
  });
});

describe('PostgreSQL engine: rows read once', () => {
  it("finds the keys every word's terms hold from the terms' sets of keys: the same keys, ascending, as testing each candidate", () => {
    // A small deterministic generator: the same cases every run.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const setOf = (size: number) => new Set(Array.from({ length: size }, () => 1 + next(60)));
    for (let round = 0; round < 300; round++) {
      const groups = Array.from({ length: 1 + next(3) }, () => Array.from({ length: next(4) }, () => setOf(next(round % 2 ? 40 : 6))));
      // Every key of a collection (1..50, table order) or a search's sorted key list, a few or many.
      const all = Array.from({ length: 50 }, (_, i) => 50 - i);
      const listed = [...setOf(1 + next(50))].filter((k) => k <= 50).sort((a, b) => a - b);
      for (const candidates of [all, listed]) {
        const allowed = new Set(candidates);
        const expected = candidates.filter((id) => groups.every((sets) => sets.some((set) => set.has(id)))).sort((a, b) => a - b);
        expect({ groups: groups.map((g) => g.map((set) => [...set])), candidates, keys: keysInEveryGroup(groups, candidates, (id) => allowed.has(id)) }).toEqual({
          groups: groups.map((g) => g.map((set) => [...set])),
          candidates,
          keys: expected,
        });
      }
    }
    // No words: every candidate.
    expect(keysInEveryGroup([], [9, 3, 5], () => true)).toEqual([3, 5, 9]);
  });

  it("reads string_agg's list of key ids as a set", () => {
    expect([...intSet('12,7,301')]).toEqual([12, 7, 301]);
    expect([...intSet('5')]).toEqual([5]);
    expect([...intSet('-1,0,2147483647')]).toEqual([-1, 0, 2147483647]);
    expect(intSet('').size).toBe(0);
  });

  it("takes the rows of a few keys from rows of every key: their own rows as they are, their value and window rows summed over them", () => {
    const rows: CountRow[] = [
      { k: 3, f: '', v: '', n: 2 },
      { k: 15, f: '', v: '', n: 0 },
      { k: 1200, f: '', v: '', n: 11 },
      { k: 3, f: 'countries', v: 'Ghana', n: 1 },
      { k: 1200, f: 'countries', v: 'Ghana', n: 4 },
      { k: 1200, f: 'countries', v: 'Nigeria', n: 11 },
      { k: 15, f: 'languages', v: 'Hausa', n: 0 },
      { k: 3, f: '~window', v: '0', n: 1 },
      { k: 1200, f: '~window', v: '0', n: 6 },
    ];
    const sorted = (r: CountRow[]) => [...r].sort((a, b) => a.k - b.k || (a.f + a.v < b.f + b.v ? -1 : 1));
    // The first call filters the rows; the index is made at the second.
    expect(rowsOfKeys(rows, [15])).toEqual([rows[1], rows[6]]);
    expect(sorted(rowsOfKeys(rows, [1200, 3, 3, 99]))).toEqual([
      { k: 0, f: 'countries', v: 'Ghana', n: 5 },
      { k: 0, f: 'countries', v: 'Nigeria', n: 11 },
      { k: 0, f: '~window', v: '0', n: 7 },
      { k: 3, f: '', v: '', n: 2 },
      { k: 1200, f: '', v: '', n: 11 },
    ]);
    // Again, and other keys, from the same index: nothing left over from the call before.
    expect(sorted(rowsOfKeys(rows, [3]))).toEqual([
      { k: 0, f: 'countries', v: 'Ghana', n: 1 },
      { k: 0, f: '~window', v: '0', n: 1 },
      { k: 3, f: '', v: '', n: 2 },
    ]);
    expect(sorted(rowsOfKeys(rows, [15]))).toEqual([{ k: 0, f: 'languages', v: 'Hausa', n: 0 }, { k: 15, f: '', v: '', n: 0 }]);
    expect(rowsOfKeys(rows, [7])).toEqual([]);
    // What facetsFromCounts and windowRows make of them is what they made of the rows filtered.
    const keys = new KeyTable();
    const s = parseSearch({ collection: 'professionals', q: '*', facet_by: 'countries,languages' });
    const keep = new Set([1200, 3]);
    const filtered = rows.filter((row) => keep.has(row.k));
    const a = windowRows(rowsOfKeys(rows, [1200, 3]), 1);
    const b = windowRows(filtered, 1);
    expect(a.counts).toEqual(b.counts);
    expect(facetsFromCounts(s, a.facetRows, keys)).toEqual(facetsFromCounts(s, b.facetRows, keys));
  });

  it("reads a count statement's one row of keys back into a row a key, and leaves the other rows as they are", () => {
    const value = { k: 0, f: 'countries', v: 'Ghana', n: 1 };
    expect(countRows([{ k: 0, f: '~keys', v: '3:2,15:0,1200:11', n: 0 }, value])).toEqual([
      { k: 3, f: '', v: '', n: 2 },
      { k: 15, f: '', v: '', n: 0 },
      { k: 1200, f: '', v: '', n: 11 },
      value,
    ]);
    expect(countRows([{ k: 0, f: '~keys', v: '', n: 0 }])).toEqual([]);
    expect(countRows([{ k: 4, f: '', v: '', n: -2 }])).toEqual([{ k: 4, f: '', v: '', n: -2 }]);
    expect(countRows([{ n0: 3, n1: 5 }])).toEqual([{ n0: 3, n1: 5 }]);
  });

  it('hands count rows on uncopied when no availability window was counted with them, and takes the windows out otherwise', () => {
    const rows: CountRow[] = [
      { k: 3, f: '', v: '', n: 2 },
      { k: 0, f: 'countries', v: 'Ghana', n: 1 },
    ];
    expect(windowRows(rows, 0)).toEqual({ facetRows: rows, counts: [] });
    expect(windowRows(rows, 0).facetRows).toBe(rows);
    const windowed: CountRow[] = [...rows, { k: 3, f: '~window', v: '1', n: 4 }, { k: 5, f: '~window', v: '1', n: 1 }];
    expect(windowRows(windowed, 2)).toEqual({ facetRows: rows, counts: [0, 5] });
  });
});

describe('PostgreSQL engine: facet counts from rows by key', () => {
  it("counts each key facet's values over the keys' rows, with array values from their own rows; a key it does not know counts in found only", async () => {
    const db = await createTestDatabase();
    try {
      const e = new PostgresEngine(db.sql);
      // Three keys: Lagos/Lagos unverified, Ikeja/Lagos verified, Kano/Kano unverified (professional(): i % 3 !== 0 is verified).
      await e.upsert('professionals', [professional(5), professional(1), professional(3)].map((d, i) => ({ ...d, id: String(i + 1), ...[{ city: 'Lagos', state: 'Lagos', isVerified: false }, { city: 'Ikeja', state: 'Lagos', isVerified: true }, { city: 'Kano', state: 'Kano', isVerified: false }][i] })));
      const keys = new KeyTable();
      await keys.refresh(db.sql);
      const ids = await db.sql<{ id: number; city: string }[]>`SELECT id, key ->> 'city' AS city FROM search_cube_keys WHERE collection = 'professionals'`;
      const id = (city: string) => ids.find((r) => r.city === city)!.id;
      const s = parseSearch({ collection: 'professionals', q: '*', facet_by: 'city,state,isVerified,countries' });
      const rows: CountRow[] = [
        { k: id('Lagos'), f: '', v: '', n: 3 },
        { k: id('Ikeja'), f: '', v: '', n: 2 },
        { k: id('Kano'), f: '', v: '', n: 0 },
        { k: 99999, f: '', v: '', n: 4 },
        { k: 0, f: 'countries', v: 'Ghana', n: 1 },
      ];
      const counts = (field: string) => facetsFromCounts(s, rows, keys).facets.find((f) => f.field_name === field)!.counts.map((c) => [c.value, c.count]);
      expect(facetsFromCounts(s, rows, keys).found).toBe(9);
      expect(counts('city')).toEqual([['Lagos', 3], ['Ikeja', 2]]);
      expect(counts('state')).toEqual([['Lagos', 5]]);
      expect(counts('isVerified')).toEqual([['false', 3], ['true', 2]]);
      expect(counts('countries')).toEqual([['Ghana', 1]]);
      // The same rows again, and another search's facets over them: the values are named as before.
      const t = parseSearch({ collection: 'professionals', q: '*', facet_by: 'state,city' });
      expect(facetsFromCounts(t, rows.slice(1), keys).facets.map((f) => [f.field_name, f.counts.map((c) => `${c.value}=${c.count}`)])).toEqual([
        ['state', ['Lagos=2']],
        ['city', ['Ikeja=2']],
      ]);
    } finally {
      await db.sql.end({ timeout: 2 });
    }
  });
});
