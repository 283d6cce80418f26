import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { lagosTimestamp, lagosDateTimeParts } from '@ilera/contracts';
import { PostgresEngine, reindexAll } from '@ilera/search';
import { bookingBody, callApi, createProfessional, createUser, login, type TestUser } from '../../test/factories';
import { browserSuite, hydrated } from '../../test/browser';

/**
 * Issue 35 in Chromium: the installable app (web manifest, service worker), offline use
 * (the last search and a viewed profile from the device's copy, marked "Saved copy from";
 * a booking says "You are offline"), one account's saved data gone after sign-out, and
 * data saver (no photo downloaded until tapped).
 */
const lagosDate = (days: number) => lagosDateTimeParts(new Date(Date.now() + days * 86400_000)).date;

/** The service worker controls the page (it registers after the page's load event). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 20_000 });
}

/** Whether any of the page's caches holds an entry whose address matches `pattern`. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) urls.push(`${name} ${r.url}`);
    return urls;
  });

describe('offline use and data saver (browser)', { timeout: 180_000 }, () => {
  let patient: TestUser;
  let otherPatient: TestUser;
  let pro: { id: number; user: TestUser };
  let photoPro: { id: number; user: TestUser };
  const photoPath = '/icons/icon-512.png';

  const suite = browserSuite({}, async (ctx) => {
    patient = await createUser(ctx.sql, { firstName: 'Adaeze', lastName: 'Okonkwo' });
    otherPatient = await createUser(ctx.sql, { firstName: 'Tunde', lastName: 'Bakare' });
    pro = await createProfessional(ctx.sql, { specialty: 'Cardiology', city: 'Lagos', state: 'Lagos', user: { firstName: 'Kemi', lastName: 'Adebayo' } });
    photoPro = await createProfessional(ctx.sql, { specialty: 'Neurology', city: 'Ibadan', state: 'Oyo', user: { firstName: 'Ifeoma', lastName: 'Chukwu' } });
    await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
    // The patient's own upcoming appointment (its reason is what must not outlive the session).
    const cookie = await login(ctx.app, patient.email, patient.password);
    const booked = await callApi(ctx.app, 'POST', '/api/appointments', cookie, {
      ...bookingBody(pro.id, lagosTimestamp(lagosDate(4), '11:00')),
      reasonForVisit: 'Chest pain when climbing stairs',
    });
    if (booked.statusCode !== 201) throw new Error(`booking failed: ${booked.statusCode} ${booked.body}`);
  });

  it('is installable: a web manifest with 192, 512 and maskable icons, and a service worker that takes control', async () => {
    const { page, context } = await suite.page({ mobile: true });
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = await (await page.request.get(href!)).json();
    expect(manifest).toMatchObject({ short_name: 'Ilera', start_url: '/', display: 'standalone' });
    const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of icons) {
      const res = await page.request.get(icon.src);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe('image/png');
    }
    await controlled(page);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL)).toMatch(/\/sw\.js$/);
    await context.close();
  });

  it('after one visit, the last search and a viewed profile open offline with "Saved copy from", and a booking says offline', async () => {
    const { page, context } = await suite.pageAs(patient, { mobile: true });
    await page.goto('/');
    await controlled(page);
    // The search, as a signed-in patient types it at / (the app draws their dashboard there
    // once it knows who they are, over the server's landing page: wait for it, or the landing
    // page's box may be gone under the typing).
    await page.getByRole('heading', { name: /^Welcome back/, level: 1 }).waitFor();
    const search = page.getByRole('search', { name: 'Quick search' }).getByRole('textbox', { name: 'Search' });
    await hydrated(search);
    await search.fill('cardiologist in lagos');
    await page.getByRole('search', { name: 'Quick search' }).getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/\/search\?/);
    const searchAddress = page.url();

    const card = page.getByRole('article').filter({ hasText: 'Dr. Kemi Adebayo' });
    await card.waitFor();
    // The profile, opened from its card.
    const view = card.getByRole('link', { name: 'View Profile of Dr. Kemi Adebayo' });
    await hydrated(view);
    await view.click();
    await page.getByRole('heading', { name: 'Dr. Kemi Adebayo', level: 1 }).waitFor();
    const profileAddress = page.url();

    await page.getByText('Reviews', { exact: false }).first().waitFor();

    await context.setOffline(true);
    await page.goto(searchAddress);
    await page.getByRole('article').filter({ hasText: 'Dr. Kemi Adebayo' }).waitFor();
    await page.getByRole('status').filter({ hasText: /^Saved copy from .+ WAT\./ }).waitFor();

    await page.goto(profileAddress);
    await page.getByRole('heading', { name: 'Dr. Kemi Adebayo', level: 1 }).waitFor();
    await page.getByRole('status').filter({ hasText: /^Saved copy from .+ WAT\./ }).waitFor();

    // Booking needs the network: it says so, and nothing pretends to be booked.
    const book = page.getByRole('button', { name: 'Book Appointment' });
    await hydrated(book);
    await book.click();
    await page.getByRole('alert').filter({ hasText: 'You are offline' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    // Try again once the network is back: the booking dialog opens.
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('dialog').getByText('Book Appointment with Dr. Kemi Adebayo').waitFor();
    await context.close();
  });

  it("keeps a patient's appointments and saved providers readable offline, and forgets them at sign-out", async () => {
    const { page, context } = await suite.pageAs(patient, { mobile: true });
    await page.goto('/');
    await controlled(page);
    // Save a provider from its profile.
    await page.goto(`/professional/${photoPro.id}`);
    const save = page.getByRole('button', { name: 'Save Dr. Ifeoma Chukwu' });
    await hydrated(save);
    await save.click();
    await page.getByRole('button', { name: /^Saved: remove Dr. Ifeoma Chukwu/ }).waitFor();
    await page.goto('/saved-providers');
    await page.getByRole('article', { name: 'Dr. Ifeoma Chukwu' }).waitFor();
    await page.goto('/appointments');
    await page.getByText('Chest pain when climbing stairs').waitFor();

    await context.setOffline(true);
    await page.goto('/appointments');
    await page.getByText('Chest pain when climbing stairs').waitFor();
    await page.getByRole('status').filter({ hasText: /^Saved copy from / }).waitFor();
    await page.goto('/saved-providers');
    await page.getByRole('article', { name: 'Dr. Ifeoma Chukwu' }).waitFor();
    // Unsaving offline is not faked either.
    await page.getByRole('button', { name: /^Saved: remove Dr. Ifeoma Chukwu/ }).click();
    await page.getByText(/^You are offline/).first().waitFor();
    await page.getByRole('button', { name: /^Saved: remove Dr. Ifeoma Chukwu/ }).waitFor();

    // Sign out, then the phone goes offline: the appointments are not on it any more.
    await context.setOffline(false);
    await page.goto('/api/logout');
    await page.waitForURL((url) => !url.pathname.startsWith('/api/'));
    await context.setOffline(true);
    await page.goto('/appointments');
    // Signed out as far as the phone knows: the page leaves for the sign-in.
    await page.waitForURL(/\/login\?next=%2Fappointments$/);
    // The sign-in page was never opened on this phone: offline it says so rather than go blank.
    await page.getByRole('alert').filter({ hasText: 'This page is not saved on your phone yet.' }).waitFor();
    expect(await page.getByText('Chest pain when climbing stairs').count()).toBe(0);
    const left = await cachedUrls(page);
    expect(left.filter((u) => /appointments|saved-providers|auth\/user/.test(u))).toEqual([]);
    await context.setOffline(false);

    // Another account on the same phone sees none of the first one's data, online or off.
    const cookie = await login(suite.ctx.app, otherPatient.email, otherPatient.password);
    const [name, ...rest] = cookie.split('=');
    await context.addCookies([{ name: name!, value: rest.join('='), url: suite.base }]);
    await page.goto('/appointments');
    await page.getByRole('heading', { name: /Appointments/ }).first().waitFor();
    await context.setOffline(true);
    await page.goto('/saved-providers');
    await page.getByRole('heading', { name: 'Saved providers' }).waitFor();
    expect(await page.getByText('Dr. Ifeoma Chukwu').count()).toBe(0);
    await context.close();
  });

  /** The photos the browser asks for: the API's resized copies (the original is never sent to it). */
  async function photoRequests(context: BrowserContext): Promise<string[]> {
    const seen: string[] = [];
    context.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/photos/') || path === photoPath) seen.push(r.url());
    });
    return seen;
  }

  it('with Save-Data, no photo is downloaded until it is tapped', async () => {
    await suite.ctx.sql`UPDATE professionals SET profile_image_url = ${`${suite.base}${photoPath}`} WHERE id = ${photoPro.id}`;
    await reindexAll(suite.ctx.sql, { engine: new PostgresEngine(suite.ctx.sql) });
    const context = await suite.browser.newContext({ baseURL: suite.base, viewport: { width: 360, height: 740 }, extraHTTPHeaders: { 'Save-Data': 'on' } });
    const page = await context.newPage();
    const seen = await photoRequests(context);

    await page.goto(`/search?q=${encodeURIComponent('neurology')}`);
    await page.getByRole('article').filter({ hasText: 'Dr. Ifeoma Chukwu' }).waitFor();
    await page.goto(`/professional/${photoPro.id}`);
    const show = page.getByRole('button', { name: 'Show photo of Dr. Ifeoma Chukwu' });
    await hydrated(show);
    await page.waitForLoadState('networkidle');
    expect(seen).toEqual([]);
    expect(await page.locator('img[src*="/api/photos/"]').count()).toBe(0);

    const photo = page.waitForResponse((r) => r.url().includes(`/api/photos/professional/${photoPro.id}?w=112`));
    await show.click();
    const img = page.locator('img[src*="/api/photos/"]');
    await img.waitFor();
    expect(await img.getAttribute('width')).toBe('112');
    expect(await img.getAttribute('height')).toBe('112');
    // Resized for the 112 px avatar (224 px for sharp screens), AVIF since Chromium takes it: not the 512 px original.
    const answer = await photo;
    expect(answer.headers()['content-type']).toBe('image/avif');
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(224);
    expect(seen).toHaveLength(1);
    await context.close();

    // Without Save-Data the photo loads at once; the footer's switch turns it off for the next pages.
    const plain = await suite.page({ mobile: true });
    const plainSeen = await photoRequests(plain.context);
    await plain.page.goto(`/professional/${photoPro.id}`);
    await expect.poll(() => plainSeen.length).toBeGreaterThan(0);
    const toggle = plain.page.getByRole('switch', { name: /Data saver/ });
    await hydrated(toggle);
    await toggle.check();
    await plain.page.getByRole('button', { name: 'Show photo of Dr. Ifeoma Chukwu' }).waitFor();
    const before = plainSeen.length;
    await plain.page.reload();
    await plain.page.getByRole('button', { name: 'Show photo of Dr. Ifeoma Chukwu' }).waitFor();
    await plain.page.waitForLoadState('networkidle');
    expect(plainSeen.length).toBe(before);
    expect(await plain.page.locator('html').getAttribute('data-save-data')).toBe('on');
    await plain.context.close();
  });
});
