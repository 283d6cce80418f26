import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/support';
import { bookingBody, cookieFrom, createProfessional, createUser, login, type TestUser } from '../../../../test/factories';

/**
 * Licences behind "Verified" (issue 18) and their editing after registration
 * (issue 14): council, expiry, an administrator's verification, and what an
 * expired Nigerian licence does to bookings. Dates are far from today (2020, 2099)
 * so the tests mean the same whatever day they run.
 */
let ctx: TestContext;
let admin: TestUser;
let adminCookie: string;
let patientCookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx.sql, { userType: 'admin', firstName: 'Funke', lastName: 'Admin', password: 'admin-password-1' });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: admin.email, password: admin.password } });
  adminCookie = cookieFrom(res.headers['set-cookie']);
  const patient = await createUser(ctx.sql);
  patientCookie = await login(ctx.app, patient.email, patient.password);
});
afterAll(async () => ctx.close());

const put = (cookie: string, payload: unknown) =>
  ctx.app.inject({ method: 'PUT', url: '/api/professionals/countries', headers: { cookie }, payload: payload as never });
const profile = async (id: number) => (await ctx.app.inject({ method: 'GET', url: `/api/professionals/${id}` })).json();
const verify = (id: number, country: string, cookie = adminCookie) =>
  ctx.app.inject({ method: 'POST', url: `/api/admin/professionals/${id}/licences/verify`, headers: { cookie }, payload: { country } });
const book = (professionalId: number) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { cookie: patientCookie },
    payload: bookingBody(professionalId, '2099-06-10T10:00:00+01:00'),
  });

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

  it('a changed Nigerian licence loses its verification and the "Verified" badge', async () => {
    const pro = await createProfessional(ctx.sql, { isVerified: true });
    expect((await profile(pro.id)).isVerified).toBe(true);
    const cookie = await login(ctx.app, pro.user.email, pro.user.password);
    const res = await put(cookie, { countries: ['Nigeria'], countryLicenses: [{ country: 'Nigeria', licenseNumber: 'MDCN/99999', expiresOn: '2099-12-31' }] });
    expect(res.statusCode, res.body).toBe(200);
    const p = await profile(pro.id);
    expect(p.isVerified).toBe(false);
    expect(p.countryLicenses[0].verifiedAt).toBeUndefined();
  });
});

describe('verification by an administrator', () => {
  it('"Verify licence" makes the profile Verified and records the administrator in the audit log', async () => {
    const pro = await unverifiedPro();
    await put(pro.cookie, { countries: ['Nigeria'], countryLicenses: [{ country: 'Nigeria', licenseNumber: 'MDCN/55501', expiresOn: '2099-12-31' }] });
    expect((await profile(pro.id)).isVerified).toBe(false);

    const res = await verify(pro.id, 'Nigeria');
    expect(res.statusCode, res.body).toBe(200);
    const p = await profile(pro.id);
    expect(p.isVerified).toBe(true);
    expect(p.isApproved).toBe(true);
    expect(p.countryLicenses[0]).toMatchObject({ country: 'Nigeria', licenseNumber: 'MDCN/55501', council: 'MDCN', expiresOn: '2099-12-31' });
    expect(typeof p.countryLicenses[0].verifiedAt).toBe('string');
    // Who verified is for administrators, not for the public.
    expect(p.countryLicenses[0].verifiedBy).toBeUndefined();

    const audit = (await ctx.app.inject({ method: 'GET', url: '/api/admin/audit?perPage=100', headers: { cookie: adminCookie } })).json();
    const entry = audit.items.find((e: { action: string; targetId: string }) => e.action === 'verify_licence' && e.targetId === String(pro.id));
    expect(entry).toMatchObject({
      outcome: 'success',
      targetType: 'professional',
      detail: { country: 'Nigeria', licenseNumber: 'MDCN/55501', council: 'MDCN', expiresOn: '2099-12-31' },
    });
    expect(JSON.stringify(entry)).toContain(admin.email);
    expect(typeof entry.createdAt).toBe('string');
  });

  it('refuses an expired licence, a country without a licence, and anyone not an admin', async () => {
    const pro = await unverifiedPro();
    await put(pro.cookie, { countries: ['Nigeria'], countryLicenses: [{ country: 'Nigeria', licenseNumber: 'MDCN/1', expiresOn: '2020-01-31' }] });
    expect((await verify(pro.id, 'Nigeria')).statusCode).toBe(409);
    expect((await verify(pro.id, 'Nigeria')).json().message).toBe('This licence has expired and cannot be verified');
    expect((await verify(pro.id, 'Ghana')).statusCode).toBe(404);
    expect((await verify(pro.id, 'Nigeria', patientCookie)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/admin/professionals/${pro.id}/licences/verify`, payload: { country: 'Nigeria' } })).statusCode).toBe(401);
    expect((await profile(pro.id)).isVerified).toBe(false);
  });

  it('approval alone no longer makes a profile Verified', async () => {
    const pro = await createProfessional(ctx.sql, { status: 'pending', isVerified: false });
    const res = await ctx.app.inject({ method: 'POST', url: `/api/admin/approve-professional/${pro.id}`, headers: { cookie: adminCookie } });
    expect(res.statusCode).toBe(200);
    const p = await profile(pro.id);
    expect(p.isApproved).toBe(true);
    expect(p.isVerified).toBe(false);
  });
});

describe('bookings and an expired Nigerian licence', () => {
  it('a provider whose only Nigerian licence expired is refused new bookings, with the message the profile shows', async () => {
    const pro = await unverifiedPro();
    const res = await put(pro.cookie, { countries: ['Nigeria'], countryLicenses: [{ country: 'Nigeria', licenseNumber: 'MDCN/2', expiresOn: '2020-01-31' }] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await profile(pro.id)).licenceRenewalPending).toBe(true);

    const refused = await book(pro.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Not currently accepting bookings: licence renewal pending');
    expect((await ctx.sql`SELECT count(*)::int AS n FROM appointments WHERE professional_id = ${pro.id}`)[0].n).toBe(0);

    // Renewed: bookings open again.
    await put(pro.cookie, { countries: ['Nigeria'], countryLicenses: [{ country: 'Nigeria', licenseNumber: 'MDCN/2', expiresOn: '2099-12-31' }] });
    expect((await profile(pro.id)).licenceRenewalPending).toBe(false);
    expect((await book(pro.id)).statusCode).toBe(201);
  });
});
