import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PostgresEngine, reindexAll } from '@ilera/search';
import { createInstitution, createProfessional, createRegisterListing, createUser, type TestUser } from '../../test/factories';
import { browserSuite, hydrated, hydratedByReact, busyDiary, hydrationProblems, toast, whileSearchesHeld } from '../../test/browser';

// The machine is shared by several builds and test runs: pages and elements get up to 45 s.
const SLOW = 45_000;
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: SLOW });

/** The texts of a select's options, as the patient reads them. */
const options = (page: Page, name: string) =>
  page.getByRole('combobox', { name, exact: true }).locator('option').evaluateAll((all) => all.map((o) => o.textContent ?? ''));

/**
 * Issue 50: the public pages' texts the last sessions left in English, in Chromium: a register listing's banner and
 * actions on its profile (drawn by the server), the signed-in visitor's "Help keep this page right" card with its "How was
 * your visit?" and "Suggest an edit" dialogs (their own catalog, care-report.po), the countries a professional practises
 * in, data saver's "Show photo of ...", the loading labels, the heading of a rarer institution type's list, and the search
 * page's "Too many searches" and "Search is busy". The words are written here as a patient reads them (the catalogs'
 * words, the glossary's docs/glossary/directory-names.csv), not read from the catalogs.
 */
describe('the texts still English, now in Yoruba, Hausa and Igbo (browser)', { timeout: 240_000 }, () => {
  let patient: TestUser;
  let owner: TestUser;
  let doctor: { id: number; user: TestUser };
  let listing: { id: number; code: string };
  let claimed: { id: number; code: string };
  let dropped: { id: number; code: string };
  const suite = browserSuite({}, async (ctx) => {
    patient = await createUser(ctx.sql, { firstName: 'Bisi', lastName: 'Adewale' });
    owner = await createUser(ctx.sql, { userType: 'institution', firstName: 'Kola', lastName: 'Ojo' });
    doctor = await createProfessional(ctx.sql, {
      title: 'Dr.',
      specialty: 'Cardiology',
      countries: ['Nigeria', 'Ghana'],
      user: { firstName: 'Hauwa', lastName: 'Sani' },
    });
    // A photo to hold back with data saver on (never fetched here: the saver shows the initials).
    await ctx.sql`UPDATE professionals SET profile_image_url = '/uploads/hauwa.jpg' WHERE id = ${doctor.id}`;
    listing = await createRegisterListing(ctx.sql, { name: 'Oke Ado Primary Health Centre', phone: '0802 555 0147', registerUpdated: '2024-11-11' });
    dropped = await createRegisterListing(ctx.sql, { name: 'Agodi Health Post', registerUpdated: '2024-11-11', inLatestRegister: false });
    // A claimed listing keeps only its register code.
    claimed = await createRegisterListing(ctx.sql, { name: 'Bodija Clinic' });
    await ctx.sql`UPDATE institutions SET user_id = ${owner.id} WHERE id = ${claimed.id}`;
    await createInstitution(ctx.sql, { name: 'Ibadan Specialist Hospital', type: 'specialist_hospital', services: ['X-Ray'], city: 'Ibadan', state: 'Oyo' });
    await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
  });

  it("yo: a register listing's banner, its source and its actions on its profile, drawn by the server", async () => {
    const { page, context } = await suite.page({ mobile: true });
    page.setDefaultTimeout(SLOW);
    const response = await page.goto(`/yo/institution/${listing.id}`);
    const html = await response!.text();
    for (const words of [
      'A kọ ọ́ láti inú ìforúkọsílẹ̀ orílẹ̀-èdè',
      'Orísun: Nigeria Health Facility Registry via GRID3 (CC BY 4.0), a ṣe àtúnṣe rẹ̀ ní 11/11/2024',
      `Kóòdù ilé-ìwòsàn ${listing.code}`,
      'Kò tíì sí lórí Ilera: ẹ pè wọ́n tàbí kí ẹ lọ síbẹ̀',
      'Pe 0802 555 0147',
      'Ṣé ẹ ń ṣiṣẹ́ níbí? Ẹ béèrè fún àkọsílẹ̀ yìí láti ṣàkóso rẹ̀ àti láti gba ìpàdé.',
      'Béèrè fún ilé-ìwòsàn yìí',
    ]) {
      expect(html, words).toContain(words);
      await page.getByText(words, { exact: true }).waitFor();
    }
    // (The JSON-LD stays English, for schema.org's readers: what the page shows is not.)
    expect(await page.getByText('Listed from the national register').count()).toBe(0);
    expect(await page.getByText('Not on Ilera yet', { exact: false }).count()).toBe(0);
    const claim = page.getByRole('link', { name: 'Béèrè fún ilé-ìwòsàn yìí' });
    await hydrated(claim);
    expect(await claim.getAttribute('href')).toBe(`/yo/claim/${listing.id}`);

    // A listing the latest register no longer has; a claimed listing, with its register code only.
    await page.goto(`/yo/institution/${dropped.id}`);
    await page.getByText('Kò sí nínú ìforúkọsílẹ̀ tuntun', { exact: true }).waitFor();
    await page.goto(`/yo/institution/${claimed.id}`);
    await page.getByText(`Kóòdù ìforúkọsílẹ̀ orílẹ̀-èdè ${claimed.code}`, { exact: true }).waitFor();
    expect(hydrationProblems(page)).toEqual([]);
    await context.close();
  });

  it('yo: a patient\'s "Help keep this page right" card on a listing and its "How was your visit?"', async () => {
    const { page, context } = await suite.pageAs(patient);
    page.setDefaultTimeout(SLOW);
    await page.goto(`/yo/institution/${listing.id}`);
    const help = page.getByRole('region', { name: 'Ràn wá lọ́wọ́ kí ojú-ìwé yìí jẹ́ òótọ́' });
    await help
      .getByText('Ṣé ẹ ti wá síbí rí? Ẹ sọ fún àwọn aláìsàn mìíràn bóyá wọ́n ṣí, bóyá wọ́n gba ètò ìbánigbófò ìlera yín, àti iye tí ẹ san.', { exact: true })
      .waitFor();
    const visited = help.getByRole('button', { name: 'Mo ti wá síbí', exact: true });
    await hydratedByReact(visited);
    expect(await help.getByRole('button', { name: 'Dábàá àtúnṣe', exact: true }).count()).toBe(1);
    await visited.click();
    const dialog = page.getByRole('dialog', { name: 'Báwo ni ìbẹ̀wò yín ṣe rí?' });
    await dialog.getByText('Oke Ado Primary Health Centre. Ẹ dáhùn ohun tí ẹ bá lè dáhùn; kò sí ìbéèrè tí ó pọn dandan.', { exact: false }).waitFor();
    await dialog.getByLabel('Ọjọ́ ìbẹ̀wò yín').waitFor();
    expect(await options(page, 'Ètò ìbánigbófò ìlera')).toContain('Kò sí ètò: èmi fúnra mi ni mo san');
    // Nothing answered: refused at the form, in Yoruba.
    await dialog.getByRole('button', { name: 'Fi àwọn ìdáhùn ránṣẹ́' }).click();
    await dialog.getByText('Jọ̀wọ́ dáhùn ìbéèrè kan ó kéré tán', { exact: true }).waitFor();
    await dialog.getByRole('radiogroup', { name: 'Ṣé wọ́n ṣí nígbà tí ẹ dé?' }).getByLabel('Bẹ́ẹ̀ni', { exact: true }).check();
    await dialog.getByLabel('Èló ni ẹ san fún àyẹ̀wò dókítà? (₦)').fill('2000');
    await dialog.getByRole('button', { name: 'Fi àwọn ìdáhùn ránṣẹ́' }).click();
    await toast(page, 'Ẹ ṣé').waitFor();
    await help.getByText('Ẹ ṣé tí ẹ sọ fún wa nípa ìbẹ̀wò yín.', { exact: true }).waitFor();
    const [row] = await suite.ctx.sql`SELECT was_open, paid_naira FROM care_reports WHERE institution_id = ${listing.id} AND patient_id = ${patient.id}`;
    expect({ ...row }).toEqual({ wasOpen: true, paidNaira: 2000 });
    await context.close();
  });

  it('ha: "Suggest an edit" on a profile, the countries of practice, and data saver\'s photo button', async () => {
    const { page, context } = await suite.pageAs(patient, { mobile: true });
    page.setDefaultTimeout(SLOW);
    await context.addCookies([{ name: 'ilera-data-saver', value: '1', url: suite.base }]);
    const response = await page.goto(`/ha/professional/${doctor.id}`);
    // The countries by the names the glossary gives them, once the names table has come (the server drew them too).
    expect(await response!.text()).toContain('Najeriya');
    await page.getByText('Najeriya, Gana', { exact: true }).waitFor();
    await page.getByText('Gana', { exact: true }).waitFor();
    const photo = page.getByRole('button', { name: 'Nuna hoton Dr. Hauwa Sani', exact: true });
    await photo.waitFor();
    expect(await photo.getAttribute('title')).toBe('Tanadin data: taɓa don ganin hoton');

    const help = page.getByRole('region', { name: 'Taimaka a gyara wannan shafi' });
    const suggest = help.getByRole('button', { name: 'Ba da shawarar gyara', exact: true });
    await hydratedByReact(suggest);
    // Not a listing: nothing to report of a visit.
    expect(await help.getByRole('button', { name: 'Na je nan' }).count()).toBe(0);
    await suggest.click();
    const dialog = page.getByRole('dialog', { name: 'Ba da shawarar gyara' });
    await dialog.getByText('Dr. Hauwa Sani. Mai gudanarwa yana duba kowace shawara kafin a canza komai.', { exact: true }).waitFor();
    expect(await options(page, 'Me ba daidai ba?')).toEqual([
      'Zaɓi…',
      'Lokutan buɗewa ba daidai ba ne',
      'An rufe shi gaba ɗaya',
      'Wurin da ke taswira ba daidai ba ne',
      'Lambar waya ba daidai ba ce',
      'Wani abu daban',
    ]);
    await dialog.getByRole('button', { name: 'Aika shawara' }).click();
    await dialog.getByText('Da fatan a zaɓi abin da ba daidai ba', { exact: true }).waitFor();
    await dialog.getByText('Da fatan a faɗi abin da ya kamata a canza', { exact: true }).waitFor();
    expect(await dialog.getByText('Please choose what is wrong').count()).toBe(0);
    await dialog.getByRole('combobox', { name: 'Me ba daidai ba?' }).selectOption({ label: 'Lambar waya ba daidai ba ce' });
    await dialog.getByLabel('Me ya kamata ya faɗa?').fill('Lambar yanzu 0809 111 2222');
    await dialog.getByRole('button', { name: 'Aika shawara' }).click();
    await toast(page, 'An aika shawara').waitFor();
    const [row] = await suite.ctx.sql`SELECT kind, details FROM care_suggestions WHERE professional_id = ${doctor.id}`;
    expect({ ...row }).toEqual({ kind: 'phone', details: 'Lambar yanzu 0809 111 2222' });
    await context.close();
  });

  it("ig: the loading labels while a page's data is on its way; yo: a rarer institution type's list named in Yoruba", async () => {
    const { page, context } = await suite.pageAs(patient);
    page.setDefaultTimeout(SLOW);
    // Account settings wait for the account (held here a few seconds: the real API answers after).
    // A request held past the page's next navigation is gone with it (Playwright: "Route is already handled"): nothing to let go.
    await page.route('**/api/account', async (route) => {
      await new Promise((r) => setTimeout(r, 4000));
      await route.continue().catch(() => undefined);
    });
    await page.goto('/ig/account');
    await page.getByRole('status', { name: 'Na-ebu', exact: true }).waitFor();
    await page.unroute('**/api/account');

    // A profile reached inside the app waits for its data: its skeleton says so.
    await page.goto('/ig/search?q=hauwa');
    const view = page.getByRole('article').filter({ hasText: 'Hauwa Sani' }).getByRole('link').first();
    await hydratedByReact(view);
    await page.route(`**/api/professionals/${doctor.id}`, async (route) => {
      await new Promise((r) => setTimeout(r, 4000));
      await route.continue().catch(() => undefined);
    });
    await view.click();
    await page.locator('[aria-label="Na-ebute profaịlụ"]').waitFor();
    await page.getByRole('heading', { name: 'Dr. Hauwa Sani', level: 1 }).waitFor();
    await context.close();

    const other = await suite.page();
    other.page.setDefaultTimeout(SLOW);
    await other.page.goto('/yo/search?type=institutions&institutionType=specialist_hospital');
    await poll(() => other.page.getByRole('group', { name: 'Àwọn iṣẹ́ Ilé-ìwòsàn àkànṣe', exact: true }).count()).toBe(1);
    await other.context.close();
  });
});

/** The sign-in and password pages (auth.po, fetched with them), in Hausa and Yoruba. */
describe('sign-in and the password pages in Hausa and Yoruba (browser)', { timeout: 120_000 }, () => {
  let musa: TestUser;
  const suite = browserSuite({}, async (ctx) => {
    musa = await createUser(ctx.sql, { firstName: 'Musa', lastName: 'Bello', email: 'musa.bello@example.com' });
  });

  it('ha: sign-in refuses empty fields and a wrong password; the forgotten password page answers, in Hausa', async () => {
    const { page, context } = await suite.page({ mobile: true });
    page.setDefaultTimeout(SLOW);
    await page.goto('/ha/login');
    await page.getByRole('heading', { level: 1, name: 'Shiga' }).waitFor();
    await page.getByText('Barka da dawowa Ilera', { exact: true }).waitFor();
    const signIn = page.getByRole('button', { name: 'Shiga', exact: true });
    await hydratedByReact(signIn);
    await signIn.click();
    await page.getByText('Da fatan a rubuta adireshin imel mai inganci', { exact: true }).waitFor();
    await page.getByText('Ana buƙatar kalmar sirri', { exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Imel' }).fill(musa.email);
    await page.getByLabel(/^Kalmar sirri( \*)?$/).fill('not-the-password-1');
    await signIn.click();
    await toast(page, 'Shiga bai yi nasara ba').waitFor();
    await toast(page, 'Imel ko kalmar sirri ba daidai ba ne').waitFor();
    expect(await page.getByRole('link', { name: 'Buɗe sabon asusu' }).count()).toBe(1);

    await page.getByRole('link', { name: 'Kun manta kalmar sirrinku?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Manta kalmar sirri' }).waitFor();
    await page.getByRole('textbox', { name: 'Imel' }).fill(musa.email);
    await page.getByRole('button', { name: 'Aika hanyar sake saitawa' }).click();
    await page.getByRole('heading', { level: 1, name: 'Duba imel ɗinku' }).waitFor();
    await page.getByText(`Idan akwai asusu na ${musa.email}, mun aika hanyar sake saita kalmar sirrinku. Hanyar tana aiki na awa 1.`).waitFor();
    await page.getByRole('link', { name: 'Koma wurin shiga' }).waitFor();
    await context.close();
  });

  it('yo: a reset link that is not valid says so in Yoruba', async () => {
    const { page, context } = await suite.page({ mobile: true });
    page.setDefaultTimeout(SLOW);
    await page.goto('/yo/reset-password?token=not-a-real-token');
    await page.getByRole('heading', { level: 1, name: 'Ìjápọ̀ àtúntò kò wúlò' }).waitFor();
    await page.getByText('Ìjápọ̀ àtúntò ọ̀rọ̀ aṣínà yìí kò wúlò tàbí ó ti parí.').first().waitFor();
    await toast(page, 'Àmì náà kò wúlò').waitFor();
    await page.getByRole('link', { name: 'Béèrè ìjápọ̀ tuntun' }).waitFor();
    await context.close();
  });
});

/** A search refused by a limit (tiny here: docs/RELIABILITY.md has production's). */
describe('"Too many searches" in Yoruba (browser)', { timeout: 120_000 }, () => {
  // Whichever counts the page's searches (with its client cookie or without), a few pages reach it.
  const suite = browserSuite({ requestLimits: { searchPerClient: { max: 2 }, searchWithoutCookie: { max: 12 } } }, async (ctx) => {
    await createProfessional(ctx.sql, { specialty: 'Cardiology', user: { firstName: 'Kemi', lastName: 'Adebayo' } });
    await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
  });

  it('the search page says to wait and try again, in Yoruba', async () => {
    const { page, context } = await suite.page();
    page.setDefaultTimeout(SLOW);
    const alert = page.getByRole('alert').filter({ hasText: 'Ìwádìí ti pọ̀ jù' });
    await page.goto('/yo/search?q=kemi');
    const doctors = page.getByRole('button', { name: /Dókítà/ }).first();
    await hydrated(doctors);
    // New searches from the page (the type card, on and off), each waited for, until the limit speaks.
    for (let i = 0; i < 8 && !(await alert.count()); i++) {
      const answer = page.waitForResponse((r) => r.url().includes('/api/search/multi_search'));
      await doctors.click();
      await answer;
    }
    await alert.waitFor();
    await poll(() => alert.textContent()).toContain('Ìbéèrè ti pọ̀ jù. Jọ̀wọ́ dúró fún ìṣẹ́jú 1 kí ẹ tún gbìyànjú.');
    expect(await alert.textContent()).not.toContain('Too many');
    await context.close();
  });
});

/**
 * An API shedding load answers 503: the search page says the service is busy, in Hausa. The load is real, as in
 * limits.e2e.test.ts: searches held in PostgreSQL until the process counts more in flight than its (tiny) limit.
 */
describe('"Search is busy" in Hausa (browser)', { timeout: 120_000 }, () => {
  const suite = browserSuite({ config: { loadShedding: { maxInFlight: 3, maxEventLoopDelayMs: 0, maxRssMb: 0 } } }, async (ctx) => {
    await createProfessional(ctx.sql, { specialty: 'Cardiology', user: { firstName: 'Kemi', lastName: 'Adebayo' } });
    await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
  });

  it('the search page says the service is busy and to try again, in Hausa', async () => {
    const { ctx, base } = suite;
    const { page, context } = await suite.page();
    page.setDefaultTimeout(SLOW);
    // A patient already using the page, as in limits.e2e.test.ts: the app has come (a search sent from the box), so
    // what is checked below is the page's answer to a refused search, not the app's arrival under shedding.
    await page.goto('/ha/search');
    const box = page.getByRole('textbox', { name: 'Nema' });
    await hydrated(box);
    await box.fill('kemi');
    await page.getByRole('button', { name: 'Nema', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'An sami sakamako 1' }).waitFor();
    const doctors = page.getByRole('button', { name: /Likitoci/ }).first();
    await hydratedByReact(doctors);

    const busy = page.getByRole('alert').filter({ hasText: 'Nema yana da cunkoso' });
    // A CI run of 2026-12-01 (load from other work beside it) saw no alert in 45 s, then its retry's page not drawn: a
    // failure says what the page asked and was answered, the alerts shown and /healthz's status (as limits.e2e.test.ts).
    const { diary, state } = busyDiary(page, base);
    const statuses = await whileSearchesHeld(ctx, base, async () => {
      diary.note('searches held, /healthz says 503');
      await diary.explained('clicking Likitoci', doctors.click(), state);
      await diary.explained('waiting for "Nema yana da cunkoso"', busy.waitFor(), state);
      await poll(() => busy.textContent()).toContain("Sabis ɗin yana da cunkoso. Da fatan a sake gwadawa bayan 'yan daƙiƙoƙi.");
    });
    // The searches held were answered once let go (none lost), and the API takes searches again.
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    await diary.explained('/healthz 200 again', expect.poll(async () => (await fetch(`${base}/healthz`)).status, { timeout: 30_000, interval: 100 }).toBe(200), state);
    await context.close();
  });
});
