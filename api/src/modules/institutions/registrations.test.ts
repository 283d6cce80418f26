import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/support';
import { createInstitution, login } from '../../../../test/factories';
import { institutionEditPayload, institutionPayload } from '../auth/auth-test-helpers';

/**
 * Institutions' registrations behind "Verified" (issue 18): number, issuing body and
 * expiry at registration and in the profile edit. Their verification, loss of it and
 * what an expired one does to bookings are tested for both kinds alike in
 * providers/licence-verification.test.ts. Dates are far from today (2099).
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const profile = async (id: number) => (await ctx.app.inject({ method: 'GET', url: `/api/institutions/${id}` })).json();
const edit = (id: number, cookie: string, registrations?: unknown) =>
  ctx.app.inject({ method: 'PUT', url: `/api/institutions/${id}`, headers: { cookie }, payload: institutionEditPayload(registrations) });

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
});
