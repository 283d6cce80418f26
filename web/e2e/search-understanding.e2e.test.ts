import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PostgresEngine, reindexAll } from '@ilera/search';
import { createInstitution, createProfessional } from '../../test/factories';
import { browserSuite, hydrated } from '../../test/browser';

/** Issue 13 in Chromium: the search page shows what the typed words were understood as, and a chip can be taken away. */
describe('search page: understood chips (browser)', { timeout: 120_000 }, () => {
  // Lagos state holds three cardiologists in three of its cities, and two others that
  // are not cardiologists (one whose bio names cardiology); two cardiologists practise elsewhere.
  const lagosCardiologists = ['Dr. Kemi Adebayo', 'Dr. Tunde Balogun', 'Dr. Sade Ogunleye'];
  const otherCardiologists = ['Dr. Musa Garba', 'Dr. Aminu Bello'];
  const suite = browserSuite({}, async (ctx) => {
    const sql = ctx.sql;
    const heart = (firstName: string, lastName: string, city: string, state: string) =>
      createProfessional(sql, { specialty: 'Cardiology', city, state, bio: 'Heart care for adults.', user: { firstName, lastName } });
    await heart('Kemi', 'Adebayo', 'Lagos', 'Lagos');
    await heart('Tunde', 'Balogun', 'Ikeja', 'Lagos');
    await heart('Sade', 'Ogunleye', 'Lekki', 'Lagos');
    await heart('Musa', 'Garba', 'Abuja', 'FCT');
    await heart('Aminu', 'Bello', 'Kano', 'Kano');
    await createProfessional(sql, { specialty: 'Neurology', city: 'Lagos', state: 'Lagos', bio: 'Brain and nerves.', user: { firstName: 'Ifeoma', lastName: 'Chukwu' } });
    await createProfessional(sql, {
      professionalType: 'nurse',
      title: 'Ms.',
      specialty: 'Critical Care Nursing',
      city: 'Lagos',
      state: 'Lagos',
      bio: 'Cardiology ward nurse in Lagos.',
      user: { firstName: 'Grace', lastName: 'Etim' },
    });
    // Issue 48: a clinic on Kano Road in Kaduna, whose name holds a state's name and a kind; another in Kano.
    await createInstitution(sql, { name: 'Kano Road Clinic', type: 'clinic', city: 'Kaduna', state: 'Kaduna' });
    await createInstitution(sql, { name: 'Zoo Road Clinic', type: 'clinic', city: 'Kano', state: 'Kano' });
    await reindexAll(sql, { engine: new PostgresEngine(sql) });
  });

  const resultCount = (page: Page) => page.getByRole('status').filter({ hasText: /results? found/ });
  const chips = (page: Page) => page.getByRole('group', { name: 'Understood from your search' });
  /** The chips' remove buttons, by their accessible names. */
  const chipButtons = async (page: Page) => {
    if ((await chips(page).count()) === 0) return [];
    return chips(page)
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
  };
  /** Each result card's name, and its "type · specialty" and location lines as shown. */
  const cards = (page: Page) =>
    page.locator('article').evaluateAll((articles) =>
      articles.map((a) => ({ name: a.querySelector('h3')?.textContent ?? '', text: a.textContent ?? '' })),
    );
  const names = async (page: Page) => (await cards(page)).map((c) => c.name).sort();

  it('shows "cardiologist in lagos" as Cardiology and Lagos, and removing Lagos shows cardiologists of every state', async () => {
    const { page, context } = await suite.page();
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(err.message));
    page.on('console', (msg) => {
      // A signed-out visitor's session check answers 401: that one is expected.
      if (msg.type() === 'error' && !/status of 401/.test(msg.text())) problems.push(msg.text());
    });

    await page.goto('/search');
    await expect.poll(() => resultCount(page).textContent()).toBe('7 results found');
    // Nothing typed, nothing understood: no chips.
    expect(await chips(page).count()).toBe(0);

    const box = page.getByRole('textbox', { name: 'Search' });
    await hydrated(box); // server-rendered (issue 16): it works once React has taken it over
    await box.fill('cardiologist in lagos');
    await page.getByRole('button', { name: 'Search', exact: true }).click();

    await expect.poll(() => chipButtons(page)).toEqual(['Remove Cardiology', 'Remove Lagos']);
    expect(await chips(page).textContent()).toBe('Showing results for:CardiologyLagos');
    await expect.poll(() => resultCount(page).textContent()).toBe(`${lagosCardiologists.length} results found`);
    expect(await names(page)).toEqual([...lagosCardiologists].sort());
    for (const card of await cards(page)) {
      expect(card.text).toContain('Doctor · Cardiology');
      expect(card.text).toMatch(/(Lagos|Ikeja|Lekki), Lagos/);
    }
    // The box and the address keep the words as typed.
    expect(new URL(page.url()).searchParams.get('q')).toBe('cardiologist in lagos');
    expect(await box.inputValue()).toBe('cardiologist in lagos');

    // Removing Lagos searches without its word; the rest is understood again.
    await chips(page).getByRole('button', { name: 'Remove Lagos' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('cardiologist in');
    // The address changes first; the box follows when the page renders the new search.
    await expect.poll(() => box.inputValue()).toBe('cardiologist in');
    await expect.poll(() => chipButtons(page)).toEqual(['Remove Cardiology']);
    const allCardiologists = [...lagosCardiologists, ...otherCardiologists].sort();
    await expect.poll(() => resultCount(page).textContent()).toBe(`${allCardiologists.length} results found`);
    await expect.poll(() => names(page)).toEqual(allCardiologists);
    const texts = (await cards(page)).map((c) => c.text);
    for (const text of texts) expect(text).toContain('Doctor · Cardiology');
    expect(texts.some((t) => t.includes('Abuja, FCT'))).toBe(true);
    expect(texts.some((t) => t.includes('Kano, Kano'))).toBe(true);

    // The address holds the search: a reload shows the same chip and results.
    await page.reload();
    await expect.poll(() => chipButtons(page)).toEqual(['Remove Cardiology']);
    await expect.poll(() => names(page)).toEqual(allCardiologists);

    // Removing the last chip leaves only "in", which narrows nothing: everyone, no chips.
    await chips(page).getByRole('button', { name: 'Remove Cardiology' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('in');
    await expect.poll(() => resultCount(page).textContent()).toBe('7 results found');
    expect(await chips(page).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);

  it('shows no chips for words that name nothing it knows, and a chip can be removed from the keyboard', async () => {
    const { page, context } = await suite.page({ mobile: true });
    await page.goto('/search?q=Adebayo');
    await expect.poll(() => resultCount(page).textContent()).toBe('1 result found');
    expect(await chips(page).count()).toBe(0);

    await page.goto('/search?q=Lagos%20Adebayo');
    await expect.poll(() => chipButtons(page)).toEqual(['Remove Lagos']);
    await expect.poll(() => names(page)).toEqual(['Dr. Kemi Adebayo']);
    await hydrated(chips(page).getByRole('button', { name: 'Remove Lagos' }));
    await chips(page).getByRole('button', { name: 'Remove Lagos' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('Adebayo');
    await expect.poll(() => chips(page).count()).toBe(0);
    await expect.poll(() => names(page)).toEqual(['Dr. Kemi Adebayo']);
    await context.close();
  }, 60_000);

  it('words that name a provider find it first, what they were understood as offered ("Narrow to:"), and a suggestion applies as a filter', async () => {
    const suggested = (page: Page) => page.getByRole('group', { name: 'Suggested from your search' });
    const path = '/search?type=institutions&q=Kano%20Road%20Clinic';
    // As the server draws it: the clinic in Kaduna, not hidden by "Kano" read as the state.
    const html = await (await fetch(`${suite.base}${path}`)).text();
    expect(html).toContain('Matching the name you typed. Narrow to:');
    expect(html).toContain('Kano Road Clinic');

    const { page, context } = await suite.page();
    await page.goto(path);
    // The clinic named first (the Kano clinic, whose city holds the word, after it).
    await expect.poll(async () => (await cards(page))[0]?.name).toBe('Kano Road Clinic');
    await suggested(page).getByText('Matching the name you typed. Narrow to:').waitFor();
    // Nothing applied: no "Showing results for:" chips.
    expect(await chips(page).count()).toBe(0);
    const kano = suggested(page).getByRole('button', { name: 'Filter by Kano' });
    await hydrated(kano);
    // "Clinic" is offered too, read only (the page has no filter of its own for it).
    expect(await suggested(page).textContent()).toContain('Clinic');

    // Applying "Kano": the state's filter, its word no longer searched; the Kano clinic, not the one in Kaduna.
    await kano.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('state')).toBe('Kano');
    expect(new URL(page.url()).searchParams.get('q')).toBe('Road Clinic');
    await expect.poll(() => names(page)).toEqual(['Zoo Road Clinic']);
    await context.close();
  }, 60_000);
});
