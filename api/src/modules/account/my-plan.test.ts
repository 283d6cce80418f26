// Issue 45: "My plan" in Account settings, a payer of the admins' list that preselects the plan filter; and
// the data export (D21) holds the care data of the user: their plan, their profile's care facts and plans, the
// reports and suggestions they sent, and no one else's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/support';
import { callApi, createInstitution, createProfessional, createUser, login } from '../../../../test/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.sql`INSERT INTO payers (slug, name, kind) VALUES ('nhia', 'National Health Insurance Authority', 'nhia'), ('lashma', 'LASHMA', 'state_scheme')`;
});
afterAll(async () => ctx?.close());

const call = (method: string, url: string, cookie?: string, payload?: unknown) => callApi(ctx.app, method, url, cookie, payload);
const names = { firstName: 'Ada', lastName: 'Obi', phone: '0803 123 4567' };

describe('My plan', () => {
  it('is none at first, set and changed by the user for every role, kept when the body leaves it out, cleared with null', async () => {
    for (const user of [await createUser(ctx.sql), (await createProfessional(ctx.sql)).user]) {
      const cookie = await login(ctx.app, user.email, user.password);
      expect((await call('GET', '/api/account', cookie)).json().myPlan).toBeNull();
      const set = await call('PUT', '/api/account', cookie, { ...names, myPlan: 'nhia' });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json().myPlan).toBe('nhia');
      expect((await call('GET', '/api/account', cookie)).json().myPlan).toBe('nhia');
      // The name form without the plan leaves it.
      expect((await call('PUT', '/api/account', cookie, names)).json().myPlan).toBe('nhia');
      expect((await call('PUT', '/api/account', cookie, { ...names, myPlan: 'lashma' })).json().myPlan).toBe('lashma');
      expect((await call('PUT', '/api/account', cookie, { ...names, myPlan: null })).json().myPlan).toBeNull();
    }
  });

  it('refuses a payer not on the list, naming myPlan, and changes nothing', async () => {
    const user = await createUser(ctx.sql);
    const cookie = await login(ctx.app, user.email, user.password);
    await call('PUT', '/api/account', cookie, { ...names, myPlan: 'nhia' });
    for (const myPlan of ['no-such-hmo', 'NHIA', 42]) {
      const res = await call('PUT', '/api/account', cookie, { ...names, firstName: 'Changed', myPlan });
      expect(res.statusCode, String(myPlan)).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['myPlan']);
    }
    expect((await call('GET', '/api/account', cookie)).json()).toMatchObject({ firstName: 'Ada', myPlan: 'nhia' });
  });

  it('answers 401 signed out', async () => {
    expect((await call('PUT', '/api/account', undefined, { ...names, myPlan: 'nhia' })).statusCode).toBe(401);
  });
});

describe('the data export (D21)', () => {
  it('holds the user\'s plan, their profile\'s care facts and plans, and the reports and suggestions they sent', async () => {
    const pro = await createProfessional(ctx.sql);
    const proCookie = await login(ctx.app, pro.user.email, pro.user.password);
    const hours = { open24Hours: false, week: [{ day: 'tue', periods: [{ opens: '10:00', closes: '14:00' }] }], closures: [] };
    expect((await call('PUT', `/api/professionals/${pro.id}/care`, proCookie, { openingHours: hours, plans: [{ payer: 'lashma', plan: null, primary: true }] })).statusCode).toBe(200);
    const other = await createProfessional(ctx.sql);
    await call('PUT', `/api/professionals/${other.id}/care`, await login(ctx.app, other.user.email, other.user.password), { plans: [{ payer: 'nhia', plan: null, primary: false }] });

    const patient = await createUser(ctx.sql);
    const cookie = await login(ctx.app, patient.email, patient.password);
    await call('PUT', '/api/account', cookie, { ...names, myPlan: 'nhia' });
    const inst = await createInstitution(ctx.sql);
    await ctx.sql`INSERT INTO care_reports (institution_id, patient_id, visited_on, was_open, paid_naira) VALUES (${inst.id}, ${patient.id}, '2026-11-20', true, 4500)`;
    await ctx.sql`INSERT INTO care_suggestions (institution_id, user_id, kind, details) VALUES (${inst.id}, ${patient.id}, 'phone', 'The number on the gate is 0803 000 1111')`;

    const proExport = (await call('GET', '/api/account/export', proCookie)).json();
    expect(proExport.careFacts).toEqual([expect.objectContaining({ professionalId: pro.id, openingHours: hours, hoursSetBy: 'provider' })]);
    expect(proExport.providerPlans).toEqual([expect.objectContaining({ professionalId: pro.id, payerSlug: 'lashma', isPrimary: true, source: 'provider' })]);
    expect(proExport.careReports).toEqual([]);

    const patientExport = (await call('GET', '/api/account/export', cookie)).json();
    expect(patientExport.account.myPlan).toBe('nhia');
    expect(patientExport.careFacts).toEqual([]);
    expect(patientExport.providerPlans).toEqual([]);
    expect(patientExport.careReports).toEqual([expect.objectContaining({ institutionId: inst.id, visitedOn: '2026-11-20', wasOpen: true, paidNaira: 4500 })]);
    expect(patientExport.careSuggestions).toEqual([expect.objectContaining({ institutionId: inst.id, kind: 'phone', details: 'The number on the gate is 0803 000 1111', status: 'pending' })]);
  });
});
