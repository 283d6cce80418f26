import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PostgresEngine, reindexAll } from '@ilera/search';
import { createInstitution, createProfessional } from '../../test/factories';
import { browserSuite, hydrated, hydrationProblems } from '../../test/browser';

const LAGOS_CARDIOLOGISTS = 13;

/** The search journey of issue 5 in Chromium: signed out, from the landing page to a profile. */
describe('search page (browser)', { timeout: 120_000 }, () => {
  const suite = browserSuite({}, async (ctx) => {
    const sql = ctx.sql;
    const surnames = ['Adebayo', 'Okafor', 'Balogun', 'Nwachukwu', 'Ogunleye', 'Eze', 'Ibekwe', 'Lawal', 'Okoro', 'Salami', 'Uzor', 'Danjuma', 'Ajayi'];
    for (let i = 0; i < LAGOS_CARDIOLOGISTS; i++) {
      await createProfessional(sql, {
        specialty: 'Cardiology',
        city: 'Lagos',
        state: 'Lagos',
        yearsOfExperience: 5 + i,
        bio: `Heart specialist number ${i + 1}.`,
        user: { firstName: 'Kemi', lastName: surnames[i] },
      });
    }
    for (const [city, state] of [['Abuja', 'FCT'], ['Abuja', 'FCT'], ['Kano', 'Kano']]) {
      await createProfessional(sql, { specialty: 'Cardiology', city, state, bio: 'Heart care.', user: { firstName: 'Musa', lastName: `Garba ${city}` } });
    }
    await createProfessional(sql, { specialty: 'Neurology', bio: 'Brain and nerves.', user: { firstName: 'Ifeoma', lastName: 'Chukwu' } });
    await createProfessional(sql, { professionalType: 'nurse', title: 'Ms.', specialty: 'Critical Care Nursing', bio: 'Cardiology ward nurse.', user: { firstName: 'Grace', lastName: 'Etim' } });
    await createProfessional(sql, { professionalType: 'pharmacist', title: 'Mr.', specialty: 'Clinical Pharmacy', bio: 'Cardiology medicines.', user: { firstName: 'Tayo', lastName: 'Aina' } });
    await createProfessional(sql, { status: 'pending', specialty: 'Cardiology', bio: 'Not approved yet.', user: { firstName: 'Waiting', lastName: 'Cardio' } });
    await createInstitution(sql, { name: 'Lagos Heart Centre', services: ['Cardiology', 'Emergency Care', 'Surgery', 'Radiology', 'Intensive Care Unit'] });
    await reindexAll(sql, { engine: new PostgresEngine(sql) });
  });

  const resultCount = (page: Page) => page.getByRole('status').filter({ hasText: /results? found/ });
  const cardNames = async (page: Page) => page.locator('article h3').allTextContents();

  it('searches from the landing page, narrows by type, specialty and state with counts, pages, and restores from the address', async () => {
    const { page, context } = await suite.page();
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(err.message));
    page.on('console', (msg) => {
      // A signed-out visitor's session check answers 401: that one is expected.
      if (msg.type() === 'error' && !/status of 401/.test(msg.text())) problems.push(msg.text());
    });
    await page.goto('/');
    await page.getByRole('textbox', { name: 'Search' }).fill('cardiolgy');
    await page.getByRole('button', { name: 'Search', exact: true }).click();

    // Landing search: a full navigation to /search with q and type; typos are forgiven.
    await page.waitForURL(/\/search\?/);
    expect(new URL(page.url()).searchParams.get('q')).toBe('cardiolgy');
    await expect.poll(() => resultCount(page).textContent()).toBe('16 results found');
    expect((await cardNames(page)).join(' ')).not.toContain('Waiting');

    // Narrow by type with the category card; its live count is shown.
    const doctors = page.getByRole('button', { name: /Doctors\s*16 professionals/ });
    // The page arrived drawn by the server (issue 16): its buttons work once React has taken it over.
    await hydrated(doctors);
    await doctors.click();
    await expect.poll(() => doctors.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => new URL(page.url()).searchParams.get('professionalType')).toBe('doctor');

    // The specialty picker appears once a type is chosen.
    await page.getByRole('button', { name: 'Cardiology (16)' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('specialty')).toBe('Cardiology');

    // The Filters panel shows a count beside each state; choose Lagos.
    const stateSelect = page.getByRole('combobox', { name: 'State' });
    await expect.poll(() => stateSelect.locator('option', { hasText: 'Lagos' }).textContent()).toBe(`Lagos (${LAGOS_CARDIOLOGISTS})`);
    expect(await stateSelect.locator('option', { hasText: 'FCT' }).textContent()).toBe('FCT (2)');
    await stateSelect.selectOption('Lagos');
    await expect.poll(() => resultCount(page).textContent()).toBe(`${LAGOS_CARDIOLOGISTS} results found`);
    expect(await page.getByRole('combobox', { name: 'Professional Type' }).locator('option:checked').textContent()).toBe('Doctor (13)');

    // Paging: ten on the first page, the rest on the second.
    await expect.poll(async () => (await cardNames(page)).length).toBe(10);
    const firstPage = await cardNames(page);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
    await expect.poll(async () => (await cardNames(page)).length).toBe(LAGOS_CARDIOLOGISTS - 10);
    const secondPage = await cardNames(page);
    expect(secondPage.filter((n) => firstPage.includes(n))).toEqual([]);

    // The address holds the whole search: a reload shows the same results.
    const address = page.url();
    await page.reload();
    await expect.poll(() => resultCount(page).textContent()).toBe(`${LAGOS_CARDIOLOGISTS} results found`);
    await expect.poll(() => cardNames(page)).toEqual(secondPage);
    expect(page.url()).toBe(address);
    expect(await page.getByRole('combobox', { name: 'State' }).inputValue()).toBe('Lagos');

    // Back returns to page 1.
    await page.goBack();
    await expect.poll(() => cardNames(page)).toEqual(firstPage);

    // A result card shows its fields, and opens the profile.
    const card = page.locator('article').first();
    await expect.poll(() => card.textContent()).toContain('Cardiology');
    const text = (await card.textContent()) ?? '';
    expect(text).toMatch(/Verified/);
    expect(text).toMatch(/Approved/);
    expect(text).toContain('Lagos, Lagos');
    expect(text).toContain('0803 123 4567');
    expect(text).toContain('MBBS, University of Lagos (2008)');
    expect(text).toMatch(/years of experience/);
    expect(text).toContain('(0 reviews)');
    expect(problems).toEqual([]);
    await card.getByRole('link', { name: /View Profile/ }).click();
    await page.waitForURL(/\/professional\/\d+$/);
    await context.close();
  }, 90000);

  it('lands with the dashboard and category parameters applied, and says when nothing matches', async () => {
    const { page, context } = await suite.page({ mobile: true });
    await page.goto('/search?q=&location=abuja-fct&professionalType=doctor');
    await expect.poll(() => resultCount(page).textContent()).toBe('2 results found');
    // The location became the city and state it stands for.
    await expect.poll(() => new URL(page.url()).searchParams.get('state')).toBe('FCT');
    expect(new URL(page.url()).searchParams.get('city')).toBe('Abuja');
    expect(new URL(page.url()).searchParams.has('location')).toBe(false);

    await page.goto('/search?q=zzqqxx');
    await expect.poll(() => page.getByRole('heading', { name: 'No results found' }).isVisible()).toBe(true);

    // Institutions: the toggle, a card with 3 services and '+N more'.
    await page.goto('/search?type=institutions');
    await expect.poll(() => resultCount(page).textContent()).toBe('1 result found');
    const card = page.locator('article').first();
    expect(await card.textContent()).toContain('+2 more');
    expect(await card.textContent()).toContain('Lagos Heart Centre');
    await context.close();
  }, 60000);

  it('shows five skeleton cards while a search is loading, and popular specialties that set the filter', async () => {
    // The route below must see the search's request: with the service worker in control it answers it itself.
    const { page, context } = await suite.page({ serviceWorkers: 'block' });
    // Hold the search answer back to see the loading state.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/search/multi_search**', async (route) => {
      await held;
      await route.continue();
    });
    try {
      // The first page of /search arrives with its results (issue 16); the browser's own search is the next one.
      await page.goto('/search?q=heart');
      await hydrated(page.getByRole('textbox', { name: 'Search' }));
      await page.getByRole('textbox', { name: 'Search' }).fill('');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      // While the answer is held the skeletons cannot go away: wait for them however slow the page is, then count.
      await page.getByTestId('result-skeleton').first().waitFor();
      expect(await page.getByTestId('result-skeleton').count()).toBe(5);
    } finally {
      release();
    }
    await expect.poll(() => resultCount(page).textContent()).toBe('19 results found');
    await page.unroute('**/api/search/multi_search**');

    const tips = page.getByRole('complementary', { name: 'Search Tips' });
    await tips.getByRole('button', { name: /Neurology/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('specialty')).toBe('Neurology');
    await expect.poll(() => resultCount(page).textContent()).toBe('1 result found');
    await context.close();
  }, 60000);

  it('arrives with the first page of results drawn by the server and hydrates it without searching again (issue 16)', async () => {
    const { page, context } = await suite.page({ mobile: true });
    const searches: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/search/multi_search')) searches.push(r.url());
    });
    const response = await page.goto('/search?q=cardiology&state=Lagos');
    // The HTML itself: the count and the cards, before any script runs.
    const html = (await response!.text()).replace(/<[^>]+>/g, ' ');
    expect(html).toContain('13 results found');
    expect(html).toContain('Kemi Adebayo');
    // Hydrated: React owns the server's cards, and it asked for nothing.
    await hydrated(page.locator('article'));
    expect(await resultCount(page).textContent()).toBe('13 results found');
    const firstPage = await cardNames(page);
    expect(firstPage).toHaveLength(10);
    expect(searches).toEqual([]);
    // And it works: the next page is the browser's own search.
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => cardNames(page)).toHaveLength(3);
    expect(searches.length).toBeGreaterThan(0);
    expect(hydrationProblems(page)).toEqual([]);
    await context.close();
  }, 60000);
});
