import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PostgresEngine, reindexAll } from '@ilera/search';
import { lagosDateTimeParts } from '@ilera/contracts';
import { createProfessional, createUser, login, type TestUser } from '../../test/factories';
import { browserSuite, hydrated } from '../../test/browser';
import { readSentTexts } from '../../test/texts';

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
    // The same search, the header and the search page's own words in Yoruba.
    await expect.poll(() => page.getByText('Folake Adebayo').count(), { timeout: 45_000 }).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'Pàjáwìrì' }).first().getAttribute('href')).toBe('/yo/emergency');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Wá Àwọn Olùpèsè Ìlera');
    expect(await page.getByRole('textbox', { name: 'Wá', exact: true }).inputValue()).toBe('Pediatrics');
    await page.getByRole('link', { name: 'Wo àkọsílẹ̀ Dr. Folake Adebayo' }).waitFor();
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

/**
 * Issue 50's journey in Hausa: a visitor whose browser asks for Hausa gets the Hausa landing page, searches
 * and books, every step in Hausa; the booking's text to the patient goes in the account's language.
 */
describe('a Hausa visitor searches and books in Hausa (browser)', { timeout: 240_000 }, () => {
  let patient: TestUser;
  let pro: { id: number; user: TestUser };
  const date = lagosDateTimeParts(new Date(Date.now() + 3 * 86400_000)).date;
  const suite = browserSuite({ workers: true }, async (ctx) => {
    pro = await createProfessional(ctx.sql, { specialty: 'Pediatrics', city: 'Kano', state: 'Kano', user: { firstName: 'Aisha', lastName: 'Bello' } });
    patient = await createUser(ctx.sql, { firstName: 'Musa', lastName: 'Ibrahim' });
    await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
  });

  it('Accept-Language: ha opens the landing page in Hausa; the search, the profile and the booking dialog are in Hausa', async () => {
    // A phone whose browser asks for Hausa (Chromium's locale is its Accept-Language), signed out.
    const context = await suite.browser.newContext({ baseURL: suite.base, locale: 'ha-NG', viewport: { width: 360, height: 740 }, timezoneId: 'America/New_York' });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    expect(await page.evaluate(() => navigator.language)).toBe('ha-NG');
    await page.goto('/');
    expect(new URL(page.url()).pathname).toBe('/ha');
    expect(await page.locator('html').getAttribute('lang')).toBe('ha');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Nemo Amintattun Masu Ba da Kiwon Lafiya a Najeriya');

    // The landing page's search: the server-drawn Hausa search page.
    await page.getByRole('textbox', { name: 'Nema', exact: true }).fill('Pediatrics');
    await Promise.all([page.waitForURL(/\/ha\/search\?/, { timeout: 45_000 }), page.getByRole('button', { name: 'Nema', exact: true }).click()]);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Nemo Masu Ba da Kiwon Lafiya');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'An sami sakamako 1' }).count(), { timeout: 45_000 }).toBe(1);
    const card = page.getByRole('article', { name: 'Dr. Aisha Bello' });
    expect(await card.getByRole('link', { name: 'Duba bayanan Dr. Aisha Bello' }).innerText()).toBe('Duba bayanai');

    // The card's Book Appointment leads to the profile, in Hausa.
    await Promise.all([
      page.waitForURL(new RegExp(`/ha/professional/${pro.id}$`), { timeout: 45_000 }),
      card.getByRole('link', { name: 'Yi alƙawari da Dr. Aisha Bello' }).click(),
    ]);
    await page.getByRole('heading', { name: 'Karatu da horo' }).waitFor({ timeout: 45_000 });
    // Signed out, booking asks to sign in first ("Sign In to Book"); the visitor signs in (the session as the
    // sign-in page would leave it) with Hausa as the account's language (as Account settings saves it: that form is
    // tested above): texts follow the account's language, not the page's (decision 049).
    await page.getByRole('link', { name: 'Shiga don yin alƙawari' }).waitFor();
    await suite.ctx.sql`UPDATE users SET language = NULL WHERE id = ${patient.id}`;
    const [name, ...value] = (await login(suite.ctx.app, patient.email, patient.password)).split('=');
    await context.addCookies([{ name: name!, value: value.join('='), url: suite.base }]);
    await suite.ctx.sql`UPDATE users SET language = 'ha' WHERE id = ${patient.id}`;
    await page.reload();

    // The booking dialog, its words and its answer in Hausa.
    await page.getByRole('button', { name: 'Yi alƙawari', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Yi alƙawari da Dr. Aisha Bello').waitFor({ timeout: 45_000 });
    await dialog.getByRole('button', { name: 'Yi alƙawari', exact: true }).click();
    await page.getByText('Da fatan a zaɓi rana da lokacin alƙawarinka.').waitFor();
    await dialog.getByRole('textbox', { name: /^Irin alƙawari/ }).click();
    await page.getByRole('option', { name: 'Ganin likita', exact: true }).click();
    await dialog.getByLabel(/^Rana/).fill(date);
    await dialog.getByRole('radio', { name: '10:00 WAT', exact: true }).click();
    expect(await dialog.getByLabel(/^Sunan mara lafiya/).inputValue()).toBe('Musa Ibrahim');
    await dialog.getByLabel(/^Wayar mara lafiya/).fill('0803 555 0142');
    await dialog.getByLabel('Dalilin zuwa').fill('Zazzaɓi tun jiya');
    await dialog.getByRole('button', { name: 'Yi alƙawari', exact: true }).click();
    await page.getByText('An yi alƙawarinka cikin nasara!').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const [booked] = await suite.ctx.sql`SELECT appointment_type, patient_phone, reason_for_visit FROM appointments WHERE patient_id = ${patient.id}`;
    expect(booked).toEqual({ appointmentType: 'consultation', patientPhone: '0803 555 0142', reasonForVisit: 'Zazzaɓi tun jiya' });
    await context.close();
  });

  // The account's language (Hausa, saved above) decides the texts' (decision 049); an SMS is GSM-7, its
  // hooked letters folded (ɓ -> b, ƙ -> k).
  it("the booking's text to the patient is in Hausa", async () => {
    const dir = path.join(suite.ctx.config.dataDir, 'sms');
    const sms = async () => {
      const names = await readdir(dir).catch(() => [] as string[]);
      const all = await Promise.all(names.map(async (n) => JSON.parse(await readFile(path.join(dir, n), 'utf8')) as { to: string; body: string }));
      return all.filter((t) => t.to === '+2348035550142');
    };
    await expect.poll(async () => (await sms()).length, { timeout: 60_000 }).toBe(1);
    const [text] = await sms();
    expect(text!.body).toMatch(/^Ilera: mun karbi bukatarku ta ganin Dr\. Aisha Bello ranar /);
    expect(text!.body).not.toMatch(/your request/);
  });

  // An account with no language of its own books from a Hausa page: the web sends the page's language with
  // the booking, and that booking's text is in it (decision 049).
  it('an account without a language that books from the Hausa page gets the text in Hausa', async () => {
    const amina = await createUser(suite.ctx.sql, { firstName: 'Amina', lastName: 'Sani' });
    const { page, context } = await suite.pageAs(amina);
    page.setDefaultTimeout(30_000);
    await page.goto(`/ha/professional/${pro.id}`);
    const open = page.getByRole('button', { name: 'Yi alƙawari', exact: true });
    await hydrated(open);
    await open.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Yi alƙawari da Dr. Aisha Bello').waitFor({ timeout: 45_000 });
    await dialog.getByRole('textbox', { name: /^Irin alƙawari/ }).click();
    await page.getByRole('option', { name: 'Ganin likita', exact: true }).click();
    await dialog.getByLabel(/^Rana/).fill(date);
    await dialog.getByRole('radio', { name: '11:00 WAT', exact: true }).click();
    await dialog.getByLabel(/^Wayar mara lafiya/).fill('0803 555 0143');
    await dialog.getByRole('button', { name: 'Yi alƙawari', exact: true }).click();
    await page.getByText('An yi alƙawarinka cikin nasara!').waitFor();
    expect(await suite.ctx.sql`SELECT booking_locale FROM appointments WHERE patient_id = ${amina.id}`).toEqual([{ bookingLocale: 'ha' }]);
    const sms = async () => (await readSentTexts(suite.ctx.config.dataDir, 'sms')).filter((t) => t.to === '+2348035550143');
    await expect.poll(async () => (await sms()).length, { timeout: 60_000 }).toBe(1);
    expect((await sms())[0]!.body).toMatch(/^Ilera: mun karbi bukatarku ta ganin Dr\. Aisha Bello ranar /);
    await context.close();
  });
});
