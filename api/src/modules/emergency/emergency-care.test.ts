import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PostgresEngine, reindexAll, TypesenseEngine } from '@ilera/search';
import { createTestContext, type TestContext } from '../../../../test/support';
import { callApi, cookieFrom, createInstitution, createUser } from '../../../../test/factories';
import { fakeTypesense } from '../../../../test/fake-typesense';
import { nearestHospitals } from './emergency.service';

// Issue 45: the emergency page lists facilities with a 24-hour emergency first, then those open now, then
// the rest, each group nearest first, each with its readiness services and how fresh they are. Plain HTML,
// at a literal clock: Tuesday 1 December 2026, 10:00 WAT. The care facts are set through the care API.
let ctx: TestContext;
let base: string;
const NOW = new Date('2026-12-01T10:00:00+01:00');
const device = { lat: 6.5, lng: 3.37 };
const weekdays = (opens: string, closes: string) =>
  (['mon', 'tue', 'wed', 'thu', 'fri'] as const).map((day) => ({ day, periods: [{ opens, closes }] }));

// About 0.11 km per 0.001 degree of latitude here: each place's distance from the device in its comment.
const places = {
  plain: { name: 'Nearest Plain Hospital', type: 'hospital', dLat: 0.009 }, // 1.0 km, no care facts
  nightly: { name: 'Night Clinic Hospital', type: 'hospital', dLat: 0.018 }, // 2.0 km, open 18:00-06:00: closed now
  dayTime: { name: 'Daytime Hospital', type: 'hospital', dLat: 0.027 }, // 3.0 km, open weekdays 08:00-17:00
  allDay: { name: 'All-Day General Hospital', type: 'general_hospital', dLat: 0.054 }, // 6.0 km, open 24 hours
  maternity: { name: 'Mother and Child Clinic', type: 'clinic', dLat: 0.072 }, // 8.0 km, a clinic with a 24-hour emergency
  pharmacy: { name: 'All-Night Pharmacy', type: 'pharmacy', dLat: 0.0045 }, // 0.5 km, open 24 hours: not an emergency place
  closedAllDay: { name: 'Renovating Hospital', type: 'hospital', dLat: 0.0135 }, // 1.5 km, 24 hours but closed for works
} as const;
const ids = {} as Record<keyof typeof places, number>;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createUser(ctx.sql, { userType: 'admin', password: 'admin-password-1' });
  const login = await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: admin.email, password: 'admin-password-1' } });
  const cookie = cookieFrom(login.headers['set-cookie']);
  const put = async (id: number, body: unknown) => {
    const res = await callApi(ctx.app, 'PUT', `/api/institutions/${id}/care`, cookie, body);
    expect(res.statusCode, res.body).toBe(200);
  };
  for (const [key, p] of Object.entries(places)) {
    const { id } = await createInstitution(ctx.sql, { name: p.name, type: p.type, services: ['Outpatient Care'] });
    await ctx.sql`UPDATE institutions SET latitude = ${device.lat + p.dLat}, longitude = ${device.lng}, location_source = 'pin' WHERE id = ${id}`;
    ids[key as keyof typeof places] = id;
  }
  await put(ids.nightly, { openingHours: { open24Hours: false, week: weekdays('18:00', '06:00'), closures: [] } });
  await put(ids.dayTime, { openingHours: { open24Hours: false, week: weekdays('08:00', '17:00'), closures: [] }, services: ['Oxygen', 'Outpatient Care'] });
  await put(ids.allDay, { openingHours: { open24Hours: true, week: [], closures: [] }, services: ['Blood Transfusion', 'Emergency Care', 'Outpatient Care'] });
  await put(ids.maternity, { services: ['24-Hour Emergency', 'Maternity Services', 'Caesarean Section'] });
  await put(ids.pharmacy, { openingHours: { open24Hours: true, week: [], closures: [] } });
  await put(ids.closedAllDay, {
    openingHours: { open24Hours: true, week: [], closures: [{ from: '2026-11-25', to: '2026-12-20', reason: 'Renovation' }] },
    services: ['24-Hour Emergency'],
  });
  // Known confirmation dates: the 24-hour hospital's in March, the clinic's services more than a year ago.
  await ctx.sql`UPDATE care_facts SET services_confirmed_at = '2026-03-14T12:00:00Z', hours_confirmed_at = '2026-03-14T12:00:00Z' WHERE institution_id = ${ids.allDay}`;
  await ctx.sql`UPDATE care_facts SET services_confirmed_at = '2025-06-02T12:00:00Z' WHERE institution_id = ${ids.maternity}`;
  await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
  base = await ctx.listen();
});
afterAll(async () => ctx?.close());

/** The page at the literal clock (only Date is faked: the server in this process reads it too). */
async function pageAt(url: string): Promise<string> {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  try {
    const res = await fetch(base + url, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    return await res.text();
  } finally {
    vi.useRealTimers();
  }
}

/** Each listed facility's name and its text without tags, in page order. */
function items(html: string): { name: string; text: string }[] {
  return [...html.matchAll(/<li><h3>([^<]+)<\/h3>([\s\S]*?)<\/li>/g)].map((m) => ({
    name: m[1]!,
    text: m[2]!.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim(),
  }));
}

describe('GET /emergency with care facts', () => {
  it('lists 24-hour emergencies first, then those open now, then the rest, each group nearest first', async () => {
    const list = items(await pageAt(`/emergency?near=${device.lat},${device.lng}`));
    expect(list.map((i) => i.name)).toEqual([
      'All-Day General Hospital', // 6 km, open 24 hours
      'Mother and Child Clinic', // 8 km, a 24-hour emergency service (not a hospital type: found by its service)
      'Daytime Hospital', // 3 km, open now
      'Nearest Plain Hospital', // 1 km, hours unknown
      'Renovating Hospital', // 1.5 km, closed for renovation
      'Night Clinic Hospital', // 2 km, closed now
    ]);
    // A 24-hour pharmacy is not an emergency place.
    expect(list.map((i) => i.name)).not.toContain('All-Night Pharmacy');
  });

  it('gives each its state now, its readiness services and how fresh they are', async () => {
    const list = Object.fromEntries(items(await pageAt(`/emergency?near=${device.lat},${device.lng}`)).map((i) => [i.name, i.text]));
    expect(list['All-Day General Hospital']).toContain('24-hour emergency (hours confirmed Mar 2026)');
    expect(list['All-Day General Hospital']).toContain('Ready for: Emergency Care, Blood Transfusion (confirmed Mar 2026)');
    expect(list['Mother and Child Clinic']).toContain('24-hour emergency');
    expect(list['Mother and Child Clinic']).toContain('Ready for: 24-Hour Emergency, Maternity Services, Caesarean Section (confirmed Jun 2025, over a year ago)');
    expect(list['Daytime Hospital']).toMatch(/Open now · closes 17:00 \(hours confirmed \w{3} 2026\)/);
    expect(list['Daytime Hospital']).toContain('Ready for: Oxygen');
    expect(list['Night Clinic Hospital']).toMatch(/Closed now · opens 18:00/);
    expect(list['Renovating Hospital']).toMatch(/Closed now/);
    expect(list['Renovating Hospital']).not.toContain('24-hour emergency');
    expect(list['Nearest Plain Hospital']).not.toMatch(/Open now|Closed now|Ready for/);
  });

  it('stays within the page budget with ten facilities and their facts', async () => {
    const html = await pageAt(`/emergency?near=${device.lat},${device.lng}`);
    expect(Buffer.byteLength(html)).toBeLessThan(50 * 1024);
    expect(gzipSync(html).length).toBeLessThan(10 * 1024);
  });

  it('at night the night clinic is open and the day hospital is closed (opening on another day says the day)', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-04T22:00:00+01:00') }); // Friday 22:00
    let html: string;
    try {
      html = await (await fetch(`${base}/emergency?near=${device.lat},${device.lng}`)).text();
    } finally {
      vi.useRealTimers();
    }
    const list = items(html);
    expect(list.slice(0, 3).map((i) => i.name)).toEqual(['All-Day General Hospital', 'Mother and Child Clinic', 'Night Clinic Hospital']);
    expect(list.find((i) => i.name === 'Night Clinic Hospital')!.text).toMatch(/Open now · closes Sat 06:00/);
    expect(list.find((i) => i.name === 'Daytime Hospital')!.text).toMatch(/Closed now · opens Mon 08:00/);
  });

  it('gives the same list on the Typesense engine (the double) as on PostgreSQL', async () => {
    const typesense = await fakeTypesense();
    const engine = new TypesenseEngine({ url: typesense.url, apiKey: 'test-key', prefix: 'emergencycare_' });
    try {
      await engine.ensureCollections();
      await reindexAll(ctx.sql, { engine });
      const names = async (e: PostgresEngine | TypesenseEngine) => (await nearestHospitals(e, ctx.sql, device, NOW)).map((h) => h.name);
      const onTypesense = await names(engine);
      expect(onTypesense).toEqual(await names(new PostgresEngine(ctx.sql)));
      expect(onTypesense.slice(0, 2)).toEqual(['All-Day General Hospital', 'Mother and Child Clinic']);
    } finally {
      await engine.close();
      await typesense.close();
    }
  });
});
