import { readFile, readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '@ilera/db/seed/demo';
import { reindexAll } from '@ilera/search';
import { createTestContext, type TestContext } from '../test/support';
import { injectRequest, loadFixtures, scenarioNames, scenarios, type Fixtures } from './scenarios';
import { locateByCity } from './locate';

/**
 * The load scenarios are written once (bench/scenarios-def.js): every k6 script
 * runs one of them through k6/lib.js, and every read scenario's requests are
 * answered 2xx by the API on the demo directory, so `npm run bench` and k6 measure
 * real answers, not errors.
 */
describe('bench scenarios', () => {
  it('has one k6 script per scenario, each running the shared definition', async () => {
    const lib = await readFile(new URL('./k6/lib.js', import.meta.url), 'utf8');
    expect(lib).toMatch(/from '\.\.\/scenarios-def\.js'/);
    const scripts = (await readdir(new URL('./k6/', import.meta.url))).filter((f) => f !== 'lib.js');
    expect(scripts.map((f) => f.replace(/\.js$/, '')).sort()).toEqual([...scenarioNames].sort());
    for (const f of scripts) {
      const text = await readFile(new URL(`./k6/${f}`, import.meta.url), 'utf8');
      expect(text).toContain(`const NAME = '${f.replace(/\.js$/, '')}';`);
      expect(text).toMatch(/from '\.\/lib\.js'/);
    }
  });

  describe('on the demo directory', () => {
    let ctx: TestContext;
    let fx: Fixtures;
    beforeAll(async () => {
      ctx = await createTestContext();
      await seedDemo(ctx.sql, {});
      // Near-me searches need coordinates, which the seed gives register listings only (issue 33).
      await locateByCity(ctx.sql);
      await ctx.sql`ANALYZE`;
      await reindexAll(ctx.sql);
      fx = await loadFixtures(ctx.sql);
    });
    afterAll(async () => ctx?.close());

    it('answers every read and open-loop scenario with 2xx, and each search scenario finds something', async () => {
      for (const name of scenarioNames.filter((n) => scenarios[n].kind === 'read' || scenarios[n].kind === 'open')) {
        let found = 0;
        for (let i = 0; i < 12; i++) {
          const r = scenarios[name].request(fx, i);
          const res = await injectRequest(ctx.app, r, i);
          expect({ name, path: r.path, status: res.statusCode }).toEqual({ name, path: r.path, status: 200 });
          const body = res.json() as { found?: number; results?: { found: number }[] };
          if ((body.found ?? body.results?.[0]?.found ?? 0) > 0) found++;
        }
        // Searches drawn from the query log are made of the data's words: some find results even among 320 professionals.
        if (/search|institutions/.test(name)) expect({ name, found: found > 0 }).toEqual({ name, found: true });
      }
    });

    it('draws every search scenario from the query log: no request repeated over and over', () => {
      for (const name of scenarioNames.filter((n) => /search|institutions/.test(n))) {
        const requests = Array.from({ length: 1000 }, (_, i) => scenarios[name].request(fx, i));
        const distinct = new Set(requests.map((r) => `${r.path} ${JSON.stringify(r.body ?? '')}`));
        expect({ name, manyDistinct: distinct.size > 400 }).toEqual({ name, manyDistinct: true });
      }
    });
  });
});
