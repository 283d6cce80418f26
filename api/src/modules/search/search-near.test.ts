import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEngine, reindexAll } from '@ilera/search';
import { createTestContext, type TestContext } from '../../../../test/support';
import { createInstitution, createProfessional } from '../../../../test/factories';

/**
 * Near-me search (issue 33, D23): `near`, `radius`, `sort=distance` and `distanceKm` on the REST
 * searches, Typesense's geo syntax in multi_search, and the register's lga/ownership/level facets.
 * Every expectation is worked out here from the coordinates the test wrote, with its own haversine.
 */

/** Great-circle km on the mean earth radius: written here, not taken from the code under test. */
function haversine(a: [number, number], b: [number, number]): number {
  const r = Math.PI / 180;
  const dLat = (b[0] - a[0]) * r;
  const dLng = (b[1] - a[1]) * r;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[0] * r) * Math.cos(b[0] * r) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}

/** A fixed sequence in [0, 1): the same places on every run. */
function sequence(seed: number) {
  let s = seed;
  return () => {
    const x = Math.sin(s++) * 10000;
    return x - Math.floor(x);
  };
}

const YABA: [number, number] = [6.5095, 3.3711];
const LGAS = ['Lagos Mainland', 'Ikeja', 'Eti-Osa'];

interface Place {
  id: number;
  at: [number, number] | null;
  lga?: string;
  ownership?: string;
  level?: string;
  name: string;
}

describe('near-me search', () => {
  let ctx: TestContext;
  const institutions: Place[] = [];
  const professionals: Place[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    const sql = ctx.sql;
    const next = sequence(33);
    // 40 register listings (no owner) within about 70 km of Yaba, and 4 in Kano.
    for (let i = 0; i < 44; i++) {
      const far = i >= 40;
      const at: [number, number] = far ? [12.0 + next() * 0.1, 8.5 + next() * 0.1] : [YABA[0] + (next() - 0.5) * 1.2, YABA[1] + (next() - 0.5) * 1.2];
      const ownership = i % 3 === 0 ? 'Private' : 'Public';
      const level = i % 5 === 0 ? 'Secondary' : i % 7 === 0 ? 'Tertiary' : 'Primary';
      const lga = far ? 'Nassarawa' : LGAS[i % 3];
      const name = `${level === 'Primary' ? 'Primary Health Centre' : 'General Hospital'} ${i}`;
      const [row] = await sql<{ id: number }[]>`
        INSERT INTO institutions (user_id, name, type, services, city, state, lga, ownership, ownership_type, facility_level,
          latitude, longitude, location_source, status, booking_mode)
        VALUES (NULL, ${name}, ${level === 'Primary' ? 'primary_health_centre' : 'general_hospital'}, '{}', ${far ? 'Kano' : 'Lagos'},
          ${far ? 'Kano' : 'Lagos'}, ${lga}, ${ownership}, 'Local Government', ${level}, ${at[0]}, ${at[1]}, 'register', 'approved', 'directory')
        RETURNING id`;
      institutions.push({ id: row.id, at, lga, ownership, level, name });
    }
    // An owned hospital with a pin, and one with no location at all.
    const pinned = await createInstitution(sql, { name: 'Reddington Hospital' });
    await sql`UPDATE institutions SET latitude = 6.4302, longitude = 3.4216, location_source = 'pin', lga = 'Eti-Osa' WHERE id = ${pinned.id}`;
    institutions.push({ id: pinned.id, at: [6.4302, 3.4216], lga: 'Eti-Osa', name: 'Reddington Hospital' });
    const nowhere = await createInstitution(sql, { name: 'Nowhere Clinic' });
    institutions.push({ id: nowhere.id, at: null, name: 'Nowhere Clinic' });

    // Professionals: 12 at their own practice address, one placed by a confirmed affiliation, one
    // whose only affiliation is pending (no location), one with none.
    for (let i = 0; i < 12; i++) {
      const at: [number, number] = [YABA[0] + (next() - 0.5) * 0.8, YABA[1] + (next() - 0.5) * 0.8];
      const p = await createProfessional(sql, { user: { firstName: `Near${i}`, lastName: 'Adeyemi' }, specialty: i % 2 ? 'Cardiology' : 'Pediatrics' });
      await sql`UPDATE professionals SET latitude = ${at[0]}, longitude = ${at[1]}, location_source = 'pin', lga = ${LGAS[i % 3]} WHERE id = ${p.id}`;
      professionals.push({ id: p.id, at, lga: LGAS[i % 3], name: `Near${i}` });
    }
    const viaListing = institutions[1];
    const affiliated = await createProfessional(sql, { user: { firstName: 'Placed', lastName: 'Okafor' }, specialty: 'Pediatrics' });
    await sql`INSERT INTO professional_institutions (professional_id, institution_id, status) VALUES (${affiliated.id}, ${viaListing.id}, 'confirmed')`;
    professionals.push({ id: affiliated.id, at: viaListing.at, lga: viaListing.lga, name: 'Placed' });
    const pendingOnly = await createProfessional(sql, { user: { firstName: 'Pending', lastName: 'Okafor' }, specialty: 'Pediatrics' });
    await sql`INSERT INTO professional_institutions (professional_id, institution_id, status) VALUES (${pendingOnly.id}, ${institutions[2].id}, 'pending')`;
    professionals.push({ id: pendingOnly.id, at: null, name: 'Pending' });
    await reindexAll(sql, { engine: new PostgresEngine(sql) });
  });
  afterAll(async () => ctx.close());

  const get = async (url: string) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json() };
  };
  const within = (places: Place[], from: [number, number], km: number) =>
    places.filter((p) => p.at && haversine(from, p.at) <= km).sort((a, b) => haversine(from, a.at!) - haversine(from, b.at!));
  type Hit = { id: string; distanceKm?: number };

  /** Every hit is where the test put it: its distanceKm within 0.1 km of the haversine, within the radius. */
  function checkDistances(hits: Hit[], places: Place[], from: [number, number], km: number) {
    for (const h of hits) {
      const place = places.find((p) => String(p.id) === h.id)!;
      const d = haversine(from, place.at!);
      expect(d).toBeLessThanOrEqual(km);
      expect(Math.abs(h.distanceKm! - d)).toBeLessThanOrEqual(0.1);
    }
  }

  it('sort=distance lists the institutions within the radius nearest first, each with its distanceKm', async () => {
    const from: [number, number] = [6.52, 3.38];
    for (const km of [20, 35, 60]) {
      const { status, body } = await get(`/api/institutions/search?near=${from.join(',')}&radius=${km}&sort=distance&perPage=50`);
      expect(status).toBe(200);
      const expected = within(institutions, from, km);
      expect(expected.length).toBeGreaterThan(2);
      expect(body.found).toBe(expected.length);
      expect(body.hits.map((h: Hit) => h.id)).toEqual(expected.map((p) => String(p.id)));
      checkDistances(body.hits, institutions, from, km);
      const ds = body.hits.map((h: Hit) => h.distanceKm!);
      expect(ds).toEqual([...ds].sort((a, b) => a - b));
    }
  });

  it('the default radius is 25 km, and the page order is kept when sorted otherwise (distanceKm still given)', async () => {
    const from: [number, number] = [6.6, 3.35];
    const { body } = await get(`/api/institutions/search?near=${from.join(',')}&perPage=50`);
    const expected = within(institutions, from, 25);
    expect(body.found).toBe(expected.length);
    expect(body.hits.map((h: Hit) => h.id).sort()).toEqual(expected.map((p) => String(p.id)).sort());
    checkDistances(body.hits, institutions, from, 25);
    expect(body.hits.every((h: Hit) => typeof h.distanceKm === 'number')).toBe(true);
    // Without near, no distance.
    const plain = await get('/api/institutions/search?perPage=5');
    expect(plain.body.hits.every((h: Hit) => h.distanceKm === undefined)).toBe(true);
  });

  it('places a professional at their own address, else at their confirmed affiliation; nobody without one', async () => {
    const from: [number, number] = [6.5, 3.37];
    const { status, body } = await get(`/api/professionals/search?near=${from.join(',')}&radius=500&sort=distance&perPage=50`);
    expect(status).toBe(200);
    const expected = within(professionals, from, 500);
    expect(body.hits.map((h: Hit) => h.id)).toEqual(expected.map((p) => String(p.id)));
    expect(body.hits.map((h: Hit) => h.id)).toContain(String(professionals.find((p) => p.name === 'Placed')!.id));
    expect(body.hits.map((h: Hit) => h.id)).not.toContain(String(professionals.find((p) => p.name === 'Pending')!.id));
    checkDistances(body.hits, professionals, from, 500);
    const placed = body.hits.find((h: Hit & { location: number[]; lga: string }) => h.id === String(professionals.find((p) => p.name === 'Placed')!.id));
    expect(placed).toMatchObject({ location: institutions[1].at, lga: institutions[1].lga });
    // With text and a filter: the cardiologists near the point, nearest first.
    const cardio = await get(`/api/professionals/search?near=${from.join(',')}&radius=30&sort=distance&specialty=Cardiology&query=adeyemi`);
    const expectedCardio = within(professionals.filter((p) => professionals.indexOf(p) < 12 && professionals.indexOf(p) % 2 === 1), from, 30);
    expect(cardio.body.hits.map((h: Hit) => h.id)).toEqual(expectedCardio.map((p) => String(p.id)));
  });

  it('counts the lga, ownership and level facets of what is near, each ignoring its own filter', async () => {
    const from: [number, number] = [6.52, 3.38];
    const count = (places: Place[], key: 'lga' | 'ownership' | 'level') => {
      const m = new Map<string, number>();
      for (const p of places) if (p[key]) m.set(p[key]!, (m.get(p[key]!) ?? 0) + 1);
      return [...m].map(([value, n]) => ({ value, count: n })).sort((a, b) => a.value.localeCompare(b.value));
    };
    const sorted = (xs: { value: string; count: number }[]) => [...xs].sort((a, b) => a.value.localeCompare(b.value));
    const near = within(institutions, from, 30);
    const { body } = await get(`/api/institutions/search?near=${from.join(',')}&radius=30&perPage=50`);
    for (const key of ['lga', 'ownership', 'level'] as const) expect(sorted(body.facets[key])).toEqual(count(near, key));
    // Everywhere (no near, an LGA chosen): the Kano listings count too; a search about no place
    // near the patient does not count the register's facets.
    const all = await get('/api/institutions/search?perPage=1&lga=nassarawa');
    expect(all.body.found).toBe(4);
    expect(sorted(all.body.facets.lga)).toEqual(count(institutions, 'lga'));
    expect(Object.keys((await get('/api/institutions/search?perPage=1')).body.facets)).not.toContain('lga');
    // Filtered: hits are Private and Secondary in Ikeja; each facet still counts the others' values.
    const f = await get(`/api/institutions/search?near=${from.join(',')}&radius=30&ownership=private&level=Secondary&lga=ikeja&perPage=50`);
    expect(f.status).toBe(200);
    const match = near.filter((p) => p.ownership === 'Private' && p.level === 'Secondary' && p.lga === 'Ikeja');
    expect(f.body.hits.map((h: Hit) => h.id).sort()).toEqual(match.map((p) => String(p.id)).sort());
    expect(sorted(f.body.facets.ownership)).toEqual(count(near.filter((p) => p.level === 'Secondary' && p.lga === 'Ikeja'), 'ownership'));
    expect(sorted(f.body.facets.level)).toEqual(count(near.filter((p) => p.ownership === 'Private' && p.lga === 'Ikeja'), 'level'));
    expect(sorted(f.body.facets.lga)).toEqual(count(near.filter((p) => p.ownership === 'Private' && p.level === 'Secondary'), 'lga'));
    // Text with the filters: "hospital" is every non-primary listing.
    const t = await get(`/api/institutions/search?query=hospital&near=${from.join(',')}&radius=30&ownership=Public&sort=distance&perPage=50`);
    const hospitals = near.filter((p) => p.ownership === 'Public' && /Hospital/.test(p.name));
    expect(t.body.hits.map((h: Hit) => h.id)).toEqual(hospitals.map((p) => String(p.id)));
  });

  it('answers Typesense geo syntax in multi_search with geo_distance_meters, as Typesense does', async () => {
    const from: [number, number] = [6.45, 3.4];
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/search/multi_search',
      payload: {
        searches: [
          { collection: 'institutions', q: '*', filter_by: `location:(${from[0]}, ${from[1]}, 20 km)`, sort_by: `location(${from[0]}, ${from[1]}):asc`, per_page: 50, facet_by: 'ownership,level,lga' },
          { collection: 'institutions', q: '*', filter_by: `location:(${from[0]}, ${from[1]}, 20 km) && ownership:=Private`, per_page: 50 },
          { collection: 'institutions', q: '*', filter_by: 'location:(95, 3.4, 20 km)' },
          { collection: 'institutions', q: '*', sort_by: 'location(6.4, abc):asc' },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const [sorted, privateOnes, badPoint, badSort] = res.json().results;
    const expected = within(institutions, from, 20);
    expect(sorted.found).toBe(expected.length);
    expect(sorted.hits.map((h: { document: { id: string } }) => h.document.id)).toEqual(expected.map((p) => String(p.id)));
    for (const h of sorted.hits as { document: { id: string }; geo_distance_meters: { location: number } }[]) {
      const d = haversine(from, institutions.find((p) => String(p.id) === h.document.id)!.at!);
      expect(Math.abs(h.geo_distance_meters.location / 1000 - d)).toBeLessThanOrEqual(0.1);
    }
    const ownership = sorted.facet_counts.find((f: { field_name: string }) => f.field_name === 'ownership');
    expect(ownership.counts.find((c: { value: string }) => c.value === 'Private')?.count ?? 0).toBe(expected.filter((p) => p.ownership === 'Private').length);
    expect(privateOnes.hits.map((h: { document: { id: string } }) => h.document.id).sort()).toEqual(
      expected.filter((p) => p.ownership === 'Private').map((p) => String(p.id)).sort(),
    );
    expect(badPoint).toMatchObject({ code: 400 });
    expect(badSort).toMatchObject({ code: 400 });
  });

  it('refuses a bad near, radius or sort=distance without near with a 400 naming the field', async () => {
    for (const [url, field] of [
      ['/api/institutions/search?near=abc', 'near'],
      ['/api/institutions/search?near=6.5', 'near'],
      ['/api/professionals/search?near=95,3.4', 'near'],
      ['/api/institutions/search?near=6.5,3.4&radius=0', 'radius'],
      ['/api/institutions/search?near=6.5,3.4&radius=501', 'radius'],
      ['/api/professionals/search?near=6.5,3.4&radius=far', 'radius'],
      ['/api/professionals/search?sort=distance', 'sort'],
      ['/api/institutions/search?ownership=state', 'ownership'],
      ['/api/institutions/search?level=quaternary', 'level'],
    ] as const) {
      const { status, body } = await get(url);
      expect({ url, status }).toEqual({ url, status: 400 });
      expect(body.fields?.[field], url).toBeTruthy();
    }
  });
});
