import { describe, expect, it } from 'vitest';
import { PostgresEngine, reindexAll } from '@ilera/search';
import { createInstitution } from '../../test/factories';
import { browserSuite } from '../../test/browser';

/** Issue 33 (D23): a patient on a phone in an emergency, in Chromium. */
describe('emergency page (browser)', { timeout: 120_000 }, () => {
  const suite = browserSuite({}, async (ctx) => {
    const hospitals = [
      { name: 'Lagos Island General Hospital', type: 'general_hospital', lat: 6.455, lng: 3.3941 },
      { name: 'Sabo Yaba Specialist Hospital', type: 'specialist_hospital', lat: 6.5095, lng: 3.3711 },
      { name: 'Marina Chemists', type: 'pharmacy', lat: 6.4999, lng: 3.3701 },
    ];
    for (const h of hospitals) {
      const { id } = await createInstitution(ctx.sql, { name: h.name, type: h.type });
      await ctx.sql`UPDATE institutions SET latitude = ${h.lat}, longitude = ${h.lng}, location_source = 'register' WHERE id = ${id}`;
    }
    await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
  });

  it('taps Emergency in the header, shares the location, sees the nearest hospitals with distance and a call link', async () => {
    const { page, context } = await suite.page({ mobile: true });
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 6.5, longitude: 3.37 });
    await page.goto('/search');
    await Promise.all([page.waitForURL(/\/emergency$/), page.getByRole('link', { name: 'Emergency' }).click()]);
    expect(await page.getByRole('link', { name: 'Call 112' }).getAttribute('href')).toBe('tel:112');
    await Promise.all([page.waitForURL(/near=6\.50000,3\.37000/), page.getByRole('button', { name: 'Use my location' }).click()]);
    const items = page.getByRole('listitem');
    await expect.poll(() => items.count()).toBe(2);
    expect(await items.nth(0).innerText()).toMatch(/Sabo Yaba Specialist Hospital\s+1\.1 km/);
    expect(await items.nth(1).innerText()).toMatch(/Lagos Island General Hospital\s+5\.7 km/);
    expect(await page.getByText('Marina Chemists').count()).toBe(0);
    const call = items.nth(0).getByRole('link', { name: 'Call 01 234 5678' });
    expect(await call.getAttribute('href')).toBe('tel:012345678');
    expect(await items.nth(0).getByRole('link', { name: 'Directions' }).getAttribute('href')).toMatch(/^https:\/\/www\.openstreetmap\.org\/directions\?/);
    // The page fits a 360 px phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  });

  it('works with scripts turned off: the list for a shared link, and a typed place', async () => {
    const context = await suite.browser.newContext({ baseURL: suite.base, javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto('/emergency?near=6.5,3.37');
    expect(await page.getByRole('listitem').count()).toBe(2);
    // No script: "Use my location" stays hidden, the typed place is the way.
    expect(await page.getByRole('button', { name: 'Use my location' }).isVisible()).toBe(false);
    await page.goto('/emergency');
    await page.getByLabel('Or type a place (town, LGA, area or state)').fill('Lagos');
    await Promise.all([page.waitForURL(/place=Lagos/), page.getByRole('button', { name: 'Find hospitals' }).click()]);
    expect(await page.getByText('Near Lagos (approximate)').count()).toBe(1);
    expect(await page.getByRole('listitem').count()).toBe(2);
    await context.close();
  });
});
