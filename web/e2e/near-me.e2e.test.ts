import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PostgresEngine, reindexAll } from '@ilera/search';
import { createRegisterListing } from '../../test/factories';
import { browserSuite, hydrated, hydrationProblems } from '../../test/browser';

/**
 * Issue 33 (D23) in Chromium: a patient searching "clinic near me" is asked for the device's
 * location; granted, the page searches near it, nearest first, and every card says how far it
 * is; refused, the page asks for a place and searches there.
 */
describe('search page: near me (browser)', { timeout: 120_000 }, () => {
  /** The patient, in Yaba. */
  const HERE = { latitude: 6.5095, longitude: 3.3711 };
  // Invented listings at real places, each a kind of clinic; the last is 520 km away, in Abuja.
  const clinics = [
    { name: 'PHC Sabo', ward: 'Yaba', lga: 'Lagos Mainland', state: 'Lagos', latitude: 6.5105, longitude: 3.3725, type: 'primary_health_centre' },
    { name: 'Surulere Family Clinic', ward: 'Aguda', lga: 'Surulere', state: 'Lagos', latitude: 6.4966, longitude: 3.3545, type: 'clinic' },
    { name: 'Ebute Metta Health Post', ward: 'Ebute Metta', lga: 'Lagos Mainland', state: 'Lagos', latitude: 6.4852, longitude: 3.3808, type: 'health_post' },
    { name: 'PHC Ketu', ward: 'Ketu', lga: 'Kosofe', state: 'Lagos', latitude: 6.5972, longitude: 3.3892, type: 'primary_health_centre' },
    { name: 'Lekki Medical Centre', ward: 'Lekki', lga: 'Eti-Osa', state: 'Lagos', latitude: 6.4474, longitude: 3.4722, type: 'medical_center' },
    { name: 'Wuse Clinic', ward: 'Wuse', lga: 'Abuja Municipal', state: 'FCT', latitude: 9.0765, longitude: 7.3986, type: 'clinic' },
  ];
  const suite = browserSuite({}, async (ctx) => {
    for (const c of clinics) await createRegisterListing(ctx.sql, c);
    // A hospital next door: not a clinic.
    await createRegisterListing(ctx.sql, { name: 'Yaba General Hospital', ward: 'Yaba', lga: 'Lagos Mainland', latitude: 6.509, longitude: 3.371, type: 'general_hospital' });
    await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
  });

  /** The test's own measure: haversine on the mean earth radius, km. */
  type At = { latitude: number; longitude: number };
  const km = (c: At, from: At = HERE) => {
    const rad = Math.PI / 180;
    const h =
      Math.sin(((c.latitude - from.latitude) * rad) / 2) ** 2 +
      Math.cos(from.latitude * rad) * Math.cos(c.latitude * rad) * Math.sin(((c.longitude - from.longitude) * rad) / 2) ** 2;
    return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
  };
  const cards = (page: Page) =>
    page.locator('article').evaluateAll((articles) =>
      articles.map((a) => ({ name: a.querySelector('h3')?.textContent ?? '', away: /([\d.]+) km away/.exec(a.textContent ?? '')?.[1] })),
    );
  const chips = (page: Page) =>
    page
      .getByRole('group', { name: 'Understood from your search' })
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));

  const searchFor = async (page: Page, words: string) => {
    await page.goto('/search?type=institutions');
    const box = page.getByRole('textbox', { name: 'Search' });
    await hydrated(box);
    await box.fill(words);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
  };

  it('"clinic near me" with the location granted: the clinics within 25 km, nearest first, each with its distance', async () => {
    const { page, context } = await suite.page({ mobile: true });
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(HERE);
    await searchFor(page, 'clinic near me');

    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('distance');
    expect(new URL(page.url()).searchParams.get('near')).toBe('6.5095,3.3711');
    expect(new URL(page.url()).searchParams.get('q')).toBe('clinic near me');
    const expected = clinics.filter((c) => km(c) <= 25).sort((a, b) => km(a) - km(b));
    expect(expected.map((c) => c.name)).toEqual(['PHC Sabo', 'Surulere Family Clinic', 'Ebute Metta Health Post', 'PHC Ketu', 'Lekki Medical Centre']);
    await expect.poll(async () => (await cards(page)).map((c) => c.name)).toEqual(expected.map((c) => c.name));
    const shown = await cards(page);
    shown.forEach((card, i) => expect(Math.abs(Number(card.away) - km(expected[i]))).toBeLessThanOrEqual(0.1));
    expect(await page.getByText('Within 25 km of your location.').isVisible()).toBe(true);
    // The clinics' chip (its label is issue 34's), and the device's.
    expect(await chips(page)).toEqual([expect.stringMatching(/^Remove Clinic/), 'Remove Near you']);
    expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('distance');
    // The search that asked was replaced: Back returns to where the patient was, not to a new question.
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBeNull();
    await page.goForward();
    await expect.poll(async () => (await cards(page)).map((c) => c.name)).toEqual(expected.map((c) => c.name));

    // Removing "Near you" searches every clinic again, without distances. Forward drew the page on the
    // server, so this tap brings the app first: it is done once the chip has hydrated (on a loaded
    // machine, as on a slow phone, past the 10 s after which the loader once gave up and lost it).
    await page.getByRole('button', { name: 'Remove Near you' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('near'), { timeout: 60_000 }).toBeNull();
    // The new answer, not the last one's cards while it is on its way (a loaded CI machine took longer than 15 s).
    await page.getByRole('status').filter({ hasText: `${clinics.length} results found` }).waitFor({ timeout: 45_000 });
    await expect.poll(async () => (await cards(page)).length).toBe(clinics.length);
    expect((await cards(page)).every((c) => c.away === undefined)).toBe(true);
    await context.close();
  });

  it('"clinic near me" typed on the Professionals tab (the default) searches institutions near the patient', async () => {
    const { page, context } = await suite.page({ mobile: true });
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(HERE);
    await page.goto('/search');
    const box = page.getByRole('textbox', { name: 'Search' });
    await hydrated(box);
    expect(await page.getByRole('combobox', { name: 'Search type' }).inputValue()).toBe('professionals');
    await box.fill('clinic near me');
    await page.getByRole('button', { name: 'Search', exact: true }).click();

    await expect.poll(() => new URL(page.url()).searchParams.get('near')).toBe('6.5095,3.3711');
    expect(new URL(page.url()).searchParams.get('type')).toBe('institutions');
    expect(new URL(page.url()).searchParams.get('sort')).toBe('distance');
    const expected = clinics.filter((c) => km(c) <= 25).sort((a, b) => km(a) - km(b));
    await expect.poll(async () => (await cards(page)).map((c) => c.name)).toEqual(expected.map((c) => c.name));
    (await cards(page)).forEach((card, i) => expect(Math.abs(Number(card.away) - km(expected[i]))).toBeLessThanOrEqual(0.1));
    expect(await page.getByRole('combobox', { name: 'Search type' }).inputValue()).toBe('institutions');
    await context.close();
  });

  it('a shared near-me address is drawn by the server with its distances, and hydrates without asking again', async () => {
    const { page, context } = await suite.page({ mobile: true });
    await page.goto('/search?type=institutions&q=clinic+near+me&near=6.5095,3.3711&sort=distance&radius=5');
    const names = ['PHC Sabo', 'Surulere Family Clinic', 'Ebute Metta Health Post'];
    expect((await cards(page)).map((c) => c.name)).toEqual(names);
    expect((await cards(page)).every((c) => c.away !== undefined)).toBe(true);
    expect(await page.getByText('Within 5 km of your location.').isVisible()).toBe(true);
    await hydrated(page.getByRole('textbox', { name: 'Search' }));
    expect(hydrationProblems(page)).toEqual([]);
    // Nothing was asked: the address already says where.
    expect(await page.getByText('Where are you?').count()).toBe(0);
    expect((await cards(page)).map((c) => c.name)).toEqual(names);
    await context.close();
  });

  it('"clinic near me" with the location refused: asks for a place and searches near its centre', async () => {
    const { page, context } = await suite.page({ mobile: true });
    await searchFor(page, 'clinic near me');

    const area = page.getByRole('textbox', { name: 'Your area' });
    await area.waitFor();
    await area.fill('yaba');
    await page.getByRole('button', { name: 'Search there' }).click();

    // Yaba's centre: the median of its two located facilities (PHC Sabo and the hospital).
    await expect.poll(() => new URL(page.url()).searchParams.get('near')).toBe('6.5098,3.3718');
    expect(new URL(page.url()).searchParams.get('sort')).toBe('distance');
    const centre = { latitude: 6.5098, longitude: 3.3718 };
    const expected = clinics.filter((c) => km(c, centre) <= 25).sort((a, b) => km(a, centre) - km(b, centre));
    expect(expected.map((c) => c.name)).toEqual(['PHC Sabo', 'Surulere Family Clinic', 'Ebute Metta Health Post', 'PHC Ketu', 'Lekki Medical Centre']);
    await expect.poll(async () => (await cards(page)).map((c) => c.name)).toEqual(expected.map((c) => c.name));
    const shown = await cards(page);
    shown.forEach((card, i) => expect(Math.abs(Number(card.away) - km(expected[i], centre))).toBeLessThanOrEqual(0.1));
    expect(await page.getByText('Within 25 km of the centre of Yaba (approximate).').isVisible()).toBe(true);
    await context.close();
  });

  it('a place the register does not know is searched by its name instead', async () => {
    const { page, context } = await suite.page({ mobile: true });
    await searchFor(page, 'clinic near me');
    const area = page.getByRole('textbox', { name: 'Your area' });
    await area.waitFor();
    await area.fill('Lagos Mainland LGA');
    await page.getByRole('button', { name: 'Search there' }).click();

    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('clinic in Lagos Mainland LGA');
    await expect.poll(() => chips(page)).toEqual([expect.stringMatching(/^Remove Clinic/), 'Remove Lagos Mainland LGA (Lagos)']);
    await expect.poll(async () => (await cards(page)).map((c) => c.name).sort()).toEqual(['Ebute Metta Health Post', 'PHC Sabo']);
    await context.close();
  });
});
