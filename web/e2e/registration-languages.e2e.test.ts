import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { bookingBody, callApi, createProfessional, createUser, login, type TestUser } from '../../test/factories';
import { browserSuite, choose, combo, field, hydrationProblems, toast } from '../../test/browser';

// The machine is shared by several builds and test runs: pages and elements get up to 45 s.
const SLOW = 45_000;
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: SLOW });

/** The text under a field (Mantine's error) or anywhere on the page, exactly. */
const said = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/**
 * Issue 50: the registration forms (register.po, fetched with the page), Account settings' My plan, Text messages and
 * USSD PIN (account.po), "Sign In Required", a profile refused by the limit and the page loader's own notice, in the
 * page's language, in Chromium. The words are written here as a patient reads them (the catalogs' words), not read from
 * the catalogs; what the API stores stays English (the directory's values).
 */
describe('registration in Hausa and Yoruba (browser)', { timeout: 240_000 }, () => {
  let taken: TestUser;
  const suite = browserSuite({}, async (ctx) => {
    taken = await createUser(ctx.sql, { email: 'musa.taken@example.ng' });
  });

  it('ha: a patient registers; the form\'s own checks, the API\'s refusal and the toasts are in Hausa', async () => {
    const { page, context } = await suite.page({ mobile: true });
    page.setDefaultTimeout(SLOW);
    await page.goto('/ha/register');
    await page.getByRole('heading', { level: 1, name: 'Buɗe asusu' }).waitFor();
    await poll(() => page.getByRole('tab', { name: 'Mara lafiya' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tab', { name: "Ma'aikacin lafiya" }).count()).toBe(1);
    const create = page.getByRole('button', { name: 'Buɗe asusu', exact: true });
    // The form's own checks first (the schema's messages, in Hausa): nothing is sent.
    await create.click();
    await said(page, 'Sunan farko dole ya kai aƙalla haruffa 2').waitFor();
    await said(page, 'Lambar waya dole ta kai aƙalla lambobi 10').waitFor();
    await said(page, 'Da fatan a rubuta adireshin imel mai inganci').waitFor();
    expect(await page.getByText('First name must be at least 2 characters').count()).toBe(0);

    await field(page, 'Sunan farko').fill('Musa');
    await field(page, 'Sunan mahaifi').fill('Bello');
    await field(page, 'Imel').fill(taken.email);
    await field(page, 'Lambar waya').fill('0803 123 4567');
    await field(page, 'Kalmar sirri').fill('kalmar-sirri-1');
    await field(page, 'Tabbatar da kalmar sirri').fill('kalmar-sirri-2');
    await create.click();
    await said(page, 'Kalmomin sirri ba su yi daidai ba').waitFor();
    // The API refuses an e-mail that has an account: its message (English in the API) under the field and in the toast.
    await field(page, 'Tabbatar da kalmar sirri').fill('kalmar-sirri-1');
    await create.click();
    await toast(page, 'Rajista bai yi nasara ba').waitFor();
    await toast(page, 'Akwai asusu da wannan imel tuni').waitFor();
    await poll(() => page.getByText('Akwai asusu da wannan imel tuni', { exact: true }).count()).toBe(2);
    expect(await page.getByText('An account with this email already exists').count()).toBe(0);

    await field(page, 'Imel').fill('musa.bello@example.ng');
    await create.click();
    await toast(page, 'An yi rajista cikin nasara').waitFor();
    await toast(page, 'Yanzu kuna iya shiga asusunku').waitFor();
    await page.waitForURL(/\/ha\/login$/);
    const [row] = await suite.ctx.sql`SELECT first_name, user_type FROM users WHERE email = 'musa.bello@example.ng'`;
    expect(row).toEqual({ firstName: 'Musa', userType: 'patient' });
    expect(hydrationProblems(page)).toEqual([]);
    await context.close();
  });

  it('yo: a professional registers; the specialty in Yoruba, the licence per country, the toasts in Yoruba', async () => {
    const { page, context } = await suite.page();
    page.setDefaultTimeout(SLOW);
    await page.goto('/yo/register?type=professional');
    await page.getByText('A ó yẹ̀ ẹ́ wò kí ó tó hàn', { exact: true }).waitFor();
    await page.getByText('Alábòójútó kan yóò yẹ àpèjúwe iṣẹ́ yín wò kí ó tó hàn nínú àkójọ.', { exact: false }).waitFor();
    await field(page, 'Orúkọ àkọ́kọ́').fill('Kemi');
    await field(page, 'Orúkọ ìdílé').fill('Adebayo');
    await field(page, 'Ímeèlì').fill('kemi.adebayo@example.ng');
    await field(page, 'Nọ́ńbà fóònù').fill('0803 555 0101');
    await field(page, 'Ọ̀rọ̀ aṣínà').fill('oro-asina-1');
    await field(page, 'Jẹ́rìí ọ̀rọ̀ aṣínà').fill('oro-asina-1');
    await choose(page, 'Orúkọ oyè', 'Dr.');
    // The specialties by the glossary's Yoruba names; the API stores the directory's English value.
    await combo(page, 'Ẹ̀ka iṣẹ́').click();
    await page.getByRole('option', { name: 'Ìlera ọkàn', exact: true }).click();
    await field(page, 'Ọdún ìrírí').fill('9');
    await field(page, 'Ẹ̀kọ́').fill('MBBS, University of Ibadan (2015)');
    await field(page, 'Ìtàn nípa rẹ').fill('Dókítà ọkàn tí ó ti ṣiṣẹ́ fún ọdún mẹ́sàn-án.');
    await field(page, 'Àdírẹ́sì').fill('12 Ring Road, Ibadan');
    await field(page, 'Ìlú').fill('Ibadan');
    await choose(page, 'Ìpínlẹ̀', 'Oyo');

    // The licence missing: the rule of section 5 (per country), in Yoruba, under the licence's field.
    const submit = page.getByRole('button', { name: 'Fi ìbéèrè ránṣẹ́', exact: true });
    await submit.click();
    await said(page, 'A nílò nọ́ńbà ìwé-àṣẹ fún orílẹ̀-èdè kọ̀ọ̀kan').waitFor();
    await field(page, 'Nọ́ńbà ìwé-àṣẹ (Nigeria)').fill('MDCN/55555');
    await submit.click();
    await toast(page, 'Ìforúkọsílẹ̀ ti yọrí sí rere').waitFor();
    await toast(page, 'A ti fi ìbéèrè yín ránṣẹ́ fún ìfọwọ́sí').waitFor();
    await page.waitForURL(/\/yo\/login$/);
    const [pro] = await suite.ctx.sql`
      SELECT p.specialty, p.title, p.status, p.country_licenses FROM professionals p JOIN users u ON u.id = p.user_id
      WHERE u.email = 'kemi.adebayo@example.ng'`;
    expect(pro).toEqual({
      specialty: 'Cardiology',
      title: 'Dr.',
      status: 'pending',
      countryLicenses: [{ country: 'Nigeria', licenseNumber: 'MDCN/55555', council: 'MDCN', expiresOn: null }],
    });
    await context.close();
  });

  it('ha: a signed-out visitor on /ha/appointments is told "Unauthorized" in Hausa and sent to sign in', async () => {
    const { page, context } = await suite.page();
    page.setDefaultTimeout(SLOW);
    await page.goto('/ha/appointments');
    const shown = toast(page, 'An fitar da kai. Ana sake shiga...');
    await shown.waitFor();
    await toast(page, 'Ba a ba da izini ba').waitFor();
    await page.waitForURL(/\/ha\/login\?next=%2Fappointments$/);
    expect(await shown.isVisible()).toBe(true);
    expect(await page.getByText('You are logged out. Logging in again...').count()).toBe(0);
    await context.close();
  });

  it('yo: Account settings signed out says "Sign In Required" in Yoruba', async () => {
    const { page, context } = await suite.page({ mobile: true });
    page.setDefaultTimeout(SLOW);
    await page.goto('/yo/account');
    await page.getByRole('heading', { name: 'Ẹ gbọ́dọ̀ wọlé', exact: true }).waitFor();
    await said(page, 'Ẹ jọ̀wọ́ wọlé láti rí ètò àkáǹtì yín.').waitFor();
    // Its button goes to sign-in in Yoruba, and back here after.
    await page.locator('a[href="/yo/login?next=%2Faccount"]').filter({ hasText: 'Wọlé' }).first().waitFor();
    await context.close();
  });
});

describe("Account settings in Hausa: Your details, My plan, Text messages, USSD PIN, Delete account (browser)", { timeout: 180_000 }, () => {
  let patient: TestUser;
  const suite = browserSuite({}, async (ctx) => {
    patient = await createUser(ctx.sql, { firstName: 'Hauwa', lastName: 'Sani', phone: '0803 123 4567' });
    const pro = await createProfessional(ctx.sql, { title: 'Dr.' });
    // A booking gives the number texts go to; the number replied DAINA (STOP).
    const cookie = await login(ctx.app, patient.email, patient.password);
    expect((await callApi(ctx.app, 'POST', '/api/appointments', cookie, bookingBody(pro.id, '2099-05-12T10:00:00+01:00'))).statusCode).toBe(201);
    await ctx.sql`INSERT INTO text_opt_outs (phone_e164, opted_out_at) VALUES ('+2348031234567', now())`;
  });

  it('ha: saves the details and My plan, refuses a mobile number, a PIN and a password with the API\'s messages in Hausa, names DAINA and FARA', async () => {
    const { page, context } = await suite.pageAs(patient, { mobile: true });
    page.setDefaultTimeout(SLOW);
    await page.goto('/ha/account');
    await page.getByRole('heading', { level: 1, name: 'Saitunan asusu' }).waitFor();
    await page.getByText(`An shiga a matsayin ${patient.email}`, { exact: true }).waitFor();
    // Your details: the registration's rules, said in Hausa under the field.
    const details = page.getByRole('region', { name: 'Bayananku' });
    await details.getByLabel(/^Sunan farko/).fill('H');
    await details.getByRole('button', { name: 'Ajiye canje-canje' }).click();
    await details.getByText('Sunan farko dole ya kai aƙalla haruffa 2', { exact: true }).waitFor();
    await details.getByLabel(/^Sunan farko/).fill('Hauwa');
    await details.getByRole('button', { name: 'Ajiye canje-canje' }).click();
    await toast(page, 'An sabunta asusu').waitFor();
    const plan = page.getByRole('region', { name: 'Inshorata' });
    await plan.waitFor();
    await poll(() => plan.getByRole('combobox', { name: 'Inshorata' }).locator('option').first().textContent()).toBe('Babu inshora (ina biyan kaina)');
    await plan.getByRole('button', { name: 'Ajiye inshorata' }).click();
    await toast(page, 'An ajiye inshorata').waitFor();
    await toast(page, 'Sabbin nemo za su nuna kowane mai ba da kulawa.').waitFor();

    const texts = page.getByRole('region', { name: 'Saƙonni' });
    await texts
      .getByText('+2348031234567 ya tura DAINA, don haka ba ma aika masa saƙonni. Ku tura FARA ga kowane saƙon Ilera don sake samun su.', { exact: true })
      .waitFor();
    await field(page, 'Lambar wayar hannu').fill('123');
    await texts.getByRole('button', { name: 'Ajiye saitunan saƙonni' }).click();
    await toast(page, 'Sabuntawa bai yiwu ba').waitFor();
    await texts.getByText('Rubuta lambar waya da za mu iya tura wa saƙo, misali 0803 123 4567', { exact: true }).waitFor();
    expect(await texts.getByText('Enter a mobile number we can text', { exact: false }).count()).toBe(0);

    const pin = page.getByRole('region', { name: 'USSD PIN' });
    await field(page, 'Sabon PIN mai lambobi 4').fill('12');
    await field(page, 'Kalmar sirrinku').fill(patient.password);
    await pin.getByRole('button', { name: 'Ajiye PIN' }).click();
    await toast(page, 'Ba a ajiye ba').waitFor();
    await pin.getByText('USSD PIN ɗinku dole ya zama lambobi 4.', { exact: true }).waitFor();
    // Delete account: its dialog and the API's refusal of a wrong password, in Hausa.
    await page.getByRole('button', { name: 'Share asusuna' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ku share asusunku?' });
    await dialog.getByLabel(/^Kalmar sirri/).fill('ba-ita-ba');
    await dialog.getByRole('button', { name: 'Share asusu', exact: true }).click();
    await dialog.getByText('Kalmar sirri ba daidai ba ce', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Riƙe asusuna' }).click();
    expect(await page.getByText('Password is incorrect').count()).toBe(0);
    await context.close();
  });

  it('yo: Change Password refuses a wrong current password and changes it; Saved providers, empty, in Yoruba', async () => {
    const { page, context } = await suite.pageAs(patient, { mobile: true });
    page.setDefaultTimeout(SLOW);
    await page.goto('/yo/change-password');
    await page.getByRole('heading', { level: 1, name: 'Yí ọ̀rọ̀ aṣínà padà' }).waitFor();
    await page.getByText('Yíyí ọ̀rọ̀ aṣínà padà yóò mú yín jáde lórí gbogbo ẹ̀rọ mìíràn.', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Fi ọ̀rọ̀ aṣínà tí ẹ ń lò hàn tàbí fi pamọ́' }).count()).toBe(1);
    const submit = page.getByRole('button', { name: 'Yí ọ̀rọ̀ aṣínà padà', exact: true });
    // The form's own check, then the API's refusal of a wrong current password (English in the API), in Yoruba.
    await submit.click();
    await said(page, 'Ẹ nílò ọ̀rọ̀ aṣínà tí ẹ ń lò').waitFor();
    await field(page, 'Ọ̀rọ̀ aṣínà tí ẹ ń lò').fill('not-my-password');
    await field(page, 'Ọ̀rọ̀ aṣínà tuntun').fill('oro-asina-tuntun-1');
    await field(page, 'Jẹ́rìísí ọ̀rọ̀ aṣínà tuntun').fill('oro-asina-tuntun-1');
    await submit.click();
    await toast(page, 'Yíyí ọ̀rọ̀ aṣínà padà kùnà').waitFor();
    await poll(() => page.getByText('Ọ̀rọ̀ aṣínà tí ẹ ń lò kò tọ̀nà', { exact: true }).count()).toBe(2);
    expect(await page.getByText('Current password is incorrect').count()).toBe(0);
    await field(page, 'Ọ̀rọ̀ aṣínà tí ẹ ń lò').fill(patient.password);
    await submit.click();
    await toast(page, 'A ti yí ọ̀rọ̀ aṣínà padà').waitFor();
    await toast(page, 'A ti ṣe àtúnṣe ọ̀rọ̀ aṣínà yín. A ti mú àwọn ẹ̀rọ mìíràn jáde.').waitFor();
    patient.password = 'oro-asina-tuntun-1';

    await page.goto('/yo/saved-providers');
    await page.getByRole('heading', { level: 1, name: 'Àwọn tí o fi pamọ́' }).waitFor();
    await page.getByText('Ẹ kò tíì fi olùpèsè ìlera kankan pamọ́.', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Wá àwọn olùpèsè ìlera' }).waitFor();
    await context.close();
  });
});

/** A profile read refused by the limit (tiny here, as in limits.e2e.test.ts). */
describe('a profile refused by the limit, in Yoruba (browser)', { timeout: 120_000 }, () => {
  const ids: number[] = [];
  const suite = browserSuite({ requestLimits: { profileReadPerClient: { max: 1 } } }, async (ctx) => {
    for (const lastName of ['Adebayo', 'Okafor', 'Eze']) {
      ids.push((await createProfessional(ctx.sql, { specialty: 'Cardiology', user: { firstName: 'Kemi', lastName } })).id);
    }
  });

  it('says to wait and try again, in Yoruba, not "not found"', async () => {
    const { page, context } = await suite.page();
    page.setDefaultTimeout(SLOW);
    const limited = page.getByRole('heading', { name: 'Ìbéèrè ti pọ̀ jù', exact: true });
    const shown = page.getByRole('heading', { name: /Kemi/ }).first();
    // As in limits.e2e.test.ts: the first page before the cookie, the client's one read, then the refusal.
    await page.goto(`/yo/professional/${ids[0]}`);
    await shown.waitFor();
    await page.goto(`/yo/professional/${ids[1]}`);
    await shown.waitFor();
    await page.goto(`/yo/professional/${ids[2]}`);
    await shown.or(limited).waitFor();
    expect(await limited.count()).toBe(1);
    await said(page, 'Ìbéèrè ti pọ̀ jù. Jọ̀wọ́ dúró fún ìṣẹ́jú 1 kí ẹ tún gbìyànjú.').waitFor();
    await page.getByRole('link', { name: 'Padà sí ìwádìí' }).waitFor();
    expect(await page.getByText('Too Many Requests').count()).toBe(0);
    await context.close();
  });
});

/** The page's loader (src/main.tsx) speaks before any catalog: its "Loading…" and "could not be loaded" notice. */
describe("the page loader's notice in Hausa (browser)", { timeout: 120_000 }, () => {
  const suite = browserSuite({}, async (ctx) => {
    await createProfessional(ctx.sql, { specialty: 'Cardiology', user: { firstName: 'Kemi', lastName: 'Adebayo' } });
  });

  it("says it is loading, then that the app could not be loaded, and tries again, in Hausa", async () => {
    // No service worker: page.route must see the app's request.
    const { page, context } = await suite.page({ mobile: true, serviceWorkers: 'block' });
    page.setDefaultTimeout(SLOW);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let refuse = true;
    await page.route(/\/assets\/app-[^/]+\.js$/, async (route) => {
      if (!refuse) return route.continue();
      await held;
      await route.abort();
    });
    await page.goto('/ha/search?q=kemi');
    await page.waitForLoadState('networkidle');
    const filters = page.getByRole('button', { name: 'Zaɓuɓɓukan nema', exact: true });
    await filters.click();
    // The app is asked for and has not come: "Loading…" in Hausa.
    await page.getByRole('status').filter({ hasText: /^Ana lodawa…$/ }).waitFor({ state: 'attached' });
    release();
    const notice = page.getByRole('alert').filter({ hasText: 'Ba a iya loda wannan ɓangaren Ilera ba. Ku sake gwadawa.' });
    await notice.waitFor();
    expect(await notice.textContent()).not.toContain('could not be loaded');
    refuse = false;
    await notice.getByRole('button', { name: 'Sake gwadawa' }).click();
    await poll(() => notice.count()).toBe(0);
    await context.close();
  });
});
