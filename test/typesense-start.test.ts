import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TypesenseEngine } from '../search/src/typesense-engine';
import { collectionNames, type CollectionName } from '../search/src/schema';
import { createTestContext, eventually, type TestContext } from './support';
import { createInstitution } from './factories';
import { fakeTypesense, type FakeTypesense } from './fake-typesense';
import older from './typesense-older-schemas.json';

/**
 * Issue 46: the API and the workers each bring Typesense's collections to the release's schema as they
 * start, with no reindex run by hand: collections an older release made (f7f7225^'s schema, from git
 * history: before location and LGA, nextSlot an int32) are brought to today's.
 */
const KEY = 'start-admin-key';
const OLDER = (older as unknown as Record<string, Record<CollectionName, Record<string, unknown>[]>>)['f7f7225^'];

let typesense: FakeTypesense;
let ctx: TestContext;
let check: TypesenseEngine;

/** Collections of the older schema behind the aliases, as an older release left them. */
async function olderCollections(suffix: string) {
  for (const c of collectionNames) {
    const name = `${c}_${suffix}`;
    const put = (path: string, method: string, body: unknown) =>
      fetch(`${typesense.url}${path}`, { method, headers: { 'x-typesense-api-key': KEY }, body: JSON.stringify(body) });
    expect((await put('/collections', 'POST', { name, fields: OLDER[c], token_separators: ['-', '/'] })).status).toBe(201);
    expect((await put(`/aliases/${c}`, 'PUT', { collection_name: name })).status).toBe(200);
  }
}

const upToDate = async () => {
  for (const c of collectionNames) {
    const drift = await check.schemaDrift(c);
    if (!drift || drift.missing.length || drift.changed.length) return false;
  }
  return true;
};

beforeAll(async () => {
  typesense = await fakeTypesense({ apiKey: KEY });
  check = new TypesenseEngine({ url: typesense.url, apiKey: KEY, log: () => {} });
  await olderCollections('older');
});
afterAll(async () => {
  await ctx?.close();
  await typesense?.close();
});

describe('Typesense collections at start', () => {
  it('the API brings them to the schema as it starts', async () => {
    expect(await upToDate()).toBe(false);
    ctx = await createTestContext({ config: { typesenseUrl: typesense.url, typesenseApiKey: KEY } });
    expect(await eventually(upToDate, 40000, 200)).toBe(true);
    expect(typesense.aliasOf('institutions')).not.toBe('institutions_older');
  });

  it('the workers bring them to the schema as they start, and the documents carry the new fields', async () => {
    const clinic = (await createInstitution(ctx.sql, { name: 'Ikeja Start Clinic' })).id;
    await ctx.sql`UPDATE institutions SET latitude = 6.6018, longitude = 3.3515, location_source = 'register', lga = 'Ikeja' WHERE id = ${clinic}`;
    // Another older release's collections again behind the aliases (the API process has looked once already).
    await olderCollections('older2');
    expect(await upToDate()).toBe(false);
    await ctx.startWorkers();
    expect(await eventually(upToDate, 40000, 200)).toBe(true);
    const doc = await eventually(async () => (await check.exportAll('institutions')).find((d) => d.id === String(clinic) && d.lga), 40000, 200);
    expect(doc).toMatchObject({ lga: 'Ikeja', location: [6.6018, 3.3515] });
    // Rebuilt behind the alias: the older collection is gone.
    expect(typesense.collectionNames()).not.toContain('institutions_older2');
    expect(typesense.collectionNames()).toContain(typesense.aliasOf('institutions'));
  });

  it('a search the API answers "busy" leaves Typesense\'s own message in the API\'s log', async () => {
    typesense.failSearches(() => true, 503);
    try {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/search/multi_search', payload: { searches: [{ collection: 'institutions', q: 'clinic' }] } });
      expect(res.statusCode).toBe(503);
    } finally {
      typesense.failSearches();
    }
    const line = ctx.logs.map((l) => JSON.parse(l) as { msg?: string; message?: string; code?: number }).find((l) => l.msg?.startsWith('Typesense answered a search 503'));
    expect(line).toMatchObject({ code: 503, message: 'Not Ready or Lagging' });
  });
});
