import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/support';
import { bookingBody, cookieFrom, createInstitution, createProfessional, createUser, login, type TestUser } from '../../../../test/factories';
import { institutionEditPayload } from '../auth/auth-test-helpers';

/**
 * "Verified" (issue 18) for both kinds alike: a professional's Nigerian licence and an
 * institution's Nigerian registration are verified by an administrator (audited), lose the
 * verification when changed, and when expired stop new bookings. What each kind's owner edits
 * (PUT /api/professionals/countries, PUT /api/institutions/{id}) is tested beside it
 * (professionals/licences.test.ts, institutions/registrations.test.ts). Dates are far from today
 * (2020, 2099) so the tests mean the same whatever day they run.
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

interface Owner {
  id: number;
  cookie: string;
}

/** What differs between the kinds: where their licences are edited and shown, and who books them. */
const kinds = [
  {
    kind: 'professional',
    plural: 'professionals',
    licences: 'countryLicenses',
    column: 'professional_id',
    /** A Nigerian licence without a council gets the profession's (a doctor's: MDCN). */
    council: 'MDCN',
    number: (n: string) => `MDCN/${n}`,
    create: async (options: { isVerified: boolean; status?: 'pending' }): Promise<Owner> => {
      const pro = await createProfessional(ctx.sql, { countries: ['Nigeria'], ...options });
      return { id: pro.id, cookie: await login(ctx.app, pro.user.email, pro.user.password) };
    },
    setNigerian: (owner: Owner, licenseNumber: string, expiresOn: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/professionals/countries',
        headers: { cookie: owner.cookie },
        payload: { countries: ['Nigeria'], countryLicenses: [{ country: 'Nigeria', licenseNumber, expiresOn }] },
      }),
    bookingBody: (id: number) => bookingBody(id, '2099-06-10T10:00:00+01:00'),
  },
  {
    kind: 'institution',
    plural: 'institutions',
    licences: 'registrations',
    column: 'institution_id',
    council: 'HEFAMAA',
    number: (n: string) => `HEFAMAA/${n}`,
    create: async (options: { isVerified: boolean; status?: 'pending' }): Promise<Owner> => {
      const inst = await createInstitution(ctx.sql, options);
      return { id: inst.id, cookie: await login(ctx.app, inst.user.email, inst.user.password) };
    },
    /** PUT /api/institutions/{id} as the profile setup form sends it. */
    setNigerian: (owner: Owner, licenseNumber: string, expiresOn: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/institutions/${owner.id}`,
        headers: { cookie: owner.cookie },
        payload: institutionEditPayload([{ country: 'Nigeria', licenseNumber, council: 'HEFAMAA', expiresOn }]),
      }),
    bookingBody: (id: number) => ({ ...bookingBody(0, '2099-06-10T10:00:00+01:00'), professionalId: undefined, institutionId: id }),
  },
] as const;

describe.each(kinds)('$kind: verification, changes and expiry of the Nigerian licence', (k) => {
  const profile = async (id: number) => (await ctx.app.inject({ method: 'GET', url: `/api/${k.plural}/${id}` })).json();
  const verifyUrl = (id: number) => `/api/admin/${k.plural}/${id}/licences/verify`;
  const verify = (id: number, country: string, cookie = adminCookie) =>
    ctx.app.inject({ method: 'POST', url: verifyUrl(id), headers: { cookie }, payload: { country } });
  const book = (id: number) =>
    ctx.app.inject({ method: 'POST', url: '/api/appointments', headers: { cookie: patientCookie }, payload: k.bookingBody(id) });
  const unverified = () => k.create({ isVerified: false });

  it('a changed Nigerian licence loses its verification and the "Verified" badge', async () => {
    const owner = await k.create({ isVerified: true });
    expect((await profile(owner.id)).isVerified).toBe(true);
    const res = await k.setNigerian(owner, k.number('99999'), '2099-12-31');
    expect(res.statusCode, res.body).toBe(200);
    const p = await profile(owner.id);
    expect(p.isVerified).toBe(false);
    expect(p.isApproved).toBe(true);
    expect(p[k.licences][0].verifiedAt).toBeUndefined();
  });

  it('"Verify licence" makes the profile Verified and records the administrator in the audit log', async () => {
    const owner = await unverified();
    await k.setNigerian(owner, k.number('55501'), '2099-12-31');
    expect((await profile(owner.id)).isVerified).toBe(false);

    const res = await verify(owner.id, 'Nigeria');
    expect(res.statusCode, res.body).toBe(200);
    const p = await profile(owner.id);
    expect(p.isVerified).toBe(true);
    expect(p.isApproved).toBe(true);
    const licence = { country: 'Nigeria', licenseNumber: k.number('55501'), council: k.council, expiresOn: '2099-12-31' };
    expect(p[k.licences][0]).toMatchObject(licence);
    expect(typeof p[k.licences][0].verifiedAt).toBe('string');
    // Who verified is for administrators, not for the public.
    expect(p[k.licences][0].verifiedBy).toBeUndefined();

    const audit = (await ctx.app.inject({ method: 'GET', url: '/api/admin/audit?perPage=100', headers: { cookie: adminCookie } })).json();
    const entry = audit.items.find((e: { action: string; targetId: string; targetType: string }) =>
        e.action === 'verify_licence' && e.targetId === String(owner.id) && e.targetType === k.kind,
    );
    expect(entry).toMatchObject({ outcome: 'success', targetType: k.kind, detail: licence });
    expect(entry.admin.email).toBe(admin.email);
    expect(typeof entry.createdAt).toBe('string');

    // The approval screen's list shows the licence with its verification and the badge.
    const list = (await ctx.app.inject({ method: 'GET', url: `/api/admin/approved-${k.plural}`, headers: { cookie: adminCookie } })).json();
    const items = Array.isArray(list) ? list : list.items;
    expect(items.find((i: { id: number }) => i.id === owner.id)).toMatchObject({
      isVerified: true,
      [k.licences]: [{ country: 'Nigeria', licenseNumber: k.number('55501'), council: k.council, verifiedBy: admin.id }],
    });
  });

  it('refuses an expired licence, a country without one, and anyone not an admin', async () => {
    const owner = await unverified();
    await k.setNigerian(owner, k.number('1'), '2020-01-31');
    expect((await verify(owner.id, 'Nigeria')).statusCode).toBe(409);
    expect((await verify(owner.id, 'Nigeria')).json().message).toBe('This licence has expired and cannot be verified');
    expect((await verify(owner.id, 'Ghana')).statusCode).toBe(404);
    expect((await verify(owner.id, 'Nigeria', patientCookie)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: verifyUrl(owner.id), payload: { country: 'Nigeria' } })).statusCode).toBe(401);
    expect((await profile(owner.id)).isVerified).toBe(false);
  });

  it('approval alone no longer makes a profile Verified', async () => {
    const owner = await k.create({ status: 'pending', isVerified: false });
    const res = await ctx.app.inject({ method: 'POST', url: `/api/admin/approve-${k.kind}/${owner.id}`, headers: { cookie: adminCookie } });
    expect(res.statusCode).toBe(200);
    const p = await profile(owner.id);
    expect(p.isApproved).toBe(true);
    expect(p.isVerified).toBe(false);
  });

  it('whose only Nigerian licence expired is refused new bookings, with the message the profile shows', async () => {
    const owner = await unverified();
    const res = await k.setNigerian(owner, k.number('2'), '2020-01-31');
    expect(res.statusCode, res.body).toBe(200);
    expect((await profile(owner.id)).licenceRenewalPending).toBe(true);

    const refused = await book(owner.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Not currently accepting bookings: licence renewal pending');
    const [{ n }] = await ctx.sql`SELECT count(*)::int AS n FROM appointments WHERE ${ctx.sql(k.column)} = ${owner.id}`;
    expect(n).toBe(0);

    // Renewed: bookings open again.
    await k.setNigerian(owner, k.number('2'), '2099-12-31');
    expect((await profile(owner.id)).licenceRenewalPending).toBe(false);
    expect((await book(owner.id)).statusCode, 'renewed').toBe(201);
  });
});
