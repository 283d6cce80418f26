import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSql, type Sql } from '@ilera/db';
import { createTestDatabase } from '../../test/support';
import type { SearchRequest, SearchResult } from './engine';
import { countQuery, PostgresEngine } from './postgres-engine';
import { parseSearch } from './protocol';
import type { SearchDocument } from './schema';

/**
 * Issue 33's institutions by service: a kind of institution is a long key list (a key per type and town,
 * the register's listings most of them, which have no services), and a service is an array value. The
 * pages and counts of such searches must equal the documents' own, whichever way the engine reads them:
 * each key's rows when few keys hold the matches, a walk of the rating index when many do, and one
 * statement of every key's cube rows for the services facet with or without a key list.
 */

const SERVICES = ['Compounding', 'Home Delivery', 'Rare Assay'];
const OWNED_TOWNS = ['Lagos', 'Ikeja', 'Abuja', 'Kano', 'Enugu', 'Ibadan'];
const id = (n: number) => `i${String(n).padStart(4, '0')}`;

/** 100 pharmacy listings, one per town (100 keys: more than the 64 a key list is sent for), without services, rated 0. */
const listings: SearchDocument[] = Array.from({ length: 100 }, (_, i) => ({
  id: id(i),
  name: `Listed Pharmacy ${i}`,
  type: 'pharmacy',
  typeLabel: 'Pharmacy',
  services: [],
  city: `Town ${i}`,
  state: 'Oyo',
  professionalCount: 0,
  rating: 0,
  reviewCount: 0,
  isVerified: false,
  isApproved: true,
  listed: true,
}));

/**
 * Owned pharmacies in six towns (six keys), many offering compounding, a few home delivery, two a rare
 * assay; ratings with ties, so that the id breaks them. And hospitals offering the same services.
 */
const owned: SearchDocument[] = Array.from({ length: 180 }, (_, i) => {
  const hospital = i % 6 === 5;
  return {
    id: id(1000 + i),
    name: `${hospital ? 'Hospital' : 'Pharmacy'} ${i}`,
    type: hospital ? 'hospital' : 'pharmacy',
    typeLabel: hospital ? 'Hospital' : 'Pharmacy',
    services: [
      ...(i % 3 !== 0 ? ['Compounding'] : []),
      ...(i % 10 === 1 ? ['Home Delivery'] : []),
      ...(i === 7 || i === 62 ? ['Rare Assay'] : []),
    ],
    city: OWNED_TOWNS[i % OWNED_TOWNS.length],
    state: 'Lagos',
    professionalCount: i % 4,
    rating: (i * 7) % 5,
    reviewCount: i % 3,
    isVerified: true,
    isApproved: true,
  };
});

const documents = [...listings, ...owned];

/** The page the documents give: pharmacies (or every institution) offering `service`, by rating, then reviews, then id. */
function expectedPage(service: string, page: number, perPage: number, type: string | null = 'pharmacy'): { found: number; ids: string[] } {
  const matches = documents
    .filter((d) => (type === null || d.type === type) && (d.services as string[]).includes(service))
    .sort((a, b) => Number(b.rating) - Number(a.rating) || Number(b.reviewCount) - Number(a.reviewCount) || (String(a.id) < String(b.id) ? -1 : 1));
  return { found: matches.length, ids: matches.slice((page - 1) * perPage, page * perPage).map((d) => String(d.id)) };
}

describe('PostgreSQL engine: a kind of institution under a service (issue 33)', () => {
  let db: { sql: Sql; url: string };
  let sql: Sql;
  const noted: { text: string; values: unknown[] }[] = [];
  let engine: PostgresEngine;

  beforeAll(async () => {
    db = await createTestDatabase();
    sql = createSql(db.url, { max: 2, debug: (_c, text, values) => noted.push({ text, values: values as unknown[] }) });
    engine = new PostgresEngine(sql);
    await engine.upsert('institutions', documents);
  });
  afterAll(async () => {
    await sql.end({ timeout: 2 });
    await db.sql.end({ timeout: 2 });
  });

  /** A search as the API sends it (a generation read first, as its answer cache does), and the statements it sent. */
  async function search(request: Partial<SearchRequest>): Promise<{ result: SearchResult; sent: { text: string; values: unknown[] }[] }> {
    const before = noted.length;
    await engine.generations();
    const [result] = (await engine.multiSearch([
      { collection: 'institutions', q: '*', sort_by: 'rating:desc,reviewCount:desc', facet_by: 'type,city', ...request },
    ])) as SearchResult[];
    return { result, sent: noted.slice(before) };
  }
  const pageOf = (sent: { text: string; values: unknown[] }[]) => sent.find((q) => /^WITH page AS/.test(q.text.trim()))!;

  it('gives every page of a rare service over the kind, read from the few keys that hold it', async () => {
    for (const perPage of [1, 20]) {
      const expected = expectedPage('Rare Assay', 1, 100);
      expect(expected.found).toBe(2);
      for (let page = 1; page <= Math.ceil(expected.found / perPage) + 1; page++) {
        const { result, sent } = await search({ filter_by: 'type:=[`pharmacy`] && services:=[`Rare Assay`]', page, per_page: perPage });
        expect(result.found).toBe(expected.found);
        expect(result.hits.map((h) => h.document.id)).toEqual(expectedPage('Rare Assay', page, perPage).ids);
        // Past the last page: its counts say it is empty, no page is asked for (decision 069).
        if (page > Math.ceil(expected.found / perPage)) {
          expect(pageOf(sent)).toBeUndefined();
          continue;
        }
        // Each key holding a match, walked in order (key_rating): not the kind's 106 keys, nor the tag's documents.
        const q = pageOf(sent);
        // (Its values are written into its text as literals, decision 074: the key list is E'{12,34}'.)
        const list = /unnest\(E'\{(\d+(?:,\d+)*)\}'::int\[\]\) AS k\(key_id\)/.exec(q.text);
        expect(list?.[1].split(',').length).toBe(2);
      }
    }
  });

  it('gives every page of a common service over the kind, walking the rating index with the service a test of each entry', async () => {
    const expected = expectedPage('Compounding', 1, 1000);
    expect(expected.found).toBeGreaterThan(80);
    for (const page of [1, 2, 3, 5, 6]) {
      const { result, sent } = await search({ filter_by: 'type:=[`pharmacy`] && services:=[`Compounding`]', page, per_page: 20 });
      expect(result.found).toBe(expected.found);
      expect(result.hits.map((h) => h.document.id)).toEqual(expectedPage('Compounding', page, 20).ids);
      // More than TAG_RANKED_PER_HIT matches a hit: the tag is tested, not read from its GIN index and
      // ANDed with the whole collection's primary key.
      if (expected.found > page * 20 * 4) expect(pageOf(sent).text).toContain(`coalesce(tags, '{}') && `);
    }
  });

  it("gives every page of a service over every key, ranked from the service's documents when the walk would read more", async () => {
    const expected = expectedPage('Compounding', 1, 1000, null);
    // 120 documents: on page 1 a walk reads about 5 x 280 / 120 entries of the rating index, ranking reads 120
    // rows; at 101,000 institutions the two cost the same near m x m = 13,000 x (offset + limit).
    expect(expected.found).toBe(120);
    for (const page of [1, 2, 5, 6, 24, 25]) {
      const { result, sent } = await search({ filter_by: 'services:=[`Compounding`]', page, per_page: 5 });
      expect(result.found).toBe(expected.found);
      expect(result.hits.map((h) => h.document.id)).toEqual(expectedPage('Compounding', page, 5, null).ids);
      // (Up to TAG_RANKED_PER_HIT matches a hit, the keys that hold them are merged instead: the first test.)
      if (expected.found > page * 5 * 4) expect(pageOf(sent).text).toContain(`collection || '' = 'institutions'`);
    }
  });

  it('counts the services facet from one statement of every key, with or without a key list, equal to counting the documents', async () => {
    const reference = new PostgresEngine(db.sql); // reads no generation: keeps nothing
    const check = async (raw: SearchRequest) => {
      const s = parseSearch(raw);
      await engine.generations();
      const [r] = await engine.resolve([s]);
      const [r0] = await reference.resolve([s]);
      expect(await engine.counts(s, r)).toEqual(await reference.counts(s, r0, { live: true }));
    };
    const cube = () => noted.filter((q) => /\bsearch_cube\b/.test(q.text) && q.values.includes('services')).length;
    const before = cube();
    await check({ collection: 'institutions', q: '*', filter_by: 'type:=[`pharmacy`]', facet_by: 'services,city' });
    const read = cube();
    expect(read).toBe(before + 1);
    // Over every key: the same statement's rows, summed here.
    await check({ collection: 'institutions', q: '*', facet_by: 'services,type' });
    expect(cube()).toBe(read);
    // A few keys (the hospitals' one): their own rows, key by key.
    await check({ collection: 'institutions', q: '*', filter_by: 'type:=[`hospital`]', facet_by: 'services' });
    // A write: read again, and still equal.
    await engine.upsert('institutions', [{ ...owned[3], id: id(5000), city: 'Town 3', services: ['Rare Assay', 'Compounding'] }]);
    const written = cube();
    await check({ collection: 'institutions', q: '*', facet_by: 'services,type' });
    expect(cube()).toBe(written + 1);
    await engine.delete('institutions', [id(5000)]);
  });

  it("reads a facet's value rows of the term by that field in the index, not every array's rows filtered (027)", async () => {
    // At 101,000 institutions the services facet over every key read 30,716 value rows (the register's lga,
    // ownership and level among them) for its 7,853.
    const s = parseSearch({ collection: 'institutions', q: '*', filter_by: 'type:=[`pharmacy`]', facet_by: 'services,type' });
    const [r] = await engine.resolve([s]);
    const q = countQuery(s, r, { everyKey: true });
    expect(q.cube).toBe(true);
    const conn = await db.sql.reserve();
    try {
      await conn.unsafe(`SET plan_cache_mode = force_generic_plan`);
      await conn.unsafe(`SET enable_seqscan = off`);
      await conn.unsafe(`PREPARE q AS ${q.text}`);
      const literal = (v: unknown) => (Array.isArray(v) ? `'{${v.join(',')}}'` : `'${String(v).replace(/'/g, "''")}'`);
      const plan = (await conn.unsafe(`EXPLAIN EXECUTE q(${q.values.map(literal).join(', ')})`)).map((row) => String(Object.values(row)[0])).join('\n');
      expect(plan).toMatch(/search_cube_values_idx[\s\S]*Index Cond: .*arr_field = \$\d+\)/);
      expect(plan).not.toMatch(/Filter: .*arr_field = ANY/);
    } finally {
      await conn.unsafe(`DEALLOCATE ALL`).catch(() => {});
      await conn.unsafe(`RESET ALL`).catch(() => {});
      conn.release();
    }
  });
});
