import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emit, type Sql } from '@ilera/db';
import { createTestDatabase } from '../../test/support';
import { createInstitution, createProfessional } from '../../test/factories';
import { typesenseTarget, type TypesenseServer } from '../../test/typesense-target';
import older from '../../test/typesense-older-schemas.json';
import { indexListings } from '../../scripts/import-facilities';
import { isSearchError, nearFilter, nearSort, type SearchEngine, type SearchRequest, type SearchResult } from './engine';
import { approvedIds, buildDocuments, checkIndex, createEngine, reindexAll, syncProfile, withRebuildLock } from './index';
import { TypesenseEngine, wantedFields } from './typesense-engine';
import { withOpenNow } from './care-filters';
import { collectionNames, fieldOf, isFilterable, type CollectionName } from './schema';

/**
 * Issue 46: Typesense collections follow the schema, and rebuilds lose nothing. A collection made with
 * the schema of an older commit (test/typesense-older-schemas.json, taken from git history) is brought
 * to today's at start; a rebuild for a field whose type changed, the register import's bulk path, and a
 * reindex and an import started together lose no write made meanwhile. On the Typesense 27.1 double,
 * or on a real server when TYPESENSE_URL is set.
 */

type Fields = Record<string, unknown>[];
const OLDER = older as unknown as Record<'f7f7225^' | '0925587^' | '74a421d^', Record<CollectionName, Fields>>;

let db: { sql: Sql };
let server: TypesenseServer;
let n = 0;
const logs: { level: string; message: string }[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  server = await typesenseTarget.start();
});
afterAll(async () => {
  await server?.close();
  await db?.sql.end({ timeout: 2 });
});

/** An engine as the API and the workers make it (createEngine: the rebuild lease and path), on a prefix of its own. */
function startEngine(prefix: string): TypesenseEngine {
  return createEngine({ typesenseUrl: server.url, typesenseApiKey: server.apiKey }, db.sql, {
    prefix,
    log: (level, message) => logs.push({ level, message }),
  }) as TypesenseEngine;
}

const api = (path: string, method = 'GET', body?: unknown) =>
  fetch(`${server.url.split(',')[0]}${path}`, { method, headers: { 'x-typesense-api-key': server.apiKey }, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) });

/**
 * The collections an older release made behind the aliases, holding `docs` as it wrote them: the fields
 * its schema had (27.1 would store the others unindexed; the older release never sent them).
 */
async function olderCollections(prefix: string, schema: Record<CollectionName, Fields>, withNewFields = false) {
  for (const c of collectionNames) {
    const name = `${prefix}${c}_older`;
    expect((await api('/collections', 'POST', { name, fields: schema[c], token_separators: ['-', '/'] })).status).toBe(201);
    expect((await api(`/aliases/${prefix}${c}`, 'PUT', { collection_name: name })).status).toBe(200);
    const names = new Set(schema[c].map((f) => f.name as string));
    const docs = (await buildDocuments(db.sql, c, await approvedIds(db.sql, c))).map((d) =>
      withNewFields ? d : Object.fromEntries(Object.entries(d).filter(([k]) => k === 'id' || names.has(k))),
    );
    const res = await api(`/collections/${name}/documents/import?action=upsert`, 'POST', docs.map((d) => JSON.stringify(d)).join('\n'));
    expect((await res.text()).split('\n').every((l) => JSON.parse(l).success)).toBe(true);
  }
}

/** Every collection behind a prefix (the double's list, or the server's). */
async function collectionsOf(prefix: string): Promise<string[]> {
  const all = server.fake ? server.fake.collectionNames() : ((await (await api('/collections')).json()) as { name: string }[]).map((c) => c.name);
  return all.filter((name) => name.startsWith(prefix)).sort();
}

const search = async (engine: SearchEngine, s: Partial<SearchRequest>) => (await engine.multiSearch([{ q: '*', per_page: 50, ...s } as SearchRequest]))[0];
const ids = (r: Awaited<ReturnType<typeof search>>) => {
  if (isSearchError(r)) throw new Error(`${r.code} ${r.error}`);
  return (r as SearchResult).hits.map((h) => h.document.id).sort((a, b) => Number(a) - Number(b));
};

const IKEJA = { lat: 6.6018, lng: 3.3515 };
let located: number[] = [];
let cared = 0;
let everyone: { professionals: number[]; institutions: number[] };

describe('Typesense collections follow the schema', () => {
  beforeAll(async () => {
    // Providers in Ikeja and Yaba (located, with their LGA), one without a location, and their professionals.
    const place = async (id: number, lat: number, lng: number, lga: string) =>
      db.sql`UPDATE institutions SET latitude = ${lat}, longitude = ${lng}, location_source = 'register', lga = ${lga} WHERE id = ${id}`;
    const a = (await createInstitution(db.sql, { name: 'Ikeja Heart Clinic' })).id;
    const b = (await createInstitution(db.sql, { name: 'Yaba Eye Clinic' })).id;
    const c = (await createInstitution(db.sql, { name: 'Unplaced Clinic' })).id;
    await place(a, IKEJA.lat, IKEJA.lng, 'Ikeja');
    await place(b, 6.5095, 3.3711, 'Yaba');
    located = [a, b];
    // Issue 45's care facts on the Ikeja clinic (open 24 hours, a fee): fields the older schemas never had.
    await db.sql`INSERT INTO care_facts (institution_id, opening_hours, hours_set_by, hours_confirmed_at, fees, fees_set_by)
      VALUES (${a}, ${db.sql.json({ open24Hours: true, week: [], closures: [] })}, 'provider', now(), ${db.sql.json({ consultationNaira: 5000 })}, 'provider')`;
    cared = a;
    for (const [i, clinic] of [a, b, c].entries()) {
      const p = (await createProfessional(db.sql, { user: { firstName: `Doc${i}`, lastName: 'Older' } })).id;
      await db.sql`INSERT INTO professional_institutions (professional_id, institution_id, status) VALUES (${p}, ${clinic}, 'confirmed')`;
    }
    const sorted = async (c: CollectionName) => (await approvedIds(db.sql, c)).sort((x, y) => x - y);
    everyone = { professionals: await sorted('professionals'), institutions: await sorted('institutions') };
  });

  it("a collection of f7f7225^'s schema (before location, lga, ownership, level, listed; nextSlot an int32) is brought to today's at start: nothing lost, near-me, LGA facets and care-fact filters answer", async () => {
    const prefix = server.options(`older${n++}`).prefix!;
    await olderCollections(prefix, OLDER['f7f7225^']);
    // What the old collection answered a near-me search before: 27.1's 404 for a field it does not index.
    const before = new TypesenseEngine({ url: server.url, apiKey: server.apiKey, prefix, log: () => {} });
    const refused = await search(before, { collection: 'institutions', filter_by: nearFilter({ ...IKEJA, radiusKm: 25 }) });
    expect(isSearchError(refused) && refused.code).toBe(404);

    logs.length = 0;
    const engine = startEngine(prefix);
    await engine.ensureCollections();
    // Each kind: fields added in place, then rebuilt (nextSlot's type, and documents written without the new fields).
    for (const c of collectionNames) {
      expect(logs.some((l) => l.message.startsWith(`${prefix}${c}_older: added `) && l.message.includes('location geopoint'))).toBe(true);
      expect(logs.some((l) => l.level === 'warn' && l.message.includes(`${prefix}${c}_older: the schema changed`) && l.message.includes('nextSlot int32'))).toBe(true);
      expect(await engine.schemaDrift(c)).toMatchObject({ missing: [], changed: [] });
      // Every document there, as today's builder writes it.
      expect((await engine.exportAll(c)).map((d) => Number(d.id)).sort((x, y) => x - y)).toEqual(everyone[c]);
    }
    expect(await collectionsOf(prefix)).toHaveLength(2);
    expect((await checkIndex(db.sql, { engine })).ok).toBe(true);

    const near = { ...IKEJA, radiusKm: 25 };
    expect(ids(await search(engine, { collection: 'institutions', filter_by: nearFilter(near), sort_by: nearSort(near) }))).toEqual(located.map(String).sort((x, y) => Number(x) - Number(y)));
    const facets = await search(engine, { collection: 'institutions', facet_by: 'lga' });
    expect((facets as SearchResult).facet_counts?.[0].counts.map((x) => `${x.value}:${x.count}`).sort()).toEqual(['Ikeja:1', 'Yaba:1']);
    const pros = await search(engine, { collection: 'professionals', filter_by: nearFilter(near), facet_by: 'lga' });
    expect(ids(pros)).toHaveLength(2);
    // The care-fact filters find the clinic that has them (its document was rebuilt with them, not only the fields added).
    for (const filter_by of [withOpenNow('openNow:=true', new Date())!, 'open24Hours:=true', 'consultationFeeNaira:<=5000']) {
      expect({ filter_by, ids: ids(await search(engine, { collection: 'institutions', filter_by })) }).toEqual({ filter_by, ids: [String(cared)] });
    }
    // Every filterable field of today's schema (the care facts too, whatever is added) answers a filter, not a 404.
    for (const c of collectionNames) {
      for (const f of wantedFields(c).filter((x) => isFilterable(fieldOf(c, x.name)) && x.type !== 'geopoint')) {
        const value = f.type === 'bool' ? 'true' : f.type.startsWith('string') ? '`x`' : '0';
        const r = await search(engine, { collection: c, filter_by: `${f.name}:${f.type.startsWith('int') || f.type === 'float' ? '>=' : '='}${value}` });
        expect({ field: `${c}.${f.name}`, code: isSearchError(r) ? r.code : 200 }).toEqual({ field: `${c}.${f.name}`, code: 200 });
      }
    }
    await engine.close();
  });

  it("a collection of 74a421d^'s schema (before the care facts; no field changed, only fields to add) is rebuilt after they are added: the care-fact filters find the documents that have them", async () => {
    const prefix = server.options(`care${n++}`).prefix!;
    await olderCollections(prefix, OLDER['74a421d^']);
    logs.length = 0;
    const engine = startEngine(prefix);
    await engine.ensureCollections();
    for (const c of collectionNames) {
      expect(logs.some((l) => l.message.startsWith(`${prefix}${c}_older: added `) && l.message.includes('openSlots int32[]'))).toBe(true);
      expect(await engine.schemaDrift(c)).toMatchObject({ missing: [], changed: [] });
      expect((await engine.exportAll(c)).map((d) => Number(d.id)).sort((x, y) => x - y)).toEqual(everyone[c]);
    }
    // Added in place, and the documents written again with them (27.1 would index only what the old documents held: none).
    for (const filter_by of [withOpenNow('openNow:=true', new Date())!, 'open24Hours:=true', 'consultationFeeNaira:<=5000']) {
      expect({ filter_by, ids: ids(await search(engine, { collection: 'institutions', filter_by })) }).toEqual({ filter_by, ids: [String(cared)] });
    }
    expect(await collectionsOf(prefix)).toHaveLength(2);
    expect((await checkIndex(db.sql, { engine })).ok).toBe(true);
    await engine.close();
  });

  it('search:check reports the drift of a collection that was not brought to the schema', async () => {
    const prefix = server.options(`drift${n++}`).prefix!;
    await olderCollections(prefix, OLDER['f7f7225^']);
    const engine = new TypesenseEngine({ url: server.url, apiKey: server.apiKey, prefix, log: () => {} });
    const report = await checkIndex(db.sql, { engine });
    expect(report.ok).toBe(false);
    expect(report.institutions.schema?.missing).toEqual(expect.arrayContaining(['location', 'lga', 'ownership', 'level', 'listed']));
    expect(report.institutions.schema?.changed).toEqual(['nextSlot int32 optional sort -> nextSlot int64 optional sort']);
  });

  it('the log carries Typesense\'s own message for a search answered "busy"', async () => {
    const prefix = server.options(`busy${n++}`).prefix!;
    await olderCollections(prefix, OLDER['f7f7225^']);
    const seen: string[] = [];
    const engine = new TypesenseEngine({ url: server.url, apiKey: server.apiKey, prefix, log: (_l, message) => seen.push(message) });
    const r = await search(engine, { collection: 'institutions', facet_by: 'lga' });
    expect(isSearchError(r) && r.code).toBe(404);
    expect(seen.some((m) => m.includes('Could not find a facet field named `lga` in the schema.'))).toBe(true);
    if (server.fake) {
      server.fake.fail(503);
      await expect(search(engine, { collection: 'institutions' })).rejects.toThrow();
      server.fake.fail();
      expect(seen.some((m) => m.startsWith('Typesense search failed') && m.includes('Not Ready or Lagging'))).toBe(true);
    }
  });
});

describe('rebuilds lose no write, one at a time', () => {
  let clinics: number[] = [];
  beforeAll(async () => {
    clinics = [];
    for (let i = 0; i < 60; i++) clinics.push((await createInstitution(db.sql, { name: `Busy Clinic ${i}` })).id);
  });

  /**
   * The index worker's writes during each rebuild of the institutions: once the rebuild has read its
   * first batch (its snapshot), five renames, each committed with its search event and written by
   * syncProfile through the alias (into the collection the rebuild replaces). Counts them.
   */
  function writeDuringRebuilds(engine: SearchEngine, prefix: string) {
    const seen = { writes: 0, intoReplaced: 0 };
    const replaceAll = engine.replaceAll.bind(engine);
    engine.replaceAll = (collection, batches, catchUp) =>
      replaceAll(
        collection,
        (async function* () {
          let first = true;
          for await (const docs of batches) {
            yield docs;
            if (collection !== 'institutions' || !first) continue;
            first = false;
            for (let i = 0; i < 5; i++) {
              const id = clinics[(seen.writes * 7) % clinics.length];
              await db.sql.begin(async (tx) => {
                await tx`UPDATE institutions SET name = ${`Busy Clinic ${id} write ${seen.writes}`} WHERE id = ${id}`;
                await emit(tx as unknown as Sql, 'search.institution', { id });
              });
              const live = server.fake?.aliasOf(`${prefix}institutions`);
              await syncProfile(db.sql, engine, 'institutions', id);
              seen.writes++;
              if (live && server.fake!.collectionNames().includes(live)) seen.intoReplaced++;
            }
          }
        })(),
        catchUp,
      );
    return seen;
  }

  const expectNothingLost = async (engine: SearchEngine, prefix: string) => {
    const report = await checkIndex(db.sql, { engine });
    expect({ missing: report.institutions.missing, stale: report.institutions.stale, extra: report.institutions.extra }).toEqual({ missing: [], stale: [], extra: [] });
    expect(report.ok).toBe(true);
    // One collection per alias: nothing orphaned in Typesense's memory.
    expect(await collectionsOf(prefix)).toHaveLength(2);
  };

  it('an int32 field that is an int64 today (nextSlot, 0925587^) is rebuilt at start under concurrent writes, losing none', async () => {
    const prefix = server.options(`int64x${n++}`).prefix!;
    await olderCollections(prefix, OLDER['0925587^'], true);
    const engine = startEngine(prefix);
    const old = server.fake?.aliasOf(`${prefix}institutions`);
    const seen = writeDuringRebuilds(engine, prefix);
    await engine.ensureCollections();
    expect(seen.writes).toBe(5);
    expect((await engine.schemaDrift('institutions'))?.changed).toEqual([]);
    if (server.fake) {
      expect(server.fake.aliasOf(`${prefix}institutions`)).not.toBe(old);
      expect(server.fake.collectionNames()).not.toContain(old);
    }
    await expectNothingLost(engine, prefix);
    await engine.close();
  });

  it("the register import's bulk path (2,000 changed listings and more) loses none of the index worker's writes", async () => {
    const prefix = server.options(`import${n++}`).prefix!;
    const engine = startEngine(prefix);
    await reindexAll(db.sql, { engine });
    const before = server.fake?.aliasOf(`${prefix}institutions`);
    const changed = Array.from({ length: 2000 }, (_, i) => i + 1); // 2,000 or more: the bulk path
    const seen = writeDuringRebuilds(engine, prefix);
    await indexListings(db.sql, engine, changed);
    expect(seen.writes).toBe(5);
    if (server.fake) expect(seen.intoReplaced).toBe(5); // each went to the collection the rebuild replaced
    if (server.fake) expect(server.fake.aliasOf(`${prefix}institutions`)).not.toBe(before); // it did rebuild
    await expectNothingLost(engine, prefix);
    await engine.close();
  });

  it('a reindex and an import started together end with one collection per alias and every write in it', async () => {
    const prefix = server.options(`together${n++}`).prefix!;
    const engine = startEngine(prefix);
    await engine.ensureCollections();
    const changed = Array.from({ length: 2500 }, (_, i) => i + 1);
    const seen = writeDuringRebuilds(engine, prefix);
    await Promise.all([reindexAll(db.sql, { engine }), indexListings(db.sql, engine, changed)]);
    // Both rebuilt the institutions, one after the other, each with writes meanwhile.
    expect(seen.writes).toBe(10);
    await expectNothingLost(engine, prefix);
    expect((await db.sql`SELECT count(*)::int AS n FROM search_rebuild_locks`)[0].n).toBe(0);
    await engine.close();
  });
});

describe('a first start beside a rebuild', () => {
  it('never switches back an alias that a rebuild moved meanwhile (27.1 accepts an alias to any name)', async () => {
    const prefix = server.options(`first${n++}`).prefix!;
    const engine = startEngine(prefix);
    // A rebuild holds the institutions' lease: it makes its collection and moves the alias while the first start waits.
    let starting: Promise<void> | undefined;
    await withRebuildLock(db.sql, 'institutions', async () => {
      starting = engine.ensureCollections();
      // Until the start has looked for the alias and found none (the double shows its requests; a real server gets 3 s).
      const asked = () => !!server.fake?.requests.some((r) => r.method === 'GET' && r.url === `/aliases/${prefix}institutions`);
      for (const end = Date.now() + (server.fake ? 20000 : 3000); Date.now() < end && !asked(); ) await new Promise((r) => setTimeout(r, 20));
      if (server.fake) expect(asked()).toBe(true);
      const name = `${prefix}institutions_rebuilt`;
      expect((await api('/collections', 'POST', { name, fields: wantedFields('institutions'), token_separators: ['-', '/'] })).status).toBe(201);
      expect((await api(`/aliases/${prefix}institutions`, 'PUT', { collection_name: name })).status).toBe(200);
    });
    await starting;
    const alias = (await (await api(`/aliases/${prefix}institutions`)).json()) as { collection_name: string };
    expect(alias.collection_name).toBe(`${prefix}institutions_rebuilt`);
    expect((await collectionsOf(prefix)).filter((c) => c.includes('institutions'))).toEqual([`${prefix}institutions_rebuilt`]);
    await engine.close();
  });
});
