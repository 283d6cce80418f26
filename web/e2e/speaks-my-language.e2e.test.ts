import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PostgresEngine, reindexAll } from '@ilera/search';
import { createProfessional } from '../../test/factories';
import { browserSuite, hydrated, hydrationProblems } from '../../test/browser';

// The machine is shared by several builds and test runs: pages and elements get up to 45 s.
const SLOW = 45_000;
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: SLOW });

/**
 * Issue 50 in Chromium, "speaks my language": a patient filters the professionals by Hausa and sees only those
 * who consult in it, each card saying so, and the profile lists the languages; the same asked in Hausa words
 * ("likita mai jin hausa") is drawn by the server with a "Speaks Hausa" chip.
 */
describe('speaks my language (browser)', { timeout: 180_000 }, () => {
  const pros = [
    { first: 'Musa', last: 'Bello', state: 'Kano', codes: ['en', 'ha'], text: 'English, Hausa' },
    { first: 'Amina', last: 'Sani', state: 'Kaduna', codes: ['ha', 'ff'], text: 'Hausa, Fulfulde' },
    { first: 'Ngozi', last: 'Okafor', state: 'Enugu', codes: ['en', 'ig'], text: 'English, Igbo' },
    { first: 'Tunde', last: 'Bakare', state: 'Lagos', codes: ['en', 'yo', 'pcm'], text: 'English, Yoruba, Nigerian Pidgin' },
  ];
  const ids: Record<string, number> = {};
  const suite = browserSuite({}, async (ctx) => {
    for (const p of pros) {
      const { id } = await createProfessional(ctx.sql, {
        specialty: 'General Practice',
        city: p.state,
        state: p.state,
        user: { firstName: p.first, lastName: p.last, email: `${p.first.toLowerCase()}@example.ng` },
      });
      // As the profile API stores them: the codes, and the spec's text as their names.
      await ctx.sql`UPDATE professionals SET language_codes = ${p.codes}, languages = ${p.text} WHERE id = ${id}`;
      ids[p.first] = id;
    }
    await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
  });

  const cards = (page: Page) =>
    page.locator('article').evaluateAll((articles) => articles.map((a) => ({ name: a.querySelector('h3')?.textContent ?? '', text: a.textContent ?? '' })));
  const names = async (page: Page) => (await cards(page)).map((c) => c.name).sort();

  it('a patient chooses Hausa in the filters: only Hausa speakers, each card says so; the profile lists the languages', async () => {
    const { page, context } = await suite.page({ mobile: true });
    page.setDefaultTimeout(SLOW);
    await page.goto('/search', { waitUntil: 'domcontentloaded' });
    await poll(() => names(page)).toEqual(['Dr. Amina Sani', 'Dr. Musa Bello', 'Dr. Ngozi Okafor', 'Dr. Tunde Bakare']);
    const filters = page.getByRole('button', { name: 'Filters', exact: true });
    await hydrated(filters);
    await filters.click();
    const speaks = page.getByRole('combobox', { name: 'Speaks' });
    await speaks.selectOption({ label: 'Hausa' });
    await poll(() => new URL(page.url()).searchParams.get('language')).toBe('ha');
    await poll(() => names(page)).toEqual(['Dr. Amina Sani', 'Dr. Musa Bello']);
    const seen = await cards(page);
    expect(seen.find((c) => c.name === 'Dr. Musa Bello')!.text).toContain('Speaks English, Hausa');
    expect(seen.find((c) => c.name === 'Dr. Amina Sani')!.text).toContain('Speaks Hausa, Fulfulde');

    // The choice is in the address: a reload is drawn by the server with it.
    await page.reload({ waitUntil: 'domcontentloaded' });
    await poll(() => names(page)).toEqual(['Dr. Amina Sani', 'Dr. Musa Bello']);

    await page.getByRole('link', { name: 'View Profile of Dr. Musa Bello' }).click();
    await poll(() => new URL(page.url()).pathname).toBe(`/professional/${ids.Musa}`);
    await poll(() => page.locator('main').textContent()).toContain('English, Hausa');
    expect(hydrationProblems(page)).toEqual([]);
    await context.close();
  });

  it('"likita mai jin hausa" (a doctor who understands Hausa) is drawn by the server: the Hausa-speaking doctors and a "Speaks Hausa" chip', async () => {
    const { page, context } = await suite.page({ mobile: true });
    page.setDefaultTimeout(SLOW);
    await page.goto('/search?q=likita+mai+jin+hausa', { waitUntil: 'domcontentloaded' });
    await poll(() => names(page)).toEqual(['Dr. Amina Sani', 'Dr. Musa Bello']);
    const chips = page.getByRole('group', { name: 'Understood from your search' });
    await poll(() => chips.textContent()).toContain('Speaks Hausa');
    // Removing the chip searches the rest of the words as typed ("likita" alone is the locales' vocabulary, not this one's).
    const remove = chips.getByRole('button', { name: 'Remove Speaks Hausa' });
    await hydrated(remove);
    await remove.click();
    await poll(() => new URL(page.url()).searchParams.get('q')).toBe('likita');
    expect(hydrationProblems(page)).toEqual([]);
    await context.close();
  });
});
