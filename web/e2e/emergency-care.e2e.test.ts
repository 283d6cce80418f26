import { describe, expect, it } from 'vitest';
import { PostgresEngine, reindexAll } from '@ilera/search';
import { callApi, cookieFrom, createInstitution, createUser } from '../../test/factories';
import { browserSuite } from '../../test/browser';

/** Issue 45: in an emergency the page lists a 24-hour emergency first, even when a hospital without one is nearer. */
describe('emergency page with care facts (browser)', { timeout: 120_000 }, () => {
  const suite = browserSuite({}, async (ctx) => {
    const admin = await createUser(ctx.sql, { userType: 'admin', password: 'admin-password-1' });
    const login = await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: admin.email, password: 'admin-password-1' } });
    const cookie = cookieFrom(login.headers['set-cookie']);
    const hospitals = [
      { name: 'Sabo Yaba Specialist Hospital', type: 'specialist_hospital', lat: 6.5095, lng: 3.3711 }, // 1.1 km, hours unknown
      { name: 'Lagos Island General Hospital', type: 'general_hospital', lat: 6.455, lng: 3.3941, allDay: true }, // 5.7 km, 24 hours
    ];
    for (const h of hospitals) {
      const { id } = await createInstitution(ctx.sql, { name: h.name, type: h.type });
      await ctx.sql`UPDATE institutions SET latitude = ${h.lat}, longitude = ${h.lng}, location_source = 'register' WHERE id = ${id}`;
      if (!h.allDay) continue;
      const res = await callApi(ctx.app, 'PUT', `/api/institutions/${id}/care`, cookie, {
        openingHours: { open24Hours: true, week: [], closures: [] },
        services: ['24-Hour Emergency', 'Blood Transfusion', 'Oxygen'],
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
  });

  it('shares the location and sees the 24-hour emergency first, with its readiness and when it was confirmed', async () => {
    const { page, context } = await suite.page({ mobile: true });
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 6.5, longitude: 3.37 });
    await page.goto('/emergency');
    await Promise.all([page.waitForURL(/near=6\.50000,3\.37000/), page.getByRole('button', { name: 'Use my location' }).click()]);
    const items = page.getByRole('listitem');
    await expect.poll(() => items.count()).toBe(2);
    const first = await items.nth(0).innerText();
    expect(first).toMatch(/Lagos Island General Hospital\s+5\.7 km/);
    expect(first).toContain('24-hour emergency');
    expect(first).toMatch(/Ready for: 24-Hour Emergency, Blood Transfusion, Oxygen \(confirmed \w{3} \d{4}\)/);
    // The nearer hospital publishes no hours: listed after it, claiming no state now; the services it picked at
    // registration (the factory's) are its readiness, with no confirmation date.
    const second = await items.nth(1).innerText();
    expect(second).toMatch(/Sabo Yaba Specialist Hospital\s+1\.1 km/);
    expect(second).not.toMatch(/24-hour emergency|Open now|Closed now|confirmed/);
    expect(second).toContain('Ready for: Emergency Care, Maternity Services');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  });
});
