import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/support';
import { createRegisterListing } from '../../../../test/factories';

/**
 * GET /api/search/place (issue 33): the search page's "Where are you?" when the device will not say
 * where it is. A typed ward, LGA, town or state is the median of its located facilities.
 */
describe('GET /api/search/place', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    const at = (name: string, ward: string, lga: string, latitude: number, longitude: number) =>
      createRegisterListing(ctx.sql, { name, ward, lga, latitude, longitude });
    await at('PHC Sabo', 'Yaba', 'Lagos Mainland', 6.5, 3.37);
    await at('PHC Onike', 'Yaba', 'Lagos Mainland', 6.51, 3.38);
    await at('PHC Alagomeji', 'Yaba', 'Lagos Mainland', 6.52, 3.36);
    await at('PHC Ketu', 'Ketu', 'Kosofe', 6.6, 3.39);
  });
  afterAll(async () => ctx?.close());

  const get = (name?: string) => ctx.app.inject({ url: `/api/search/place${name === undefined ? '' : `?name=${encodeURIComponent(name)}`}` });

  it('answers a ward or an LGA, whatever its case, as the median of its facilities, marked approximate', async () => {
    const yaba = await get('  yaba ');
    expect(yaba.statusCode).toBe(200);
    expect(yaba.json()).toEqual({ lat: 6.51, lng: 3.37, label: 'Yaba', approximate: true });
    const lga = (await get('LAGOS MAINLAND')).json();
    expect(lga).toMatchObject({ label: 'Lagos Mainland', approximate: true });
    expect(lga.lat).toBeCloseTo(6.51, 6);
  });

  it('answers 404 naming the field for a place it does not know, and 400 for none', async () => {
    const unknown = await get('Atlantis');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ fields: { name: expect.any(String) } });
    for (const bad of [undefined, '   ', 'x'.repeat(101)]) {
      const res = await get(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ fields: { name: expect.any(String) } });
    }
  });
});
