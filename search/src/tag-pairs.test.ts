import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '@ilera/db';
import { createTestDatabase } from '../../test/support';
import { keptAndRecounted as recountedRows } from '../../test/recount';
import { isSearchError, type SearchRequest } from './engine';
import { PostgresEngine } from './postgres-engine';
import { parseSearch } from './protocol';
import type { SearchDocument } from './schema';

/**
 * Issue 47 (migration 083, decision 053): a search without text under one array value (a service, a plan,
 * a language) with array facets, as every REST search under a service or plan asks, is counted from the tag
 * pairs (per key, a tag's documents and each of their tags) instead of every match's tags. The counts must
 * equal counting the documents (`live`), with no key filter, a short key list and a long one, before and after
 * the index worker's writes and a full reindex; the rows the trigger keeps must equal a recount.
 */

const rand = (i: number, salt: number) => {
  const x = Math.sin(i * 12.9898 + salt * 78.233) * 43758.5453;
  return x - Math.floor(x);
};
const STATES = ['Lagos', 'Kano', 'FCT', 'Oyo', 'Rivers'];
const CITIES = ['Ikeja', 'Nassarawa', 'Garki', 'Ibadan', 'Bonny', 'Yaba', 'Wuse'];
const SPECIALTIES = ['Cardiology', 'Paediatrics', 'Dermatology', 'General Practice', 'Obstetrics & Gynaecology', 'Ophthalmology'];
const LANGUAGES = ['en', 'ha', 'yo', 'ig', 'pcm'];
const PLANS = ['nhia', 'lagos-state-health-scheme', 'iroko-health-hmo', 'sahel-care-hmo'];
const SERVICES = ['Antenatal Care', 'Immunizations', 'Laboratory Services', 'Pharmacy', 'Family Planning'];

const some = <T>(xs: readonly T[], i: number, salt: number, p: number) => xs.filter((_, k) => rand(i * 7 + k, salt) < p);

function professional(i: number, variant = 0): SearchDocument {
  const v = i + variant * 13;
  const plans = some(PLANS, v, 3, 0.35);
  return {
    id: `p${i}`,
    name: `Dr. Person ${i}`,
    professionalType: ['Doctor', 'Nurse', 'Pharmacist'][v % 3],
    specialty: SPECIALTIES[(v * 5) % SPECIALTIES.length],
    city: CITIES[(v * 3) % CITIES.length],
    state: STATES[v % STATES.length],
    countries: v % 5 === 0 ? ['Nigeria', 'Ghana'] : ['Nigeria'],
    yearsOfExperience: v % 30,
    languages: some(LANGUAGES, v, 1, 0.45),
    plans,
    primaryPlans: plans.filter((_, k) => k === 0 && v % 4 === 0),
    services: some(SERVICES, v, 2, 0.3),
    rating: v % 5,
    reviewCount: v % 4,
    isVerified: v % 3 !== 0,
    isApproved: true,
  } as unknown as SearchDocument;
}

const facets = { facet_by: 'professionalType,specialty,state,city,languages,plans,services', max_facet_values: 50 };
const searches: SearchRequest[] = [
  // No key filter: every key's pairs of the tag.
  { collection: 'professionals', q: '*', filter_by: 'services:=[Pharmacy]', ...facets, per_page: 0 },
  { collection: 'professionals', q: '*', filter_by: 'plans:=[nhia]', ...facets, per_page: 5 },
  { collection: 'professionals', q: '*', filter_by: 'primaryPlans:=[nhia]', facet_by: 'plans,services,languages', per_page: 0 },
  { collection: 'professionals', q: '*', filter_by: 'languages:=[ha]', facet_by: 'languages,plans', per_page: 3, page: 2 },
  // A short key list, and a long one (past PER_KEY_MAX keys: every verified and approved key).
  { collection: 'professionals', q: '*', filter_by: 'state:=[Lagos] && specialty:=[Cardiology] && services:=[Laboratory Services]', ...facets, per_page: 0 },
  { collection: 'professionals', q: '*', filter_by: 'state:=[Kano] && plans:=[iroko-health-hmo]', ...facets, per_page: 4 },
  { collection: 'professionals', q: '*', filter_by: 'isVerified:=true && languages:=[yo]', ...facets, per_page: 0 },
  { collection: 'professionals', q: '*', filter_by: 'isApproved:=true && plans:=[sahel-care-hmo]', facet_by: 'plans,services', per_page: 0 },
  // A value no document holds.
  { collection: 'professionals', q: '*', filter_by: 'services:=[Dialysis]', ...facets, per_page: 0 },
];

describe('array facets under an array value, from the tag pairs (PostgreSQL engine)', () => {
  let db: { sql: Sql };
  let engine: PostgresEngine;

  /** Each search's counts as the engine answers them, and counted over the documents. */
  async function compare() {
    let found = 0;
    for (const raw of searches) {
      const s = parseSearch(raw);
      const [r] = await engine.resolve([s]);
      const live = await engine.counts(s, r, { live: true });
      if (live.found > 0) found++;
      const [answer] = await engine.multiSearch([raw]);
      if (isSearchError(answer)) throw new Error(answer.error);
      expect({ raw, found: answer.found, facets: answer.facet_counts }).toEqual({ raw, found: live.found, facets: live.facets });
    }
    expect(found).toBeGreaterThanOrEqual(searches.length - 2);
  }

  /** The pair rows as the trigger keeps them, and as a recount from the documents makes them (rolled back). */
  const keptAndRecounted = () =>
    recountedRows(
      db.sql,
      (sql) => sql`SELECT collection, tag, arr_field, key_id, arr_value, count FROM search_cube_tag_pairs ORDER BY 1, 2, 3, 4, 5`,
      (tx) => tx`SELECT search_recount_tag_pairs('professionals')`,
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    engine = new PostgresEngine(db.sql, { nearInMemory: false });
    const docs = Array.from({ length: 700 }, (_, i) => professional(i));
    for (let i = 0; i < docs.length; i += 175) await engine.upsert('professionals', docs.slice(i, i + 175));
    // Counts are kept per state of the index only after a generation read, as the API does.
    await engine.generations();
  });
  afterAll(async () => {
    await engine.close();
    await db.sql.end({ timeout: 2 });
  });

  it('counts found and every facet as counting the documents does, and keeps the pairs a recount gives', async () => {
    const { kept, recounted } = await keptAndRecounted();
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(recounted);
    await compare();
  });

  it('keeps the pairs true under the index worker\'s writes (other values, other keys, deletes) and a full reindex', async () => {
    await engine.upsert('professionals', Array.from({ length: 200 }, (_, i) => professional(i * 3, 1)));
    await engine.delete('professionals', Array.from({ length: 30 }, (_, i) => `p${i * 17 + 2}`));
    await engine.generations();
    const { kept, recounted } = await keptAndRecounted();
    expect(kept).toEqual(recounted);
    await compare();
    const docs = await engine.exportAll('professionals');
    await engine.replaceAll('professionals', (async function* () {
      yield docs;
    })());
    await engine.generations();
    expect((await keptAndRecounted()).kept).toEqual(kept);
    await compare();
  });

  it('reads the pairs: a count put into a pair row shows in the facet', async () => {
    const raw: SearchRequest = { collection: 'professionals', q: '*', filter_by: 'services:=[Pharmacy]', facet_by: 'plans', max_facet_values: 50, per_page: 0 };
    // An engine that has read no generation keeps no counts: each search reads the pairs again.
    const fresh = new PostgresEngine(db.sql, { nearInMemory: false });
    const plans = async () => {
      const [a] = await fresh.multiSearch([raw]);
      if (isSearchError(a)) throw new Error(a.error);
      return a.facet_counts[0]!.counts;
    };
    const before = await plans();
    const [row] = await db.sql<{ value: string }[]>`
      UPDATE search_cube_tag_pairs SET count = count + 1000
      WHERE (collection, tag, arr_field, key_id, arr_value) = (
        SELECT collection, tag, arr_field, key_id, arr_value FROM search_cube_tag_pairs
        WHERE collection = 'professionals' AND tag = 'services:Pharmacy' AND arr_field = 'plans' LIMIT 1)
      RETURNING arr_value AS value`;
    expect(row).toBeDefined();
    try {
      const n = (counts: typeof before) => counts.find((c) => c.value === row.value)?.count ?? 0;
      expect(n(await plans())).toBe(n(before) + 1000);
    } finally {
      await db.sql`UPDATE search_cube_tag_pairs SET count = count - 1000 WHERE count >= 1000`;
    }
  });
});
