import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createProfessional } from '../../test/factories';
import { browserSuite, hydrationProblems } from '../../test/browser';

/** The app shell in Chromium: the landing search form's rules, live counts, 404. */
describe('app shell (browser)', { timeout: 120_000 }, () => {
  const suite = browserSuite({}, async (ctx) => {
    // Live counts (D2): 2 approved cardiologists, 1 approved nurse, 1 pending doctor (not counted).
    await createProfessional(ctx.sql, { specialty: 'Cardiology' });
    await createProfessional(ctx.sql, { specialty: 'Cardiology' });
    await createProfessional(ctx.sql, { professionalType: 'nurse', specialty: 'Midwifery' });
    await createProfessional(ctx.sql, { status: 'pending', specialty: 'Neurology' });
  });

  async function submitLanding(page: Page, fill: { text?: string; type?: string; location?: string; quick?: string }) {
    await page.goto('/');
    const form = page.getByRole('search', { name: 'Find a healthcare provider' });
    if (fill.type) await form.getByLabel('Type').selectOption(fill.type);
    if (fill.location) await form.getByLabel('Location').selectOption(fill.location);
    if (fill.quick) await form.getByLabel('Quick search').selectOption(fill.quick);
    if (fill.text) await form.getByRole('textbox', { name: 'Search' }).fill(fill.text);
    await Promise.all([page.waitForURL(/\/search/), form.getByRole('button', { name: 'Search' }).click()]);
    return new URL(page.url());
  }

  it('typed text wins over the quick-search choice', async () => {
    const { page, context } = await suite.page();
    const url = await submitLanding(page, { text: 'Okonkwo', quick: 'cardiologist', location: 'lagos-lagos' });
    expect(url.pathname).toBe('/search');
    expect(url.searchParams.get('q')).toBe('Okonkwo');
    expect(url.searchParams.get('location')).toBe('lagos-lagos');
    expect(url.searchParams.get('type')).toBe('professionals');
    await context.close();
  });

  it('falls back to the quick-search choice when the box is empty, and "all" clears it', async () => {
    const { page, context } = await suite.page();
    const quick = await submitLanding(page, { quick: 'cardiologist' });
    expect(quick.searchParams.get('q')).toBe('Cardiology');
    const all = await submitLanding(page, { quick: 'all', type: 'institutions' });
    expect(all.searchParams.has('q')).toBe(false);
    expect(all.searchParams.get('type')).toBe('institutions');
    await context.close();
  });

  it('shows live counts of approved profiles on the category cards', async () => {
    const { page, context } = await suite.page();
    await page.goto('/');
    const cards = page.getByRole('region', { name: 'Browse Healthcare Professionals' });
    await expect.poll(() => cards.getByRole('link', { name: /Cardiology/ }).innerText()).toContain('2 professionals');
    expect(await cards.getByRole('link', { name: /Nurses/ }).innerText()).toContain('1 professional');
    expect(await cards.getByRole('link', { name: /Neurology/ }).innerText()).toContain('0 professionals');
    // Server-rendered (issue 16), then hydrated once its scripts ran: the form answers, no mismatch.
    await page.getByRole('search', { name: 'Find a healthcare provider' }).getByLabel('Type').selectOption('institutions');
    expect(hydrationProblems(page)).toEqual([]);
    await context.close();
  });

  it('shows "404 Page Not Found" for an unknown path, on a phone-sized screen too', async () => {
    const { page, context } = await suite.page({ mobile: true });
    // Issue 48: with the 404 status, not the app's page with 200.
    const response = await page.goto('/no/such/page');
    expect(response!.status()).toBe(404);
    await expect.poll(() => page.getByText('404 Page Not Found').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  });
});
