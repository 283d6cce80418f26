// Issue 33 (D23): an institution's location in profile setup: the device's location or a pin by
// coordinates, else its LGA's centre (the median of the register's facilities there), approximate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/support';
import { callApi, createInstitution, createProfessional, createRegisterListing, login } from '../../../../test/factories';

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
});
