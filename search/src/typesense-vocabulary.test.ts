import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TypesenseEngine } from './typesense-engine';
import { fakeTypesense, type SeenRequest } from '../../test/fake-typesense';

/**
 * The Typesense engine installs the patients' vocabulary as Typesense synonyms
 * and a stop-word set, and names the set in every search (against a fake Typesense:
 * test/fake-typesense.ts).
 */
describe('Typesense engine: synonyms and stop words', () => {
  let typesense: Awaited<ReturnType<typeof fakeTypesense>>;
  let url: string;
  let requests: SeenRequest[];

  beforeAll(async () => {
    typesense = await fakeTypesense();
    ({ url, requests } = typesense);
  });
  afterAll(() => typesense.close());

  it('sends the stop words and every collection its synonyms, then names the set in searches', async () => {
    const engine = new TypesenseEngine({ url, apiKey: 'test-key', prefix: 'vocab_' });
    await engine.ensureCollections();

    const stop = requests.find((r) => r.method === 'PUT' && r.url.startsWith('/stopwords/'));
    expect(stop?.url).toBe('/stopwords/ilera-patient-stopwords');
    expect((stop?.body as { stopwords: string[] }).stopwords).toEqual(expect.arrayContaining(['in', 'near', 'best', 'the']));

    const synonyms = requests.filter((r) => r.method === 'PUT' && /\/synonyms\//.test(r.url));
    const ofCollection = (prefix: string) =>
      synonyms.filter((r) => r.url.startsWith(`/collections/${prefix}`)).map((r) => (r.body as { synonyms: string[] }).synonyms);
    const pros = ofCollection('vocab_professionals_');
    const insts = ofCollection('vocab_institutions_');
    expect(pros).toContainEqual(expect.arrayContaining(['cardiology', 'cardiologist', 'heart doctor']));
    expect(pros).toContainEqual(expect.arrayContaining(['pediatrics', 'paediatrician', "children's doctor"]));
    expect(pros).toContainEqual(expect.arrayContaining(['fct', 'abuja']));
    expect(pros).toContainEqual(expect.arrayContaining(['lagos', 'lagos state']));
    expect(insts).toContainEqual(expect.arrayContaining(['pharmacy', 'chemist']));
    // Separators as spaces: Typesense tokenizes a synonym without the collection's token_separators.
    expect(insts).toContainEqual(expect.arrayContaining(['x ray', 'xray']));

    await engine.multiSearch([{ collection: 'professionals', q: 'Bakare', filter_by: 'state:=[`Lagos`]' }]);
    const search = requests.find((r) => r.url.startsWith('/multi_search'));
    expect((search?.body as { searches: Record<string, unknown>[] }).searches[0]).toMatchObject({
      collection: 'vocab_professionals',
      q: 'Bakare',
      filter_by: 'state:=[`Lagos`]',
      stopwords: 'ilera-patient-stopwords',
    });
    await engine.close();
  });
});
