import { describe, expect, it } from 'vitest';
import { PostgresEngine, reindexAll } from '@ilera/search';
import { createProfessional } from '../../test/factories';
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
});
