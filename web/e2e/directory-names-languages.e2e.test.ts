import { describe, expect, it } from 'vitest';
import { PostgresEngine, reindexAll } from '@ilera/search';
import { callApi, cookieFrom, createInstitution, createProfessional, createUser } from '../../test/factories';
import { browserSuite, hydrationProblems } from '../../test/browser';

/**
 * Issue 50: the directory's names (a specialty, a service, a rarer institution type) on result cards and profiles,
 * the "Lowest fee first" chip and the page past the last one, in the visitor's language (Hausa and Yoruba here),
 * and in English as the spec says them. The words are written here as a patient reads them (the glossary's
 * docs/glossary/directory-names.csv and the search page's texts), not taken from the catalogs or the names tables.
 * The institution is open 24 hours (the test does not depend on the hour it runs), takes NHIA and asks ₦8,000.
 */
const words = {
  ha: {
    subtitle: 'Likita · Lafiyar yara',
    profileSubtitle: 'Lafiyar yara · Likita',
    specialty: 'Lafiyar yara',
    practice: 'Asibitin likita mai zaman kansa',
    services: ['Gwajin jini', 'Hoton X-ray'],
    cheap: 'Mafi arha da farko',
    pastLast: 'Babu sakamako a wannan shafi',
    pages: 'Wannan nema yana da shafi 1 na sakamako.',
    goTo: 'Je zuwa shafi 1',
    open24: 'A buɗe awa 24',
    hours: 'Lokutan buɗewa',
    plans: 'Inshorar lafiya',
    accepts: 'Yana karɓar NHIA',
    consultation: 'Ganin likita',
  },
  yo: {
    subtitle: 'Dókítà · Ìlera ọmọdé',
    profileSubtitle: 'Ìlera ọmọdé · Dókítà',
    specialty: 'Ìlera ọmọdé',
    practice: 'Ilé-ìwòsàn dókítà aládàáni',
    services: ['Àyẹ̀wò ẹ̀jẹ̀', 'Àwòrán X-ray'],
    cheap: 'Owó tó kéré jù lọ ṣáájú',
    pastLast: 'Kò sí àbájáde lójú-ìwé yìí',
    pages: 'Ìwádìí yìí ní ojú-ìwé àbájáde 1.',
    goTo: 'Lọ sí ojú-ìwé 1',
    open24: 'Ó ṣí fún wákàtí 24',
    hours: 'Àkókò ìṣísílẹ̀',
    plans: 'Ìdánilójú ìlera',
    accepts: 'Ó ń gba NHIA',
    consultation: 'Àyẹ̀wò dókítà',
  },
  en: {
    subtitle: 'Doctor · Pediatrics',
    profileSubtitle: 'Pediatrics · Doctor',
    specialty: 'Pediatrics',
    practice: 'Private Practice',
    services: ['Blood Tests', 'X-Ray'],
    cheap: 'Lowest fee first',
    pastLast: 'No results on this page',
    pages: 'This search has 1 page of results.',
    goTo: 'Go to page 1',
    open24: 'Open 24 hours',
    hours: 'Opening Hours',
    plans: 'Health Plans',
    accepts: 'Accepts NHIA',
    consultation: 'Consultation',
  },
};

describe("the directory's names and the search page's rarer texts in the visitor's language (browser)", { timeout: 240_000 }, () => {
  const suite = browserSuite({}, async (ctx) => {
    await createProfessional(ctx.sql, { specialty: 'Pediatrics', city: 'Kano', state: 'Kano', user: { firstName: 'Aisha', lastName: 'Bello' } });
    const { id } = await createInstitution(ctx.sql, { name: 'Sabon Gari Family Practice', type: 'practice', services: ['Blood Tests', 'X-Ray'], city: 'Kano', state: 'Kano' });
    await ctx.sql`INSERT INTO payers (slug, name, kind, plans) VALUES ('nhia', 'NHIA', 'nhia', '[]')`;
    const admin = await createUser(ctx.sql, { userType: 'admin', password: 'admin-password-1' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: admin.email, password: 'admin-password-1' } });
    const put = await callApi(ctx.app, 'PUT', `/api/institutions/${id}/care`, cookieFrom(res.headers['set-cookie']), {
      openingHours: { open24Hours: true, week: [], closures: [] },
      plans: [{ payer: 'nhia', plan: null, primary: false }],
      fees: { registrationNaira: null, consultationNaira: 8000, followUpNaira: null, freeAtPointOfCare: false },
    });
    expect(put.statusCode, put.body).toBe(200);
    await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
  });

  for (const lang of ['ha', 'yo', 'en'] as const) {
    const w = words[lang];
    const prefix = lang === 'en' ? '' : `/${lang}`;

    it(`${lang}: a card's specialty and the "cheap" chip; an institution's rarer type and its services`, async () => {
      const { page, context } = await suite.page();
      const response = await page.goto(`${prefix}/search?q=cheap&type=professionals`);
      // Drawn on the server, before any script: the specialty in the page's language.
      expect(await response!.text()).toContain(w.specialty);
      const card = page.getByRole('article').filter({ hasText: 'Aisha Bello' });
      await expect.poll(() => card.getByText(w.subtitle, { exact: true }).count(), { timeout: 45_000 }).toBe(1);
      // "cheap" is understood as the lowest fee first: its chip, in the page's language (with the app).
      const chips = page.getByRole('group').filter({ has: page.getByRole('button', { name: new RegExp(w.cheap) }) });
      await expect.poll(() => chips.getByText(w.cheap, { exact: true }).count(), { timeout: 45_000 }).toBe(1);
      // Still in the page's language once the app has drawn the card again (the names table may come a moment later).
      await expect.poll(() => card.getByText(w.subtitle, { exact: true }).count(), { timeout: 45_000 }).toBe(1);
      expect(hydrationProblems(page)).toEqual([]);

      await page.goto(`${prefix}/search?type=institutions&city=Kano`);
      const inst = page.getByRole('article').filter({ hasText: 'Sabon Gari Family Practice' });
      await inst.getByText(w.practice, { exact: true }).waitFor({ timeout: 45_000 });
      for (const service of w.services) await inst.getByText(service, { exact: true }).waitFor();
      await inst.getByText(w.open24, { exact: true }).waitFor();
      expect(hydrationProblems(page)).toEqual([]);

      // Its profile: the type, the services and the care facts, drawn on the server.
      const [inst1] = await suite.ctx.sql<{ id: number }[]>`SELECT id FROM institutions WHERE name = 'Sabon Gari Family Practice'`;
      const profile = await page.goto(`${prefix}/institution/${inst1!.id}`);
      const html = await profile!.text();
      for (const text of [w.practice, w.hours, w.plans, w.accepts, w.consultation]) expect(html).toContain(text);
      await page.getByRole('heading', { name: w.hours }).waitFor();
      await page.getByText(w.accepts, { exact: true }).waitFor();
      await page.getByText(w.consultation, { exact: true }).first().waitFor();
      await page.getByText(w.practice, { exact: true }).first().waitFor();
      expect(hydrationProblems(page)).toEqual([]);
      await context.close();
    });

    it(`${lang}: a page past the last says so in ${lang}, drawn on the server; a profile's specialty and type`, async () => {
      const { page, context } = await suite.page();
      const response = await page.goto(`${prefix}/search?type=professionals&page=50`);
      const html = await response!.text();
      expect(html).toContain(w.pastLast);
      expect(html).toContain(w.pages);
      await page.getByRole('heading', { name: w.pastLast }).waitFor();
      await page.getByRole('button', { name: w.goTo }).waitFor();

      const [pro] = await suite.ctx.sql<{ id: number }[]>`SELECT p.id FROM professionals p JOIN users u ON u.id = p.user_id WHERE u.first_name = 'Aisha'`;
      const profile = await page.goto(`${prefix}/professional/${pro!.id}`);
      expect(await profile!.text()).toContain(w.specialty);
      await page.getByText(w.profileSubtitle, { exact: true }).waitFor();
      expect(hydrationProblems(page)).toEqual([]);
      await context.close();
    });
  }
});
