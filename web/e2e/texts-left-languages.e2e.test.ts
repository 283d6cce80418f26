import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PostgresEngine, reindexAll } from '@ilera/search';
import { lagosDateTimeParts } from '@ilera/contracts';
import { createInstitution, createProfessional, createUser, type TestUser } from '../../test/factories';
import { browserSuite, hydrated, hydrationProblems, toast } from '../../test/browser';

// The machine is shared by several builds and test runs: pages and elements get up to 45 s.
const SLOW = 45_000;
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: SLOW });

/** The texts of a select's options, as the patient reads them. */
const options = (page: Page, name: string) =>
  page.getByRole('combobox', { name, exact: true }).locator('option').evaluateAll((all) => all.map((o) => o.textContent ?? ''));

/**
 * Issue 50: the texts the last session left in English, in Hausa and Yoruba in Chromium: the search page's filters
 * (specialty, service and consultation-language options), a card's languages, the chip of a group of institution types,
 * the fees patients reported on a profile, the review's reply and report dialogs, the owner's buttons, the booking
 * form's field messages and a profile's <head>. The words are written here as a patient reads them (the glossary's
 * docs/glossary/directory-names.csv and the catalogs' words), not taken from the catalogs or the names tables.
 */
describe('the texts left in English, in Hausa and Yoruba (browser)', { timeout: 240_000 }, () => {
  let doctor: { id: number; user: TestUser };
  let hospital: number;
  let reviewer: TestUser;
  let patient: TestUser;
  const date = lagosDateTimeParts(new Date(Date.now() + 3 * 86400_000)).date;
  const suite = browserSuite({}, async (ctx) => {
    doctor = await createProfessional(ctx.sql, { specialty: 'Pediatrics', city: 'Kano', state: 'Kano', user: { firstName: 'Aisha', lastName: 'Bello' } });
    // As the profile API stores them: the codes, and the spec's text as their names.
    await ctx.sql`UPDATE professionals SET language_codes = ${['en', 'ha']}, languages = 'English, Hausa' WHERE id = ${doctor.id}`;
    ({ id: hospital } = await createInstitution(ctx.sql, { name: 'Kano Teaching Hospital', type: 'teaching_hospital', services: ['Blood Tests', 'X-Ray'], city: 'Kano', state: 'Kano' }));
    reviewer = await createUser(ctx.sql, { firstName: 'Tunde', lastName: 'Bakare' });
    patient = await createUser(ctx.sql, { firstName: 'Musa', lastName: 'Ibrahim' });
    await ctx.sql`INSERT INTO reviews (reviewer_id, professional_id, rating, comment) VALUES (${reviewer.id}, ${doctor.id}, 4, 'Kind and careful.')`;
    // Three patients' reports of what they paid at the hospital: ₦5,000 to ₦8,000.
    for (const paid of [5000, 6000, 8000]) {
      const someone = await createUser(ctx.sql);
      await ctx.sql`INSERT INTO care_reports (institution_id, patient_id, visited_on, paid_naira) VALUES (${hospital}, ${someone.id}, current_date - 5, ${paid})`;
    }
    await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
  });

  it('yo: the filters\' specialties, services and languages, and a card\'s languages, in Yoruba', async () => {
    // A wide screen: the filters open at once.
    const { page, context } = await suite.page();
    page.setDefaultTimeout(SLOW);
    // The landing page's quick search, drawn on the server.
    await page.goto('/yo');
    expect(await options(page, 'Ìwádìí kíákíá')).toEqual(expect.arrayContaining(['Dókítà ọkàn', 'Dókítà ọmọdé']));
    await page.goto('/yo/search?type=professionals');
    const card = page.getByRole('article').filter({ hasText: 'Aisha Bello' });
    await poll(() => card.textContent()).toContain('Ó ń sọ Gẹ̀ẹ́sì, Háúsá');
    await poll(() => options(page, 'Ẹ̀ka iṣẹ́')).toContain('Ìlera ọmọdé (1)');
    // The care filters (with "Speaks") come with the panel: each language by its Yoruba name.
    await poll(() => options(page, 'Ó ń sọ èdè')).toEqual(expect.arrayContaining(['Gẹ̀ẹ́sì', 'Háúsá', 'Yorùbá', 'Ìgbò', 'Pidgin Nàìjíríà', 'Fúlàní', 'Faransé', 'Lárúbáwá']));
    expect(await options(page, 'Ó ń sọ èdè')).not.toContain('Hausa');
    await page.getByRole('combobox', { name: 'Ó ń sọ èdè', exact: true }).selectOption({ label: 'Háúsá' });
    await poll(() => new URL(page.url()).searchParams.get('language')).toBe('ha');

    await page.goto('/yo/search?type=institutions');
    await page.getByRole('article').filter({ hasText: 'Kano Teaching Hospital' }).waitFor();
    await poll(() => options(page, 'Iṣẹ́')).toEqual(expect.arrayContaining(['Àyẹ̀wò ẹ̀jẹ̀ (1)', 'Àwòrán X-ray (1)']));
    expect(hydrationProblems(page)).toEqual([]);
    await context.close();
  });

  it('ha: the chip of a group of institution types and of a language; the fees patients paid, drawn on the server', async () => {
    const { page, context } = await suite.page({ mobile: true });
    page.setDefaultTimeout(SLOW);
    await page.goto('/ha/search?q=hospital&type=institutions');
    const chips = page.getByRole('group', { name: 'Abin da muka fahimta daga nemanka' });
    await poll(() => chips.textContent()).toContain('Asibitoci (kowane iri)');
    expect(await chips.textContent()).not.toContain('Hospitals (all kinds)');

    await page.goto('/ha/search?q=likita+mai+jin+hausa');
    await poll(() => chips.textContent()).toContain('Yana jin Hausa');

    const response = await page.goto(`/ha/institution/${hospital}`);
    const paid = 'Marasa lafiya sun biya ₦5,000-₦8,000 (rahotanni 3 cikin watanni 6)';
    expect(await response!.text()).toContain(paid);
    await page.getByText(paid, { exact: true }).waitFor();
    expect(hydrationProblems(page)).toEqual([]);
    await context.close();
  });

  it("ha: a profile's <head> in Hausa: the specialty and type in the title, the description", async () => {
    const { page, context } = await suite.page({ mobile: true });
    const response = await page.goto(`/ha/professional/${doctor.id}`);
    const html = await response!.text();
    const title = 'Dr. Aisha Bello, Lafiyar yara a Kano | Ilera';
    const description = "Dr. Aisha Bello: Lafiyar yara (Likita) a Kano, Kano. Maki 4.0 cikin 5 daga ra'ayi 1. Duba bayanansa a Ilera kuma ka yi alƙawari.";
    expect(html).toContain(`<title>${title}</title>`);
    expect(await page.title()).toBe(title);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(description);

    await page.goto(`/ha/institution/${hospital}`);
    expect(await page.title()).toBe('Kano Teaching Hospital, Asibitin koyarwa a Kano | Ilera');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe('Kano Teaching Hospital: Asibitin koyarwa a Kano, Kano. Ayyuka: Gwajin jini, Hoton X-ray.');
    await context.close();
  });

  it("yo: the owner's buttons and the reply dialog in Yoruba", async () => {
    const { page, context } = await suite.pageAs(doctor.user);
    page.setDefaultTimeout(SLOW);
    await page.goto(`/yo/professional/${doctor.id}`);
    const reply = page.getByRole('button', { name: 'Fèsì', exact: true });
    await hydrated(reply);
    await page.getByRole('link', { name: 'Ṣàtúnṣe àkọsílẹ̀ rẹ', exact: true }).waitFor();
    // The photo's button and its icon on the photo say the same.
    expect(await page.getByRole('button', { name: 'Yí àwòrán padà', exact: true }).count()).toBe(2);
    await page.getByRole('button', { name: 'Ṣe àtúnṣe àwọn orílẹ̀-èdè', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Ṣàtúnṣe àwọn orílẹ̀-èdè', exact: true }).waitFor();
    await reply.click();
    const dialog = page.getByRole('dialog', { name: 'Fèsì sí èrò yìí' });
    await dialog.getByText('Gbogbo ènìyàn ló máa rí èsì rẹ', { exact: false }).waitFor();
    await dialog.getByLabel('Èsì rẹ').fill('Ẹ ṣé, Tunde.');
    await dialog.getByRole('button', { name: 'Fi èsì síta' }).click();
    await toast(page, 'A ti fi èsì rẹ síta').waitFor();
    await context.close();
  });

  it('ha: the report dialog, and the booking form\'s field messages, in Hausa', async () => {
    const { page, context } = await suite.pageAs(patient);
    page.setDefaultTimeout(SLOW);
    await page.goto(`/ha/professional/${doctor.id}`);
    const report = page.getByRole('button', { name: "Kai rahoton ra'ayin Tunde B." });
    await hydrated(report);
    // A patient's Save button says so in Hausa too.
    expect(await page.getByRole('button', { name: 'Ajiye Dr. Aisha Bello', exact: true }).innerText()).toBe('Ajiye');
    await report.click();
    const reporting = page.getByRole('dialog', { name: "Kai rahoton wannan ra'ayi" });
    await reporting.getByText('Mai kula yana karanta kowane rahoto', { exact: false }).waitFor();
    expect(await options(page, 'Dalili')).toContain('Talla ko saƙon banza');
    await reporting.getByRole('combobox', { name: 'Dalili' }).selectOption({ label: 'Zagi ko cin mutunci' });
    await reporting.getByRole('button', { name: 'Kai rahoto', exact: true }).click();
    await toast(page, "An kai rahoton ra'ayin").waitFor();
    await reporting.waitFor({ state: 'hidden' });

    // The booking form refuses an empty name and a wrong e-mail, saying so under each field in Hausa.
    await page.getByRole('button', { name: 'Yi alƙawari', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Yi alƙawari da Dr. Aisha Bello').waitFor();
    await dialog.getByRole('textbox', { name: /^Irin alƙawari/ }).click();
    await page.getByRole('option', { name: 'Ganin likita', exact: true }).click();
    await dialog.getByLabel(/^Rana/).fill(date);
    await dialog.getByRole('radio', { name: '10:00 WAT', exact: true }).click();
    await dialog.getByLabel(/^Sunan mara lafiya/).fill('');
    await dialog.getByLabel(/^Imel na mara lafiya/).fill('musa-at-example');
    await dialog.getByLabel(/^Wayar mara lafiya/).fill('0803 555 0142');
    await dialog.getByRole('button', { name: 'Yi alƙawari', exact: true }).click();
    await dialog.getByText('Ana buƙatar sunan mara lafiya', { exact: true }).waitFor();
    await dialog.getByText('Da fatan a rubuta adireshin imel mai inganci', { exact: true }).waitFor();
    expect(await dialog.getByText('Patient name is required').count()).toBe(0);
    await context.close();
  });
});
