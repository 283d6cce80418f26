import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PostgresEngine, reindexAll } from '@ilera/search';
import { createProfessional, createUser } from '../../test/factories';
import { browserSuite, hydrationProblems } from '../../test/browser';

/**
 * Issue 50: the search page's filters, category cards, tips and understood chips, the footer and the page's
 * title in the visitor's language (Hausa and Yoruba here), and in English as the spec says them. The words
 * are written here as a patient reads them, not taken from the catalogs.
 */
const words = {
  ha: {
    title: 'Ilera — Nemo masu ba da kiwon lafiya a Najeriya',
    filters: 'Zaɓuɓɓukan nema',
    availability: 'Lokutan da ake samu',
    anyTime: 'Kowane lokaci',
    proType: "Irin ma'aikacin lafiya",
    doctorOption: 'Likita (1)',
    state: 'Jiha',
    verified: 'Lasisin da aka tabbatar (',
    openNow: 'A buɗe yanzu',
    cards: "Irin ma'aikatan lafiya",
    doctorsCard: "Likitoci ma'aikacin lafiya 1",
    tips: 'Shawarwarin nema',
    tip: 'Nema ta suna, fanni, aiki ko gari.',
    chips: 'Abin da muka fahimta daga nemanka',
    doctorChip: 'Likita',
    removeChip: 'Cire Likita',
    footerNav: 'Ga marasa lafiya',
    footerLink: 'Nemo dukkan masu ba da lafiya',
    footerNote: 'Duk lokutan alƙawari lokacin Yammacin Afirka ne (WAT).',
  },
  yo: {
    title: 'Ilera — Wá àwọn olùpèsè ìlera ní Nàìjíríà',
    filters: 'Àṣàyàn ìwádìí',
    availability: 'Àkókò tí wọ́n wà',
    anyTime: 'Ìgbàkígbà',
    proType: 'Irú oníṣẹ́ ìlera',
    doctorOption: 'Dókítà (1)',
    state: 'Ìpínlẹ̀',
    verified: 'Ìwé-àṣẹ tí a ti ṣàyẹ̀wò (',
    openNow: 'Ó ṣí báyìí',
    cards: 'Irú àwọn oníṣẹ́ ìlera',
    doctorsCard: 'Dókítà oníṣẹ́ ìlera 1',
    tips: 'Ìmọ̀ràn fún ìwádìí',
    tip: 'Wá pẹ̀lú orúkọ, ẹ̀ka iṣẹ́, iṣẹ́ tàbí ìlú.',
    chips: 'Ohun tí a lóye nínú ìwádìí rẹ',
    doctorChip: 'Dókítà',
    removeChip: 'Yọ Dókítà kúrò',
    footerNav: 'Fún àwọn aláìsàn',
    footerLink: 'Wá gbogbo olùpèsè ìlera',
    footerNote: 'Gbogbo àkókò ìpàdé jẹ́ àkókò Ìwọ̀-Oòrùn Áfíríkà (WAT).',
  },
  en: {
    title: 'Ilera — Find healthcare providers in Nigeria',
    filters: 'Filters',
    availability: 'Availability',
    anyTime: 'Any time',
    proType: 'Professional Type',
    doctorOption: 'Doctor (1)',
    state: 'State',
    verified: 'Verified licence (',
    openNow: 'Open now',
    cards: 'Professional types',
    doctorsCard: 'Doctors 1 professional',
    tips: 'Search Tips',
    tip: 'Search by name, specialty, service or city.',
    chips: 'Understood from your search',
    doctorChip: 'Doctor',
    removeChip: 'Remove Doctor',
    footerNav: 'For Patients',
    footerLink: 'Search All Providers',
    footerNote: '© 2025 Ilera. All rights reserved. All appointment times are West Africa Time (WAT).',
  },
};
type Lang = keyof typeof words;

/** The search page's filters panel (open at once on a wide screen), its care filters, and the footer. */
async function expectFiltersAndFooter(page: Page, w: (typeof words)[Lang]) {
  const filters = page.getByRole('region', { name: w.filters });
  await filters.getByRole('button', { name: w.filters }).waitFor();
  // The care filters come with the panel's opening (their own code): the app has drawn the panel.
  await filters.getByRole('checkbox', { name: w.openNow }).waitFor({ timeout: 45_000 });
  const availability = filters.getByRole('combobox', { name: w.availability });
  expect(await availability.locator('option').first().textContent()).toBe(w.anyTime);
  await expect.poll(() => filters.getByRole('combobox', { name: w.proType }).locator('option', { hasText: w.doctorOption }).count(), { timeout: 45_000 }).toBe(1);
  await filters.getByRole('combobox', { name: w.state, exact: true }).waitFor();
  // With its count, whatever it is.
  await filters.getByRole('checkbox', { name: new RegExp(`^${w.verified.replace('(', '\\(')}\\d+\\)$`) }).waitFor();
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('navigation', { name: w.footerNav }).getByRole('link', { name: w.footerLink }).waitFor();
  expect(await footer.innerText()).toContain(w.footerNote);
}

describe("the search page's own words, the footer and the title in the visitor's language (browser)", { timeout: 180_000 }, () => {
  const suite = browserSuite({}, async (ctx) => {
    await createProfessional(ctx.sql, { specialty: 'Pediatrics', city: 'Kano', state: 'Kano', user: { firstName: 'Aisha', lastName: 'Bello' } });
    await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
  });

  for (const lang of ['ha', 'yo', 'en'] as const) {
    const w = words[lang];
    const prefix = lang === 'en' ? '' : `/${lang}`;
    it(`${lang}: /search draws its title, category cards and tips on the server; the filters, the chips and the footer in ${lang}`, async () => {
      const { page, context } = await suite.page();
      const response = await page.goto(`${prefix}/search?q=doctor&type=professionals`);
      // Drawn on the server, before any script: the title, the cards and the tips in the page's language.
      const html = (await response!.text()).replace(/&#x27;|&#39;/g, "'");
      expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe(w.title);
      expect(html).toContain(w.tip);
      expect(html).toContain(`aria-label="${w.cards}"`);
      expect(await page.title()).toBe(w.title);

      const cards = page.getByRole('group', { name: w.cards });
      expect((await cards.getByRole('button').first().innerText()).replace(/\s+/g, ' ')).toBe(w.doctorsCard);
      const tips = page.getByRole('complementary', { name: w.tips });
      expect(await tips.getByRole('listitem').first().innerText()).toBe(w.tip);
      // "doctor" is understood as the type of professional: its chip, in the page's language.
      const chips = page.getByRole('group', { name: w.chips });
      await expect.poll(() => chips.getByText(w.doctorChip, { exact: true }).count(), { timeout: 45_000 }).toBe(1);
      await chips.getByRole('button', { name: w.removeChip }).waitFor();

      await expectFiltersAndFooter(page, w);
      expect(hydrationProblems(page)).toEqual([]);
      await context.close();
    });
  }

  it("ha: a profile's title, its reviews and the footer in Hausa, drawn on the server", async () => {
    const [pro] = await suite.ctx.sql<{ id: number }[]>`SELECT p.id FROM professionals p JOIN users u ON u.id = p.user_id WHERE u.first_name = 'Aisha'`;
    const { page, context } = await suite.page({ mobile: true });
    const response = await page.goto(`/ha/professional/${pro!.id}`);
    const html = (await response!.text()).replace(/&#x27;|&#39;/g, "'");
    // The specialty with the glossary's words, as the page under it says it (the name and town as the profile holds them).
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe('Dr. Aisha Bello, Lafiyar yara a Kano | Ilera');
    expect(html).toContain("Ra'ayoyin marasa lafiya");
    await page.getByRole('heading', { name: "Ra'ayoyin marasa lafiya" }).waitFor();
    await page.getByText("Babu ra'ayi tukuna.", { exact: true }).waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: words.ha.footerLink }).waitFor();
    expect(hydrationProblems(page)).toEqual([]);
    await context.close();
  });

  it('ha: the search page reached inside the app (from the footer) brings its own words with it', async () => {
    const user = await createUser(suite.ctx.sql);
    const { page, context } = await suite.pageAs(user);
    const catalogs: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/search-ha[^/]*\.js$/.test(r.url())) catalogs.push(r.url());
    });
    // A signed-in visitor: the app comes at once and draws the dashboard; the footer's link is the app's own.
    await page.goto('/ha/account');
    const link = page.getByRole('contentinfo').getByRole('link', { name: words.ha.footerLink });
    await expect.poll(() => link.evaluate((a) => Object.keys(a).some((k) => k.startsWith('__reactProps'))), { timeout: 45_000 }).toBe(true);
    expect(catalogs).toEqual([]);
    await link.click();
    await page.waitForURL(/\/ha\/search$/);
    await expectFiltersAndFooter(page, words.ha);
    await page.getByRole('complementary', { name: words.ha.tips }).waitFor();
    expect(catalogs).toHaveLength(1);
    expect(await page.title()).toBe(words.ha.title);
    await context.close();
  });
});
