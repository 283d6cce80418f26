import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEngine, reindexAll } from '@ilera/search';
import { createTestContext, type TestContext } from '../../../../test/support';
import { createInstitution } from '../../../../test/factories';

// Issue 33 (D23): /emergency as a patient's phone receives it, read as plain HTML (what a
// phone shows before, or without, any script).
let ctx: TestContext;
let base: string;

/** Great-circle distance in km (haversine, mean Earth radius): the test's own yardstick. */
function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

const device = { lat: 6.5, lng: 3.37 };
const places = {
  island: { name: 'Lagos Island General Hospital', type: 'general_hospital', lat: 6.455, lng: 3.3941, lga: 'Lagos Island', ward: 'Olowogbowo' },
  luth: { name: 'Idi-Araba Teaching Hospital', type: 'teaching_hospital', lat: 6.517, lng: 3.359, lga: 'Mushin', ward: 'Idi-Araba' },
  yaba: { name: 'Sabo Yaba Specialist Hospital', type: 'specialist_hospital', lat: 6.5095, lng: 3.3711, lga: 'Lagos Mainland', ward: 'Yaba' },
  chemist: { name: 'Marina Chemists', type: 'pharmacy', lat: 6.4999, lng: 3.3701, lga: 'Lagos Mainland', ward: 'Yaba' },
  // The register's levels count whatever the type: a secondary clinic takes emergencies, a PHC is not listed.
  ebute: { name: 'Ebute Metta Clinic', type: 'clinic', level: 'Secondary', lat: 6.4875, lng: 3.3802, lga: 'Lagos Mainland', ward: 'Ebute Metta' },
  phc: { name: 'Primary Health Centre, Oyingbo', type: 'primary_health_centre', level: 'Primary', lat: 6.5001, lng: 3.3702, lga: 'Lagos Mainland', ward: 'Oyingbo' },
  kano: { name: 'Murtala Muhammad Specialist Hospital', type: 'specialist_hospital', lat: 12.0001, lng: 8.5167, lga: 'Kano Municipal', ward: 'Sharada' },
} as const;

beforeAll(async () => {
  ctx = await createTestContext();
  for (const p of Object.values(places)) {
    const { id } = await createInstitution(ctx.sql, { name: p.name, type: p.type, city: p.lga, state: p.lat > 10 ? 'Kano' : 'Lagos' });
    const level = 'level' in p ? p.level : null;
    await ctx.sql`UPDATE institutions SET latitude = ${p.lat}, longitude = ${p.lng}, location_source = 'register', lga = ${p.lga}, ward = ${p.ward},
      facility_level = ${level} WHERE id = ${id}`;
  }
  await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
  base = await ctx.listen();
});
afterAll(async () => ctx?.close());

async function get(url: string) {
  const res = await fetch(base + url, { headers: { accept: 'text/html' } });
  return { status: res.status, html: await res.text(), type: res.headers.get('content-type') };
}

/** The listed facilities, in page order: name and the distance the page shows. */
function listed(html: string): { name: string; km: number }[] {
  return [...html.matchAll(/<li><h3>([^<]+)<\/h3><p><span class="dist">([\d.]+) km<\/span>/g)].map((m) => ({
    name: m[1],
    km: Number(m[2]),
  }));
}

describe('GET /emergency', () => {
  it('offers "Call 112" and a place form before any location, small and without a script framework', async () => {
    const page = await get('/emergency');
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/^text\/html/);
    expect(page.html).toContain('<a class="call" href="tel:112">Call 112</a>');
    expect(page.html).toMatch(/<form method="get" action="\/emergency">/);
    expect(page.html).toContain('name="place"');
    expect(listed(page.html)).toEqual([]);
    // At most 50 KB on first load: the whole page is this one document, no script or style file.
    expect(page.html).not.toMatch(/<script[^>]+src=|<link[^>]+stylesheet/);
    expect(Buffer.byteLength(page.html)).toBeLessThan(50 * 1024);
    expect(gzipSync(page.html).length).toBeLessThan(10 * 1024);
  });

  it('lists the nearest hospitals to the device, nearest first, with true distances, calls and directions', async () => {
    const page = await get(`/emergency?near=${device.lat},${device.lng}`);
    expect(page.status).toBe(200);
    const hits = listed(page.html);
    // Hospitals within reach, no pharmacy, nothing from Kano while Lagos has hospitals.
    expect(hits.map((h) => h.name)).toEqual([
      'Sabo Yaba Specialist Hospital',
      'Ebute Metta Clinic',
      'Idi-Araba Teaching Hospital',
      'Lagos Island General Hospital',
    ]);
    for (const h of hits) {
      const p = Object.values(places).find((x) => x.name === h.name)!;
      expect(Math.abs(h.km - haversineKm(device, p))).toBeLessThanOrEqual(0.1);
    }
    // Tap to call (the factory's phone, digits only in the link) and directions from here to there.
    expect(page.html).toContain('href="tel:012345678">Call 01 234 5678</a>');
    expect(page.html).toContain(
      `https://www.openstreetmap.org/directions?engine=fossgis_osrm_car&amp;route=${encodeURIComponent('6.50000,3.37000;6.50950,3.37110')}`,
    );
    expect(page.html).toContain('href="geo:6.50950,3.37110"');
    expect(page.html).toContain('<a class="call" href="tel:112">Call 112</a>');
  });

  it('finds a typed place (a ward, an LGA, a state) and marks it approximate', async () => {
    const ward = await get('/emergency?place=yaba');
    expect(ward.html).toContain('Near Yaba (approximate)');
    expect(listed(ward.html)[0].name).toBe('Sabo Yaba Specialist Hospital');
    const kano = await get('/emergency?place=Kano+Municipal');
    expect(listed(kano.html).map((h) => h.name)).toEqual(['Murtala Muhammad Specialist Hospital']);
    const unknown = await get('/emergency?place=Atlantis');
    expect(unknown.html).toContain('We could not find “Atlantis”');
    expect(listed(unknown.html)).toEqual([]);
  });

  it('widens the search rather than answer "none" when the nearest hospital is far', async () => {
    // Kaduna: Kano's hospital is about 180 km away, beyond the first rings.
    const page = await get('/emergency?near=10.52,7.44');
    const hits = listed(page.html);
    expect(hits.map((h) => h.name)).toEqual(['Murtala Muhammad Specialist Hospital']);
    expect(Math.abs(hits[0].km - haversineKm({ lat: 10.52, lng: 7.44 }, places.kano))).toBeLessThanOrEqual(0.1);
  });

  it('ignores a point outside Nigeria or a malformed one, and never answers 500', async () => {
    for (const near of ['51.5,-0.12', 'abc', '6.5', '6.5,3.3,1', '<script>']) {
      const page = await get(`/emergency?near=${encodeURIComponent(near)}`);
      expect(page.status).toBe(200);
      expect(listed(page.html)).toEqual([]);
      expect(page.html).not.toContain('<script>alert');
    }
    const hostile = await get(`/emergency?place=${encodeURIComponent('<b>x</b>')}`);
    expect(hostile.html).toContain('We could not find “&lt;b&gt;x&lt;/b&gt;”');
  });

  it("lets only the page's own script run (its hash in the policy, no inline scripts in general)", async () => {
    const res = await fetch(`${base}/emergency`);
    const policy = res.headers.get('content-security-policy') ?? '';
    const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
    expect(scriptSrc).toMatch(/^'self' 'sha256-[A-Za-z0-9+/]+=*'$/);
    const script = /<script>([\s\S]*?)<\/script>/.exec(await res.text())![1];
    const { createHash } = await import('node:crypto');
    expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
  });

  it('keeps "Call 112" and says the list is unavailable when the search engine is down', async () => {
    const down = await createTestContext({ config: { typesenseUrl: 'http://127.0.0.1:9', typesenseApiKey: 'unused' } });
    try {
      const res = await down.app.inject({ method: 'GET', url: `/emergency?near=${device.lat},${device.lng}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<a class="call" href="tel:112">Call 112</a>');
      expect(res.body).toContain('The hospital list is not available right now. Call 112, or try again in a minute.');
    } finally {
      await down.close();
    }
  });
});
