import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TypesenseEngine } from './typesense-engine';
import type { SearchDocument } from './schema';
import { fakeTypesense } from '../../test/fake-typesense';

// The required fields only (city and state are optional).
const clinic = (id: number, name: string): SearchDocument => ({
  id: String(id), name, type: 'clinic', typeLabel: 'Clinic', services: [],
  professionalCount: 0, rating: 0, reviewCount: 0, isVerified: false, isApproved: true,
});

/**
 * Issue 39: several processes (the API's replicas, the index worker) start on an empty Typesense at
 * once and each ensures the collections. Against the fake Typesense, which answers 409 to a second
 * create of the same name as Typesense documents; the two engines' requests interleave on its one
 * connection queue as they would on a real server.
 */
describe('Typesense: two processes ensuring the collections at once on an empty server', () => {
  let typesense: Awaited<ReturnType<typeof fakeTypesense>>;
  let a: TypesenseEngine;
  let b: TypesenseEngine;
  beforeAll(async () => {
    typesense = await fakeTypesense();
    a = new TypesenseEngine({ url: typesense.url, apiKey: 'k', prefix: 'race_' });
    b = new TypesenseEngine({ url: typesense.url, apiKey: 'k', prefix: 'race_' });
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    await typesense.close();
  });

  it('end with one collection per kind behind the alias, holding what both write, and no orphan', async () => {
    await Promise.all([a.ensureCollections(), b.ensureCollections(), a.ensureCollections(), b.ensureCollections()]);
    await Promise.all([a.upsert('institutions', [clinic(1, 'Yaba Clinic')]), b.upsert('institutions', [clinic(2, 'Ikeja Clinic')])]);

    expect(typesense.collectionNames().sort()).toEqual(['race_institutions_0', 'race_professionals_0']);
    expect(typesense.documents('race_institutions').map((d) => d.name).sort()).toEqual(['Ikeja Clinic', 'Yaba Clinic']);
    // Both processes search the same documents.
    for (const engine of [a, b]) {
      const [answer] = await engine.multiSearch([{ collection: 'institutions', q: '*', per_page: 10 }]);
      expect(answer).toMatchObject({ found: 2 });
    }
  });
});
