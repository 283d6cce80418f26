import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '@ilera/db/seed/demo';
import { reindexAll } from '@ilera/search';
import { createTestContext, type TestContext } from '../test/support';
import { clientAddress, engineSearches, logKinds, logShape, queryLog, requestKey, searchVocabulary, type LogRequest } from './query-log';
import { injectRequest } from './scenarios';

/**
 * The bench's query log has the shape of real search traffic (issue 13): a few
 * very frequent requests, a long tail seen once, lay words, places, typos and
 * paging; and every request is one the API answers.
 */
describe('query log', () => {
  const log = queryLog({ size: 10000 });
  const texts = log.map((r) => decodeURIComponent(`${r.path} ${r.body ? JSON.stringify(r.body) : ''}`).toLowerCase());
  const share = (re: RegExp) => texts.filter((t) => re.test(t)).length / texts.length;

  it('is deterministic: the same seed gives the same requests, another seed others, and a run can go on where one stopped', () => {
    expect(queryLog({ size: 300 })).toEqual(log.slice(0, 300));
    expect(queryLog({ size: 100, from: 500 })).toEqual(log.slice(500, 600));
    const other = queryLog({ size: 300, seed: 2 }).map(requestKey);
    expect(other.filter((k, n) => k === requestKey(log[n])).length).toBeLessThan(30);
  });

  it('has a head and a long tail: >= 40% of requests seen once, the top request >= 2% and the top 10 >= 10% of the traffic', () => {
    const shape = logShape(log);
    expect(shape.onceShare).toBeGreaterThanOrEqual(0.4);
    expect(shape.top1Share).toBeGreaterThanOrEqual(0.02);
    expect(shape.top10Share).toBeGreaterThanOrEqual(0.1);
    // A long tail, not one query repeated: thousands of distinct requests.
    expect(shape.distinct).toBeGreaterThan(4000);
  });

  it('pages like people do: mostly page 1, some pages 2 to 5, rarely deeper, never past the first 1,000 hits', () => {
    const { pages } = logShape(log);
    expect(pages.first).toBeGreaterThan(0.75);
    expect(pages.second5).toBeGreaterThan(0.05);
    expect(pages.deeper).toBeGreaterThan(0.005);
    expect(pages.deeper).toBeLessThan(0.05);
    for (const r of log) {
      const body = r.body as { searches: { page: number; per_page: number }[] } | undefined;
      const page = Number(body?.searches[0].page ?? new URLSearchParams(r.path.split('?')[1]).get('page') ?? 1);
      expect(page * (body?.searches[0].per_page ?? 20)).toBeLessThanOrEqual(1000);
    }
  });

  it('sends multi_search as the search page does: in its default "Best match" order, relevance then rating (D10)', () => {
    const bodies = log.filter((r) => r.scenario === 'multi-search').map((r) => r.body as { searches: { sort_by?: string }[] });
    expect(bodies.length).toBeGreaterThan(1000);
    for (const { searches } of bodies) {
      for (const s of searches) expect(s.sort_by).toBe('_text_match:desc,rating:desc,reviewCount:desc');
    }
  });

  it('mixes every kind of search, and the words patients use: lay words, person titles, British spellings, places, stop words, names', () => {
    for (const [kind, weight] of logKinds) {
      expect(log.filter((r) => r.scenario === kind).length / log.length).toBeCloseTo(weight / 100, 1);
    }
    expect(share(/eye doctor|heart doctor|children's doctor|women's doctor|skin doctor/)).toBeGreaterThan(0.005);
    expect(share(/cardiologist|paediatrician|gynaecologist|pediatrician|dermatologist/)).toBeGreaterThan(0.005);
    expect(share(/paediatrics|gynaecology|orthopaedics|anaesthesia/)).toBeGreaterThan(0.002);
    expect(share(/[= "](in|near|at) /)).toBeGreaterThan(0.02);
    expect(share(/\b(lagos|abuja|ikeja|lekki|port harcourt|ph|ibadan)\b/)).toBeGreaterThan(0.05);
    expect(share(/specialty=|state=|specialty:=|state:=|service=/)).toBeGreaterThan(0.2);
    const vocabulary = searchVocabulary();
    expect(share(new RegExp(`\\b(${vocabulary.surnames.slice(0, 200).join('|').toLowerCase()})\\b`))).toBeGreaterThan(0.03);
    // Typos: a search word one slip away from a vocabulary word.
    const typos = log.filter((r) => r.scenario === 'search-typo').map((r) => new URLSearchParams(r.path.split('?')[1]).get('query')!.toLowerCase());
    const words = new Set([...vocabulary.personWords, ...vocabulary.layWords, ...vocabulary.specialties, ...vocabulary.surnames, ...vocabulary.firstNames]
      .flatMap((w) => w.toLowerCase().split(' ')));
    expect(typos.filter((q) => q.split(' ').some((w) => w.length >= 4 && !words.has(w))).length / typos.length).toBeGreaterThan(0.5);
  });

  it('counts what each request costs the engine (docs/SCALING.md): a page of hits, one facet-only search per filter, three availability counts', async () => {
    const get = (path: string): LogRequest => ({ method: 'GET', path, scenario: 'search-free-text', popular: false });
    // "cardiologist in lagos" is understood as specialty and state: each filtered facet gets its own count search.
    expect(await engineSearches([get('/api/professionals/search?query=cardiologist%20in%20lagos')])).toMatchObject({
      perRequest: 6,
      perRequestByKind: { hits: 1, facetOnly: 2, countOnly: 3 },
      rateLimitCountsPerRequest: 1,
    });
    expect((await engineSearches([get('/api/professionals/search?query=okafor')])).perRequest).toBe(4);

    const sample = queryLog({ size: 2000 });
    const cost = await engineSearches(sample);
    const posts = sample.filter((r) => r.method === 'POST');
    const inBodies = posts.reduce((n, r) => n + (r.body as { searches: unknown[] }).searches.length, 0);
    // A multi_search reaches the engine as the adapter posted it, and is counted once per search by the rate limit.
    expect(cost.multiSearchShare).toBe(posts.length / sample.length);
    expect(cost.perMultiSearch).toBeCloseTo(inBodies / posts.length, 10);
    expect(cost.rateLimitCountsPerRequest).toBeCloseTo((sample.length - posts.length + inBodies) / sample.length, 10);
    expect(cost.perRequestByKind.hits).toBe(1);
    expect(cost.perRequestByKind.countOnly).toBe(3);
    const { hits, facetOnly, countOnly } = cost.perRequestByKind;
    expect(cost.perRequest).toBeCloseTo(hits + facetOnly + countOnly, 10);
    expect(cost.perGetSearch).toBeGreaterThan(4);
  });

  it('spreads the requests over thousands of client addresses', () => {
    const addresses = new Set(Array.from({ length: 20000 }, (_, n) => clientAddress(n)));
    expect(addresses.size).toBe(5000);
    for (const a of addresses) expect(a).toMatch(/^100\.64\.\d{1,3}\.\d{1,3}$/);
  });

  describe('on the demo directory', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext();
      await seedDemo(ctx.sql, {});
      await ctx.sql`ANALYZE`;
      await reindexAll(ctx.sql);
    });
    afterAll(async () => ctx?.close());

    it('answers every distinct request of 600 with 2xx, and most searches built from the data find something', async () => {
      const log = queryLog({ size: 600 });
      const seen = new Set<string>();
      const distinct: [number, (typeof log)[number]][] = [];
      for (const [n, r] of log.entries()) {
        if (seen.has(requestKey(r))) continue;
        seen.add(requestKey(r));
        distinct.push([n, r]);
      }
      let found = 0;
      let asked = 0;
      // Four requests in flight, as concurrent clients send them: each answer is checked on its own.
      let next = 0;
      const client = async () => {
        while (next < distinct.length) {
          const [n, r] = distinct[next++];
          const res = await injectRequest(ctx.app, r, n);
          expect({ path: r.path, body: r.body, status: res.statusCode }).toEqual({ path: r.path, body: r.body, status: 200 });
          const body = res.json() as { found?: number; results?: { found: number }[] };
          asked++;
          if ((body.found ?? body.results?.[0]?.found ?? 0) > 0) found++;
        }
      };
      await Promise.all(Array.from({ length: 4 }, client));
      expect(seen.size).toBeGreaterThan(300);
      // 320 demo professionals cannot answer every name and place of the country, but the words are theirs.
      expect(found / asked).toBeGreaterThan(0.3);
    }, 240_000);
  });
});
