import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/support';
import { createProfessional, login } from '../../../../test/factories';

/**
 * Licences behind "Verified" (issue 18) and their editing after registration
 * (issue 14): countries, council and expiry. Their verification, loss of it and
 * what an expired one does to bookings are tested for both kinds alike in
 * providers/licence-verification.test.ts. Dates are far from today (2099).
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const put = (cookie: string, payload: unknown) =>
  ctx.app.inject({ method: 'PUT', url: '/api/professionals/countries', headers: { cookie }, payload: payload as never });
const profile = async (id: number) => (await ctx.app.inject({ method: 'GET', url: `/api/professionals/${id}` })).json();

async function unverifiedPro() {
  const pro = await createProfessional(ctx.sql, { isVerified: false, countries: ['Nigeria'] });
  return { ...pro, cookie: await login(ctx.app, pro.user.email, pro.user.password) };
}

describe('licences after registration (PUT /api/professionals/countries)', () => {
  it('adds a country with its licence, council and expiry; a Nigerian licence gets its council from the profession', async () => {
    const pro = await unverifiedPro();
    const res = await put(pro.cookie, {
      countries: ['Nigeria', 'Ghana'],
      countryLicenses: [
        { country: 'Nigeria', licenseNumber: 'MDCN/12345', expiresOn: '2099-12-31' },
        { country: 'Ghana', licenseNumber: 'MDC/RN/4471', council: 'Medical and Dental Council, Ghana', expiresOn: '2099-03-31' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await profile(pro.id)).countryLicenses).toEqual([
      { country: 'Nigeria', licenseNumber: 'MDCN/12345', council: 'MDCN', expiresOn: '2099-12-31' },
      { country: 'Ghana', licenseNumber: 'MDC/RN/4471', council: 'Medical and Dental Council, Ghana', expiresOn: '2099-03-31' },
    ]);
    expect((await profile(pro.id)).countries).toEqual(['Nigeria', 'Ghana']);
  });

  it('refuses a country without a licence, and a licence for a country not chosen', async () => {
    const pro = await unverifiedPro();
    const bare = await put(pro.cookie, ['Nigeria', 'Kenya']);
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toEqual({
      message: 'License number is required for each selected country',
      fields: { countryLicenses: 'License number is required for each selected country' },
    });
    const extra = await put(pro.cookie, {
      countries: ['Nigeria'],
      countryLicenses: [
        { country: 'Nigeria', licenseNumber: 'MDCN/1' },
        { country: 'Kenya', licenseNumber: 'KMPDC/2' },
      ],
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().fields.countryLicenses).toBe('License number is required for each selected country');
    const badDate = await put(pro.cookie, { countries: ['Nigeria'], countryLicenses: [{ country: 'Nigeria', licenseNumber: 'MDCN/1', expiresOn: '2099-02-30' }] });
    expect(badDate.statusCode).toBe(400);
    expect(JSON.stringify(badDate.json().fields)).toContain('Please enter a valid expiry date');
    expect((await profile(pro.id)).countries).toEqual(['Nigeria']);
  });

  it("removes a country with its licence (the spec's bare list)", async () => {
    const pro = await createProfessional(ctx.sql, { countries: ['Nigeria', 'Ghana'] });
    const cookie = await login(ctx.app, pro.user.email, pro.user.password);
    const res = await put(cookie, ['Nigeria']);
    expect(res.statusCode, res.body).toBe(200);
    const p = await profile(pro.id);
    expect(p.countries).toEqual(['Nigeria']);
    expect(p.countryLicenses.map((l: { country: string }) => l.country)).toEqual(['Nigeria']);
    expect(p.isVerified).toBe(true);
  });
});
