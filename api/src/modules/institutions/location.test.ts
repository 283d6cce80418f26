// Issue 33 (D23): an institution's location in profile setup: the device's location or a pin by
// coordinates, else its LGA's centre (the median of the register's facilities there), approximate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProfessionalDocuments } from '@ilera/search';
import { createTestContext, type TestContext } from '../../../../test/support';
import { callApi, createInstitution, createProfessional, createRegisterListing, createUser, login } from '../../../../test/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const base = { name: 'Surulere Family Clinic', type: 'clinic', services: [], state: 'Lagos' };

async function owner() {
  const inst = await createInstitution(ctx.sql, { name: 'Surulere Family Clinic', type: 'clinic' });
  return { ...inst, cookie: await login(ctx.app, inst.user.email, inst.user.password) };
}
const edit = (o: { id: number; cookie: string }, body: Record<string, unknown>) =>
  callApi(ctx.app, 'PUT', `/api/institutions/${o.id}`, o.cookie, { ...base, ...body });

describe('institution location in profile setup', () => {
  it("without coordinates, the LGA's centre: the median of the register's facilities there, marked approximate", async () => {
    // Three register facilities in Surulere: the median of each coordinate is 6.50 / 3.35, whatever the outlier.
    for (const [latitude, longitude] of [[6.49, 3.34], [6.5, 3.35], [6.9, 3.36]]) {
      await createRegisterListing(ctx.sql, { state: 'Lagos', lga: 'Surulere', latitude, longitude });
    }
    // Surulere in Oyo is another LGA: its facilities do not count.
    await createRegisterListing(ctx.sql, { state: 'Oyo', lga: 'Surulere', latitude: 8.1, longitude: 4.3 });
    const o = await owner();
    const res = await edit(o, { lga: 'surulere' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ lga: 'Surulere', latitude: 6.5, longitude: 3.35, locationSource: 'lga_centre' });
  });

  it('"Use my current location" and a pin by coordinates are kept as given; the same point sent back keeps its source', async () => {
    const o = await owner();
    const device = await edit(o, { latitude: 6.4968, longitude: 3.3553, locationSource: 'device' });
    expect(device.json()).toMatchObject({ latitude: 6.4968, longitude: 3.3553, locationSource: 'device' });
    const again = await edit(o, { latitude: 6.4968, longitude: 3.3553, locationSource: 'pin' });
    expect(again.json().locationSource).toBe('device');
    const pin = await edit(o, { latitude: 6.5, longitude: 3.36 });
    expect(pin.json()).toMatchObject({ latitude: 6.5, longitude: 3.36, locationSource: 'pin' });
    // An edit without location fields keeps it; a point of its own is not replaced by the LGA's centre.
    expect((await edit(o, { lga: 'Surulere' })).json()).toMatchObject({ latitude: 6.5, longitude: 3.36, locationSource: 'pin', lga: 'Surulere' });
  });

  it("a claimed listing's register coordinates stay through an edit that sends them back", async () => {
    const listing = await createRegisterListing(ctx.sql, { latitude: 6.51, longitude: 3.37 });
    // Owned the way an approved claim leaves it.
    const inst = await createInstitution(ctx.sql);
    await ctx.sql`DELETE FROM institutions WHERE id = ${inst.id}`;
    await ctx.sql`UPDATE institutions SET user_id = ${inst.user.id} WHERE id = ${listing.id}`;
    const cookie = await login(ctx.app, inst.user.email, inst.user.password);
    const res = await edit({ id: listing.id, cookie }, { type: 'primary_health_centre', latitude: 6.51, longitude: 3.37, lga: 'Lagos Mainland' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ latitude: 6.51, longitude: 3.37, locationSource: 'register' });
  });

  it('refuses coordinates outside Nigeria, half a pair and an LGA of another state, naming the field', async () => {
    const o = await owner();
    const london = await edit(o, { latitude: 51.5, longitude: -0.12 });
    expect(london.statusCode).toBe(400);
    expect(london.json().fields).toEqual({
      latitude: 'Latitude must be a number from 4 to 14 (inside Nigeria)',
      longitude: 'Longitude must be a number from 2.5 to 15 (inside Nigeria)',
    });
    const text = await edit(o, { latitude: 'six', longitude: 3.3 });
    expect(text.json().fields.latitude).toBe('Latitude must be a number from 4 to 14 (inside Nigeria)');
    const half = await edit(o, { latitude: 6.5 });
    expect(half.statusCode).toBe(400);
    expect(half.json().fields).toEqual({ longitude: 'Give both latitude and longitude' });
    const lga = await edit(o, { lga: 'Kano Municipal' });
    expect(lga.statusCode).toBe(400);
    expect(lga.json().fields).toEqual({ lga: "Please choose an LGA of the institution's state from the list" });
    // Nothing was written by the refused edits.
    expect((await callApi(ctx.app, 'GET', `/api/institutions/${o.id}`)).json()).toMatchObject({ latitude: null, lga: null });
  });

  it("a professional's profile has their own location, else their first confirmed institution's", async () => {
    const listing = await createRegisterListing(ctx.sql, { latitude: 6.45, longitude: 3.4 });
    const pro = await createProfessional(ctx.sql);
    const profile = async () => (await callApi(ctx.app, 'GET', `/api/professionals/${pro.id}`)).json();
    expect(await profile()).toMatchObject({ latitude: null, longitude: null, locationSource: null });
    await ctx.sql`INSERT INTO professional_institutions (professional_id, institution_id, role, status) VALUES (${pro.id}, ${listing.id}, 'Medical Officer', 'confirmed')`;
    expect(await profile()).toMatchObject({ latitude: 6.45, longitude: 3.4, locationSource: 'affiliation' });
    await ctx.sql`UPDATE professionals SET latitude = 6.6, longitude = 3.35, location_source = 'pin' WHERE id = ${pro.id}`;
    expect(await profile()).toMatchObject({ latitude: 6.6, longitude: 3.35, locationSource: 'pin' });
  });

  it("the first confirmed link with a point gives it (linked first, whatever the names), beside the affiliations by name", async () => {
    const pro = await createProfessional(ctx.sql);
    const link = async (institutionId: number, status: string) =>
      ctx.sql`INSERT INTO professional_institutions (professional_id, institution_id, role, status) VALUES (${pro.id}, ${institutionId}, 'Nurse', ${status})`;
    const pending = await createRegisterListing(ctx.sql, { name: 'Alpha Pending Clinic', latitude: 9.05, longitude: 7.49 });
    const unplaced = await createRegisterListing(ctx.sql, { name: 'Beta Clinic' });
    await ctx.sql`UPDATE institutions SET latitude = NULL, longitude = NULL, location_source = NULL WHERE id = ${unplaced.id}`;
    const first = await createRegisterListing(ctx.sql, { name: 'Zulu Hospital', latitude: 6.45, longitude: 3.4 });
    const second = await createRegisterListing(ctx.sql, { name: 'Delta Clinic', latitude: 6.6, longitude: 3.35 });
    await link(pending.id, 'pending');
    await link(unplaced.id, 'confirmed');
    await link(first.id, 'confirmed');
    await link(second.id, 'confirmed');
    const res = (await callApi(ctx.app, 'GET', `/api/professionals/${pro.id}`)).json();
    expect(res).toMatchObject({ latitude: 6.45, longitude: 3.4, locationSource: 'affiliation' });
    expect(res.institutionAffiliations.map((a: { institution: { name: string } }) => a.institution.name)).toEqual(['Beta Clinic', 'Delta Clinic', 'Zulu Hospital']);
  });
});

describe('every provider has a location (issue 48, D23)', () => {
  // Three register facilities in Ikeja: its centre is their median, 6.6 / 3.35.
  beforeAll(async () => {
    for (const [latitude, longitude] of [[6.59, 3.34], [6.6, 3.35], [6.62, 3.37]]) {
      await createRegisterListing(ctx.sql, { state: 'Lagos', lga: 'Ikeja', latitude, longitude });
    }
  });

  it("a newly registered institution gets its LGA's centre, marked approximate, until it sets a pin", async () => {
    const user = await createUser(ctx.sql, { userType: 'institution' });
    const cookie = await login(ctx.app, user.email, user.password);
    const created = await callApi(ctx.app, 'POST', '/api/institutions', cookie, { ...base, name: 'Allen Avenue Clinic', lga: 'Ikeja' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ lga: 'Ikeja', latitude: 6.6, longitude: 3.35, locationSource: 'lga_centre' });
    const pin = await edit({ id: created.json().id, cookie }, { name: 'Allen Avenue Clinic', lga: 'Ikeja', latitude: 6.6012, longitude: 3.3511 });
    expect(pin.json()).toMatchObject({ latitude: 6.6012, longitude: 3.3511, locationSource: 'pin' });
  });

  it('a professional sets their own practice location: the device or a pin, else their LGA, after a confirmed institution', async () => {
    const pro = await createProfessional(ctx.sql, { state: 'Lagos', city: 'Lagos' });
    const cookie = await login(ctx.app, pro.user.email, pro.user.password);
    const profile = { professionalType: 'doctor', title: 'Dr.', specialty: 'Cardiology', licenseNumber: 'LIC-Nigeria', yearsOfExperience: 9, city: 'Lagos', state: 'Lagos' };
    const put = (body: Record<string, unknown>) => callApi(ctx.app, 'PUT', `/api/professionals/${pro.id}`, cookie, { ...profile, ...body });
    const document = async () => (await buildProfessionalDocuments(ctx.sql, [pro.id]))[0]!;

    // Their LGA only: its centre, approximate, on the profile and in search.
    const lga = await put({ lga: 'ikeja' });
    expect(lga.statusCode, lga.body).toBe(200);
    expect(lga.json()).toMatchObject({ lga: 'Ikeja', latitude: 6.6, longitude: 3.35, locationSource: 'lga_centre' });
    expect(await document()).toMatchObject({ location: [6.6, 3.35], locationApproximate: true, lga: 'Ikeja' });

    // A confirmed institution with a point of its own places them better than an LGA's centre.
    const listing = await createRegisterListing(ctx.sql, { latitude: 6.45, longitude: 3.4 });
    await ctx.sql`INSERT INTO professional_institutions (professional_id, institution_id, role, status) VALUES (${pro.id}, ${listing.id}, 'Medical Officer', 'confirmed')`;
    expect((await callApi(ctx.app, 'GET', `/api/professionals/${pro.id}`)).json()).toMatchObject({ latitude: 6.45, longitude: 3.4, locationSource: 'affiliation' });
    expect((await document()).location).toEqual([6.45, 3.4]);

    // Their own point comes first: "Use my current location" (device), then a pin.
    const device = await put({ lga: 'Ikeja', latitude: 6.6021, longitude: 3.3498, locationSource: 'device' });
    expect(device.json()).toMatchObject({ latitude: 6.6021, longitude: 3.3498, locationSource: 'device' });
    const pin = await put({ latitude: 6.5999, longitude: 3.3505 });
    expect(pin.json()).toMatchObject({ latitude: 6.5999, longitude: 3.3505, locationSource: 'pin', lga: 'Ikeja' });
    expect(await document()).toMatchObject({ location: [6.5999, 3.3505], lga: 'Ikeja' });
    expect((await document()).locationApproximate).toBeUndefined();

    // Refused, naming the field, and nothing written: half a pair, an LGA of another state.
    expect((await put({ latitude: 6.5 })).json().fields).toEqual({ longitude: 'Give both latitude and longitude' });
    const other = await put({ lga: 'Kano Municipal' });
    expect(other.statusCode).toBe(400);
    expect(other.json().fields).toEqual({ lga: "Please choose an LGA of your practice's state from the list" });
    expect((await callApi(ctx.app, 'GET', `/api/professionals/${pro.id}`)).json()).toMatchObject({ latitude: 6.5999, lga: 'Ikeja' });
  });
});
