import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '@ilera/db/seed/demo';
import { createTestContext, type TestContext } from '../../../../test/support';

// Issue 16: the sitemap at 100,000 professionals. The directory comes from the seed
// generator (COPY), without appointments or reviews, which the sitemap does not read.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ config: { appUrl: 'https://ilera.example.ng' } });
  await seedDemo(ctx.sql, { professionals: 100_000, institutions: 300, patients: 1, appointments: 0, reviews: 0 });
  // Approved profiles later withdrawn (back to pending after an edit) or rejected, among the approved ids.
  await ctx.sql`UPDATE professionals SET status = 'pending' WHERE id IN (2, 50000, 50001, 77777)`;
  await ctx.sql`UPDATE professionals SET status = 'rejected', rejection_reason = 'Licence expired' WHERE id = 99999`;
  await ctx.sql`UPDATE institutions SET status = 'pending' WHERE id = 3`;
  // A pending application (the generator numbers them after the approved ones) approved since.
  await ctx.sql`UPDATE professionals SET status = 'approved' WHERE id = 100005`;
}, 240_000);
afterAll(async () => ctx?.close());

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

async function get(url: string) {
  const res = await ctx.app.inject({ method: 'GET', url });
  return res;
}

describe('/sitemap.xml', () => {
  it('is an index of files that list every approved profile once, and nothing else, at most 50,000 a file', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locs(index.body);
    expect(files[0]).toBe('https://ilera.example.ng/sitemap/pages.xml');
    // Ids 1-100,005 cannot fit in two files of 50,000.
    expect(files.filter((f) => f.includes('/sitemap/professionals-')).length).toBeGreaterThanOrEqual(3);

    const listed: string[] = [];
    for (const file of files) {
      expect(file.startsWith('https://ilera.example.ng/sitemap/')).toBe(true);
      const res = await get(new URL(file).pathname);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const urls = locs(res.body);
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(50_000);
      listed.push(...urls);
    }
    expect(new Set(listed).size).toBe(listed.length);

    const professionals = listed.filter((u) => u.includes('/professional/'));
    const institutions = listed.filter((u) => u.includes('/institution/'));
    // Every approved one: 100,000 seeded, five withdrawn or rejected, one approved since.
    expect(professionals).toHaveLength(99_996);
    expect(professionals).toContain('https://ilera.example.ng/professional/100005');
    expect(institutions).toHaveLength(299);
    const approved = await ctx.sql<{ id: number }[]>`SELECT id FROM professionals WHERE status = 'approved'`;
    expect(new Set(professionals)).toEqual(new Set(approved.map((r) => `https://ilera.example.ng/professional/${r.id}`)));
    for (const id of [2, 50000, 50001, 77777, 99999]) {
      expect(professionals).not.toContain(`https://ilera.example.ng/professional/${id}`);
    }
    expect(institutions).not.toContain('https://ilera.example.ng/institution/3');
    expect(listed).toContain('https://ilera.example.ng/');
    expect(listed).toContain('https://ilera.example.ng/search');
    expect(listed).toContain('https://ilera.example.ng/about');
  }, 120_000);

  it('answers 404 for a file that does not exist', async () => {
    expect((await get('/sitemap/professionals-999.xml')).statusCode).toBe(404);
    expect((await get('/sitemap/professionals-0.xml')).statusCode).toBe(404);
    expect((await get('/sitemap/patients-1.xml')).statusCode).toBe(404);
  });
});

describe('/robots.txt', () => {
  it('lets crawlers in, keeps them out of the API and signed-in screens, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Disallow: /admin');
    expect(res.body).not.toMatch(/Disallow: \/\s*$/m);
    expect(res.body).toContain('Sitemap: https://ilera.example.ng/sitemap.xml');
  });
});
