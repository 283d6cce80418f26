import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/support';
import { cookieFrom, createInstitution, createUser, login, type TestUser } from '../../../../test/factories';
import { institutionPayload } from '../auth/auth-test-helpers';

/**
 * Institutions' registrations behind "Verified" (issue 18), as professionals'
 * licences are (professionals/licences.test.ts): number, issuing body, expiry, an
 * administrator's verification, and what an expired Nigerian registration does to
 * bookings. Dates are far from today (2020, 2099) so the tests mean the same
 * whatever day they run.
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

const profile = async (id: number) => (await ctx.app.inject({ method: 'GET', url: `/api/institutions/${id}` })).json();
const verify = (id: number, country: string, cookie = adminCookie) =>
  ctx.app.inject({ method: 'POST', url: `/api/admin/institutions/${id}/licences/verify`, headers: { cookie }, payload: { country } });
/** PUT /api/institutions/{id} as the profile setup form sends it, with `registrations` when given. */
const edit = (id: number, cookie: string, registrations?: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/institutions/${id}`,
    headers: { cookie },
    payload: {
      name: 'Lagoon General Hospital',
      type: 'hospital',
      description: 'A 200-bed general hospital serving Lagos Island and its surroundings.',
      services: ['Emergency Care', 'Surgery'],
      city: 'Lagos',
      state: 'Lagos',
      ...(registrations === undefined ? {} : { registrations }),
    },
  });
const book = (institutionId: number) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { cookie: patientCookie },
    payload: {
      appointmentType: 'consultation',
      patientName: 'Adaeze Okonkwo',
      patientEmail: 'adaeze.patient@example.ng',
      patientPhone: '0803 123 4567',
      appointmentDate: '2099-06-10T10:00:00+01:00',
      institutionId,
    },
  });

async function unverifiedInstitution() {
  const inst = await createInstitution(ctx.sql, { isVerified: false });
  return { ...inst, cookie: await login(ctx.app, inst.user.email, inst.user.password) };
}

describe('registrations at registration and in profile edit', () => {
  it('registration records number, issuing body and expiry; the spec body without them still registers', async () => {
    const p = institutionPayload({
      type: 'pharmacy',
      services: [],
      registrations: [{ country: 'Nigeria', licenseNumber: 'PCN/PR/20931', council: 'PCN', expiresOn: '2099-12-31' }],
    });
    // A pharmacy's services come from its type's list; the payload's hospital services would be refused.
    const res = await ctx.app.inject({ method: 'POST', url: '/api/register/institution', payload: { ...p, services: ['Prescription Filling'] } });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.sql`SELECT registrations, is_verified FROM institutions WHERE id = ${res.json().institutionId}`;
    expect(row).toEqual({
      registrations: [{ country: 'Nigeria', licenseNumber: 'PCN/PR/20931', council: 'PCN', expiresOn: '2099-12-31' }],
      isVerified: false,
    });

    const plain = await ctx.app.inject({ method: 'POST', url: '/api/register/institution', payload: institutionPayload() });
    expect(plain.statusCode, plain.body).toBe(201);
  });

  it('refuses a Nigerian issuing body not on the list, a missing number and a bad date, naming the field', async () => {
    const inst = await unverifiedInstitution();
    const body = await edit(inst.id, inst.cookie, [{ country: 'Nigeria', licenseNumber: 'X/1', council: 'Lagos Chamber of Commerce' }]);
    expect(body.statusCode).toBe(400);
    expect(body.json().fields['registrations.0.council']).toBe('Please choose the issuing body from the list');
    const number = await edit(inst.id, inst.cookie, [{ country: 'Nigeria', licenseNumber: ' ', council: 'HEFAMAA' }]);
    expect(number.statusCode).toBe(400);
    expect(number.json().fields['registrations.0.licenseNumber']).toBe('Registration number is required');
    const date = await edit(inst.id, inst.cookie, [{ country: 'Nigeria', licenseNumber: 'X/1', expiresOn: '2099-02-30' }]);
    expect(date.statusCode).toBe(400);
    expect(date.json().fields['registrations.0.expiresOn']).toBe('Please enter a valid expiry date');
  });

  it("edit records them (a Nigerian one without a body gets its type's usual one; elsewhere free text); an edit without them keeps them", async () => {
    const inst = await unverifiedInstitution();
    const res = await edit(inst.id, inst.cookie, [
      { country: 'Nigeria', licenseNumber: 'MLSCN/LAB/0412', expiresOn: '2099-12-31' },
      { country: 'Ghana', licenseNumber: 'HeFRA/GA/118', council: 'Health Facilities Regulatory Agency', expiresOn: '2099-03-31' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const expected = [
      // A hospital's usual body is the State Ministry of Health.
      { country: 'Nigeria', licenseNumber: 'MLSCN/LAB/0412', council: 'State Ministry of Health', expiresOn: '2099-12-31' },
      { country: 'Ghana', licenseNumber: 'HeFRA/GA/118', council: 'Health Facilities Regulatory Agency', expiresOn: '2099-03-31' },
    ];
    expect((await profile(inst.id)).registrations).toEqual(expected);
    expect((await edit(inst.id, inst.cookie)).statusCode).toBe(200);
    expect((await profile(inst.id)).registrations).toEqual(expected);
  });

  it('a changed Nigerian registration loses its verification and the "Verified" badge', async () => {
    const inst = await createInstitution(ctx.sql, { isVerified: true });
    expect((await profile(inst.id)).isVerified).toBe(true);
    const cookie = await login(ctx.app, inst.user.email, inst.user.password);
    const res = await edit(inst.id, cookie, [{ country: 'Nigeria', licenseNumber: 'HEFAMAA/99999', council: 'HEFAMAA', expiresOn: '2099-12-31' }]);
    expect(res.statusCode, res.body).toBe(200);
    const p = await profile(inst.id);
    expect(p.isVerified).toBe(false);
    expect(p.isApproved).toBe(true);
    expect(p.registrations[0].verifiedAt).toBeUndefined();
  });
});

describe('verification by an administrator', () => {
  it('"Verify licence" makes the institution Verified and records the administrator in the audit log', async () => {
    const inst = await unverifiedInstitution();
    await edit(inst.id, inst.cookie, [{ country: 'Nigeria', licenseNumber: 'HEFAMAA/2231', council: 'HEFAMAA', expiresOn: '2099-12-31' }]);
    expect((await profile(inst.id)).isVerified).toBe(false);

    const res = await verify(inst.id, 'Nigeria');
    expect(res.statusCode, res.body).toBe(200);
    const p = await profile(inst.id);
    expect(p.isVerified).toBe(true);
    expect(p.registrations[0]).toMatchObject({ country: 'Nigeria', licenseNumber: 'HEFAMAA/2231', council: 'HEFAMAA', expiresOn: '2099-12-31' });
    expect(typeof p.registrations[0].verifiedAt).toBe('string');
    // Who verified is for administrators, not for the public.
    expect(p.registrations[0].verifiedBy).toBeUndefined();

    const audit = (await ctx.app.inject({ method: 'GET', url: '/api/admin/audit?perPage=100', headers: { cookie: adminCookie } })).json();
    const entry = audit.items.find((e: { action: string; targetId: string }) => e.action === 'verify_licence' && e.targetId === String(inst.id));
    expect(entry).toMatchObject({
      outcome: 'success',
      targetType: 'institution',
      detail: { country: 'Nigeria', licenseNumber: 'HEFAMAA/2231', council: 'HEFAMAA', expiresOn: '2099-12-31' },
    });
    expect(entry.admin.email).toBe(admin.email);
    expect(typeof entry.createdAt).toBe('string');

    // The approval screen's list shows the registration with its verification and the badge.
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/admin/approved-institutions', headers: { cookie: adminCookie } })).json();
    const items = Array.isArray(list) ? list : list.items;
    expect(items.find((i: { id: number }) => i.id === inst.id)).toMatchObject({
      isVerified: true,
      registrations: [{ country: 'Nigeria', licenseNumber: 'HEFAMAA/2231', council: 'HEFAMAA', verifiedBy: admin.id }],
    });
  });

  it('refuses an expired registration, a country without one, and anyone not an admin', async () => {
    const inst = await unverifiedInstitution();
    await edit(inst.id, inst.cookie, [{ country: 'Nigeria', licenseNumber: 'HEFAMAA/1', council: 'HEFAMAA', expiresOn: '2020-01-31' }]);
    expect((await verify(inst.id, 'Nigeria')).statusCode).toBe(409);
    expect((await verify(inst.id, 'Nigeria')).json().message).toBe('This licence has expired and cannot be verified');
    expect((await verify(inst.id, 'Ghana')).statusCode).toBe(404);
    expect((await verify(inst.id, 'Nigeria', patientCookie)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/admin/institutions/${inst.id}/licences/verify`, payload: { country: 'Nigeria' } })).statusCode).toBe(401);
    expect((await profile(inst.id)).isVerified).toBe(false);
  });

  it('approval alone no longer makes an institution Verified', async () => {
    const inst = await createInstitution(ctx.sql, { status: 'pending', isVerified: false });
    const res = await ctx.app.inject({ method: 'POST', url: `/api/admin/approve-institution/${inst.id}`, headers: { cookie: adminCookie } });
    expect(res.statusCode).toBe(200);
    const p = await profile(inst.id);
    expect(p.isApproved).toBe(true);
    expect(p.isVerified).toBe(false);
  });
});

describe('bookings and an expired Nigerian registration', () => {
  it('an institution whose only Nigerian registration expired is refused new bookings, with the message the profile shows', async () => {
    const inst = await unverifiedInstitution();
    const res = await edit(inst.id, inst.cookie, [{ country: 'Nigeria', licenseNumber: 'HEFAMAA/2', council: 'HEFAMAA', expiresOn: '2020-01-31' }]);
    expect(res.statusCode, res.body).toBe(200);
    expect((await profile(inst.id)).licenceRenewalPending).toBe(true);

    const refused = await book(inst.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Not currently accepting bookings: licence renewal pending');
    expect((await ctx.sql`SELECT count(*)::int AS n FROM appointments WHERE institution_id = ${inst.id}`)[0].n).toBe(0);

    // Renewed: bookings open again.
    await edit(inst.id, inst.cookie, [{ country: 'Nigeria', licenseNumber: 'HEFAMAA/2', council: 'HEFAMAA', expiresOn: '2099-12-31' }]);
    expect((await profile(inst.id)).licenceRenewalPending).toBe(false);
    expect((await book(inst.id)).statusCode, 'renewed').toBe(201);
  });
});
