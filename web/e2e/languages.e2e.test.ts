import { describe, expect, it } from 'vitest';
import { PostgresEngine, reindexAll } from '@ilera/search';
import { createProfessional, createUser } from '../../test/factories';
import { browserSuite } from '../../test/browser';

/** Issue 50 (decision 046): the site in the languages Nigerians speak, in Chromium. */
describe('languages (browser)', { timeout: 180_000 }, () => {
  const suite = browserSuite({}, async (ctx) => {
    await createProfessional(ctx.sql, { specialty: 'Pediatrics', city: 'Ibadan', state: 'Oyo', user: { firstName: 'Folake', lastName: 'Adebayo' } });
    await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
  });

  it('draws /ig/emergency in Igbo on the server: the same page with scripts off', async () => {
    for (const javaScriptEnabled of [false, true]) {
      const context = await suite.browser.newContext({ baseURL: suite.base, javaScriptEnabled, viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      const response = await page.goto('/ig/emergency');
      // In the HTML as it came, before any script could run.
      const html = (await response!.text()) ?? '';
      expect(html).toMatch(/<html lang="ig">/);
      expect(html).toContain('Kpọọ 112');
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Ihe mberede');
      expect(await page.getByRole('link', { name: 'Kpọọ 112' }).getAttribute('href')).toBe('tel:112');
      expect(await page.getByRole('button', { name: 'Chọta ụlọ ọgwụ' }).isVisible()).toBe(true);
      // Scripts off: "Use my location" stays hidden; on, it shows, in Igbo.
      expect(await page.getByRole('button', { name: 'Jiri ebe m nọ' }).isVisible()).toBe(javaScriptEnabled);
      await context.close();
    }
  });

  it('switches the language from the header menu and keeps the page, and remembers the choice', async () => {
    const { page, context } = await suite.page();
    await page.goto('/search?q=Pediatrics&type=professionals');
    await expect.poll(() => page.getByText('Folake Adebayo').count(), { timeout: 45_000 }).toBeGreaterThan(0);
    await page.getByLabel('Language: English').click();
    await Promise.all([page.waitForURL(/\/yo\/search\?q=Pediatrics&type=professionals$/, { timeout: 45_000 }), page.getByRole('link', { name: 'Yorùbá' }).click()]);
    expect(await page.locator('html').getAttribute('lang')).toBe('yo');
    // The same search, the header in Yoruba.
    await expect.poll(() => page.getByText('Folake Adebayo').count(), { timeout: 45_000 }).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'Pàjáwìrì' }).first().getAttribute('href')).toBe('/yo/emergency');
    // Remembered: the next visit to / opens in Yoruba.
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'ilera-lang')?.value).toBe('yo');
    await page.goto('/');
    expect(new URL(page.url()).pathname).toBe('/yo');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Wá Àwọn Olùpèsè Ìlera Tí O Lè Gbẹ́kẹ̀lé ní Nàìjíríà');
    await context.close();
  });

  it('"Suggest a better translation" beside Beta opens a form that sends the words to the admins and leads back', async () => {
    const { page, context } = await suite.page();
    await page.goto('/ha');
    await Promise.all([page.waitForURL(/\/suggest-translation\?/, { timeout: 45_000 }), page.getByRole('link', { name: 'Ba da shawarar fassara mafi kyau' }).click()]);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Suggest a better translation');
    expect(await page.getByLabel('Language').inputValue()).toBe('ha');
    await page.getByLabel('The words on the page (optional)').fill('Nemo');
    await page.getByLabel('Your better words').fill('Bincika');
    await Promise.all([page.waitForURL(/sent=1/), page.getByRole('button', { name: 'Send suggestion' }).click()]);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Thank you');
    const [row] = await suite.ctx.sql`SELECT locale, page, shown, suggestion FROM translation_suggestions`;
    expect(row).toEqual({ locale: 'ha', page: '/ha', shown: 'Nemo', suggestion: 'Bincika' });
    await Promise.all([page.waitForURL(/\/ha$/), page.getByRole('link', { name: 'Back to the page' }).click()]);
    await context.close();
  });

  it('a language chosen in Account settings opens the site in it and is remembered for the next visit', async () => {
    const user = await createUser(suite.ctx.sql);
    const { page, context } = await suite.pageAs(user);
    await page.goto('/account');
    const select = page.getByRole('combobox', { name: 'Language' });
    await expect.poll(() => select.count(), { timeout: 45_000 }).toBe(1);
    await select.selectOption('ig');
    await Promise.all([page.waitForURL(/\/ig\/account$/, { timeout: 45_000 }), page.getByRole('button', { name: 'Save Language' }).click()]);
    expect(await page.locator('html').getAttribute('lang')).toBe('ig');
    // The section in Igbo, the choice kept.
    await expect.poll(() => page.getByRole('combobox', { name: 'Asụsụ' }).inputValue(), { timeout: 45_000 }).toBe('ig');
    expect((await context.cookies()).find((c) => c.name === 'ilera-lang')?.value).toBe('ig');
    await page.goto('/');
    expect(new URL(page.url()).pathname).toBe('/ig');
    await context.close();
  });
});
