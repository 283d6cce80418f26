import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedDemo } from '@ilera/db/seed/demo';
import { PostgresEngine, reindexAll } from '@ilera/search';
import { browserSuite, hydrated, hydratedByReact, hydrationProblems } from '../../test/browser';

/**
 * Issue 13 in Chromium: no search serves results past the first 1,000. When a search finds
 * more, the page says so beside its page list, and an address asking for a page past them
 * (a shared or typed ?page=101) shows the last page served with the same note, not an error.
 */
describe('search page: more than 1,000 results (browser)', { timeout: 120_000 }, () => {
  let approved = 0;
  const suite = browserSuite({}, async (ctx) => {
    await seedDemo(ctx.sql, { professionals: 1_200, institutions: 5, appointments: 0, reviews: 0, patients: 5 });
    await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
    const [row] = await ctx.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM professionals WHERE status = 'approved'`;
    approved = row.n;
  });

  /** 1180 -> '1,180', as the page writes counts. */
  const formatCount = (n: number) => n.toLocaleString('en-US');
  const resultCount = (page: Page) => page.getByRole('status').filter({ hasText: /results? found/ });
  const note = (page: Page) => page.getByRole('note').filter({ hasText: /^Showing the first/ });
  const cardNames = (page: Page) => page.locator('article h3').allTextContents();
  const capNote = () => `Showing the first 1,000 of ${formatCount(approved)} results. Add a filter or a place to narrow your search.`;
  /** What the page says, without its markup (the server's HTML before any script runs). */
  const words = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

  it('says it shows the first 1,000 results beside a page list that ends at page 100', async () => {
    expect(approved).toBeGreaterThan(1_000);
    const { page, context } = await suite.page();
    await page.goto('/search');
    await expect.poll(() => resultCount(page).textContent()).toBe(`${formatCount(approved)} results found`);
    await expect.poll(() => note(page).textContent()).toBe(capNote());

    // The page list ends at the last page served, and that page shows its ten results.
    const last = page.getByRole('button', { name: 'Page 100', exact: true });
    await hydrated(last);
    expect(await page.getByRole('button', { name: 'Page 101', exact: true }).count()).toBe(0);
    await last.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('100');
    // Page 1's ten cards stay on screen until page 100's answer is drawn: wait for the page list to move.
    await expect.poll(() => page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await expect.poll(async () => (await cardNames(page)).length).toBe(10);
    expect(await note(page).textContent()).toBe(capNote());

    // A narrower search reaches all its results: no note.
    await page.goto('/search?q=cardiologist');
    await expect.poll(() => resultCount(page).textContent()).toMatch(/^\d+ results? found$/);
    expect(await note(page).count()).toBe(0);
    await context.close();
  });

  it('shows the last page served, with the note, for an address past it: from the server and in the browser alike', async () => {
    const { page, context } = await suite.page({ mobile: true });
    await page.goto('/search?page=100');
    await hydrated(page.locator('article'));
    const lastPage = await cardNames(page);
    expect(lastPage).toHaveLength(10);

    // Drawn by the server: the results and the note are in the HTML, and nothing failed.
    const searches: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/search/multi_search')) searches.push(r.postData() ?? '');
    });
    const response = await page.goto('/search?page=101');
    const html = words(await response!.text());
    expect(html).toContain(`${formatCount(approved)} results found`);
    expect(html).toContain(capNote());
    expect(html).not.toContain('Network response was not ok');
    await hydrated(page.locator('article'));
    expect(await cardNames(page)).toEqual(lastPage);
    expect(await note(page).textContent()).toBe(capNote());
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Page 100', exact: true }).getAttribute('aria-current')).toBe('page');
    expect(searches).toEqual([]);
    expect(hydrationProblems(page)).toEqual([]);

    // The browser's own search for such an address (a client-side navigation, here from another
    // search) asks for the last page served, not for one the API refuses, and shows the same.
    await page.goto('/search?q=cardiologist');
    // The app comes at the visitor's first intent (issue 35, web/src/main.tsx): here, the search
    // type's select taking the focus (the box is the browser's: its form is sent to /search). It
    // hydrates from the server's answer, without searching again.
    await page.getByRole('search', { name: 'Search the directory' }).getByRole('combobox', { name: 'Search type' }).focus();
    await hydratedByReact(page.locator('article'));
    expect(searches).toEqual([]);
    await page.evaluate(() => {
      window.history.pushState(null, '', '/search?page=5000');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(() => searches.length).toBeGreaterThan(0);
    for (const body of searches) {
      for (const s of JSON.parse(body).searches as { page?: number; per_page?: number }[]) {
        expect((s.page ?? 1) * (s.per_page ?? 0)).toBeLessThanOrEqual(1_000);
      }
    }
    await expect.poll(() => cardNames(page)).toEqual(lastPage);
    expect(await note(page).textContent()).toBe(capNote());
    expect(await page.getByRole('alert').count()).toBe(0);
    await context.close();
  });

  it('says where the results are for an address past the last page of a smaller search, and goes there', async () => {
    const [row] = await suite.ctx.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM professionals WHERE status = 'approved' AND specialty = 'Cardiology'`;
    const lastPage = Math.ceil(row.n / 10);
    expect(lastPage).toBeGreaterThan(1);
    expect(lastPage).toBeLessThan(50);
    const { page, context } = await suite.page();
    const response = await page.goto('/search?specialty=Cardiology&page=50');
    const html = words(await response!.text());
    expect(html).toContain(`${formatCount(row.n)} results found`);
    expect(html).toContain('No results on this page');
    expect(html).toContain(`This search has ${lastPage} pages of results.`);
    expect(html).not.toContain('No results found');
    const go = page.getByRole('button', { name: `Go to page ${lastPage}` });
    await hydrated(go);
    await go.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe(String(lastPage));
    await expect.poll(async () => (await cardNames(page)).length).toBe(row.n - (lastPage - 1) * 10);
    expect(await page.getByText('No results on this page').count()).toBe(0);
    await context.close();
  });
});
