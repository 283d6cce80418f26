import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { professionalSearchQuerySchema } from '@ilera/contracts';
import { TypesenseEngine } from '@ilera/search';
import { multiSearch, searchProfessionals } from './search.service';
import { fakeTypesense } from '../../../../test/fake-typesense';

/**
 * Issue 17 with the Typesense engine: the next free slot is a sortable field of the
 * collection, the availability filter and its counts are ranges on it, and "Soonest
 * available" puts providers without a slot last. Against a fake Typesense that records
 * what the engine's client sent (test/fake-typesense.ts).
 */
describe('Typesense engine: availability filter, counts and soonest sort', () => {
  let typesense: Awaited<ReturnType<typeof fakeTypesense>>;
  let engine: TypesenseEngine;

  beforeAll(async () => {
    // Each search finds 100 + its position, so the answer shows which search each count came from.
    typesense = await fakeTypesense((i) => 100 + i);
    engine = new TypesenseEngine({ url: typesense.url, apiKey: 'test-key', prefix: 'avail_' });
  });
  afterAll(async () => {
    await engine.close();
    await typesense.close();
  });

  const lastSearches = () => typesense.requests.filter((r) => r.url.startsWith('/multi_search')).at(-1)!.body.searches as Record<string, unknown>[];
  /** Epoch seconds of the Lagos midnight `days` after today's start. */
  const lagosMidnight = (days: number) => {
    const today = new Date(Date.now() + 3600_000).toISOString().slice(0, 10);
    return Date.parse(`${today}T00:00:00+01:00`) / 1000 + days * 86400;
  };

  it('creates both collections with nextSlot as an optional, sortable number', async () => {
    await engine.ensureCollections();
    const created = typesense.requests.filter((r) => r.method === 'POST' && r.url === '/collections').map((r) => r.body);
    expect(created.map((c) => c.name.replace(/_\d+$/, '')).sort()).toEqual(['avail_institutions', 'avail_professionals']);
    for (const c of created) {
      expect(c.fields.find((f: { name: string }) => f.name === 'nextSlot')).toMatchObject({ type: 'int64', optional: true, sort: true, index: true });
    }
  });

  it('the REST search filters on nextSlot, counts each window under the other filters and sorts missing slots last', async () => {
    const query = professionalSearchQuerySchema.parse({ specialty: 'Cardiology', availability: 'today', sort: 'soonest' });
    const answer = await searchProfessionals(engine, query);
    const searches = lastSearches();
    const [main] = searches;
    expect(main).toMatchObject({
      collection: 'avail_professionals',
      sort_by: 'nextSlot(missing_values: last):asc,rating:desc',
      filter_by: `specialty:=[\`Cardiology\`] && nextSlot:<${lagosMidnight(1)}`,
    });
    // The last three searches are the windows' counts: the specialty kept, the chosen window replaced by each.
    const windows = searches.slice(-3);
    expect(windows.map((s) => s.filter_by)).toEqual([1, 3, 7].map((d) => `specialty:=[\`Cardiology\`] && nextSlot:<${lagosMidnight(d)}`));
    expect(windows.every((s) => s.per_page === 0)).toBe(true);
    const first = searches.length - 3;
    expect(answer.facets.availability).toEqual([
      { value: 'today', count: 100 + first },
      { value: '3days', count: 101 + first },
      { value: 'week', count: 102 + first },
    ]);
  });

  it("the search page's multi_search reaches Typesense with the same sort and window filter", async () => {
    const sort = 'nextSlot(missing_values: last):asc,rating:desc';
    const filter = `nextSlot:<${lagosMidnight(3)}`;
    const { results } = await multiSearch(engine, {
      searches: [{ collection: 'institutions', q: '*', sort_by: sort, filter_by: filter, per_page: 10 }],
    });
    expect(results[0]).toMatchObject({ found: 100 });
    expect(lastSearches()[0]).toMatchObject({ collection: 'avail_institutions', sort_by: sort, filter_by: filter });
  });
});
