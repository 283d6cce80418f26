import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/support';
import { createProfessional, createUser, login } from '../../../../test/factories';

/**
 * Issue 48 (the spec audit's D43): one licence number. Profile setup's "License Number" is the
 * licence of record (the Nigerian licence, else the first one; migration 062), changed with the
 * licences (Countries), never a second number beside them; an edit that changes nothing real keeps
 * an approved profile approved.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const body = {
  professionalType: 'doctor',
  title: 'Dr.',
  specialty: 'Cardiology',
  yearsOfExperience: 10,
  education: 'MBBS, University of Lagos (2008)',
  bio: 'Consultant cardiologist with a decade of experience in Lagos hospitals.',
  phone: '0803 123 4567',
  address: '12 Awolowo Road',
  city: 'Lagos',
  state: 'Lagos',
};

const put = async (id: number, cookie: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: `/api/professionals/${id}`, headers: { cookie }, payload });
const stored = async (id: number) =>
  (await ctx.sql<{ licenseNumber: string | null; status: string; bio: string }[]>`SELECT license_number, status, bio FROM professionals WHERE id = ${id}`)[0]!;

describe('one licence number (issue 48)', () => {
  it('is the Nigerian licence of record wherever it is read, whatever was stored apart', async () => {
    // The factory writes the old second number ('MDCN/12345') beside the Nigerian licence 'LIC-Nigeria'.
    const pro = await createProfessional(ctx.sql, { countries: ['Ghana', 'Nigeria'] });
    expect((await stored(pro.id)).licenseNumber).toBe('LIC-Nigeria');
    const page = (await ctx.app.inject(`/api/professionals/${pro.id}`)).json();
    expect(page.licenseNumber).toBe('LIC-Nigeria');
    // Without a Nigerian licence, the first licence's number.
    const abroad = await createProfessional(ctx.sql, { countries: ['Ghana', 'United Kingdom'] });
    expect((await stored(abroad.id)).licenseNumber).toBe('LIC-Ghana');
  });

  it('profile setup sends it back as it is, or none: an approved profile stays approved and keeps the number', async () => {
    const pro = await createProfessional(ctx.sql);
    const cookie = await login(ctx.app, pro.user.email, pro.user.password);
    const same = await put(pro.id, cookie, { ...body, licenseNumber: 'LIC-Nigeria', bio: 'Consultant cardiologist, now also seeing patients on Saturdays.' });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ status: 'approved', licenseNumber: 'LIC-Nigeria', isVerified: true });
    const none = await put(pro.id, cookie, { ...body, bio: 'Consultant cardiologist, seeing patients on Saturdays as well.' });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toMatchObject({ status: 'approved', licenseNumber: 'LIC-Nigeria' });
  });

  it('another number beside the licences is refused, naming the field, and nothing is written (owner and admin alike)', async () => {
    const pro = await createProfessional(ctx.sql);
    const admin = await createUser(ctx.sql, { userType: 'admin' });
    for (const cookie of [await login(ctx.app, pro.user.email, pro.user.password), await login(ctx.app, admin.email, admin.password)]) {
      const res = await put(pro.id, cookie, { ...body, licenseNumber: 'MDCN/99999', bio: 'A bio that must not be written with a refused edit.' });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.licenseNumber).toBe('Your licence number is your Nigerian licence: change it with your countries of practice');
      expect(await stored(pro.id)).toMatchObject({ licenseNumber: 'LIC-Nigeria', status: 'approved', bio: expect.stringContaining('Consultant cardiologist') });
    }
  });

  it('changed with the licences (Countries), the number follows; the profile stays approved and the changed licence awaits verification', async () => {
    const pro = await createProfessional(ctx.sql);
    const cookie = await login(ctx.app, pro.user.email, pro.user.password);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/professionals/countries',
      headers: { cookie },
      payload: { countries: ['Nigeria'], countryLicenses: [{ country: 'Nigeria', licenseNumber: 'MDCN/55555', council: 'MDCN' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ licenseNumber: 'MDCN/55555', status: 'approved', isVerified: false });
    expect((await stored(pro.id)).licenseNumber).toBe('MDCN/55555');
    // Profile setup then shows and sends that number: nothing changes.
    const again = await put(pro.id, cookie, { ...body, licenseNumber: 'MDCN/55555' });
    expect(again.json()).toMatchObject({ status: 'approved', licenseNumber: 'MDCN/55555' });
  });
});
