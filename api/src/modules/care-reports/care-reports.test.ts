// Issue 45: patients confirm what they met (care reports), the aggregates a profile shows from three
// reports of three patients up, contradictions flagged to the owner and admins, and "suggest an edit" with
// its audited admin queue. Real PostgreSQL and app.inject, as a client calls it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/support';
import { callApi, cookieFrom, createInstitution, createProfessional, createRegisterListing, createUser, login } from '../../../../test/factories';

let ctx: TestContext;
let adminCookie: string;
let adminId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createUser(ctx.sql, { userType: 'admin', password: 'admin-password-1' });
  adminId = admin.id;
  const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: admin.email, password: 'admin-password-1' } });
  adminCookie = cookieFrom(res.headers['set-cookie']);
  await ctx.sql`INSERT INTO payers (slug, name, kind) VALUES ('nhia', 'NHIA', 'nhia'), ('lagoon-hmo', 'Lagoon HMO', 'hmo')`;
});
afterAll(async () => ctx.close());

async function patient() {
  const u = await createUser(ctx.sql);
  return { ...u, cookie: await login(ctx.app, u.email, u.password) };
}

/** An appointment of `patientId` with the provider, `days` ago (WAT noon), in `status`. */
async function appointment(patientId: string, provider: { professionalId?: number; institutionId?: number }, status: string, days = 3) {
  const date = new Date(Date.now() - days * 86400_000);
  const [row] = await ctx.sql<{ id: number }[]>`
    INSERT INTO appointments (patient_id, professional_id, institution_id, appointment_type, appointment_date, status, patient_name, patient_email, patient_phone)
    VALUES (${patientId}, ${provider.professionalId ?? null}, ${provider.institutionId ?? null}, 'consultation', ${date}, ${status},
      'Adaeze Okonkwo', 'adaeze@example.ng', '0803 123 4567')
    RETURNING id`;
  return row!.id;
}

const report = (path: string, cookie: string | undefined, body: unknown) => callApi(ctx.app, 'POST', `/api/${path}/care-reports`, cookie, body);
const daysAgo = (n: number) => new Date(Date.now() + 3600_000 - n * 86400_000).toISOString().slice(0, 10);
const reportsOf = async (path: string) => {
  const res = await callApi(ctx.app, 'GET', `/api/${path}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().care.reports;
};

describe('POST .../care-reports', () => {
  it('answers 401 signed out, 403 for providers and admins, 404 for no such or unapproved provider', async () => {
    const doctor = await createProfessional(ctx.sql);
    const pending = await createProfessional(ctx.sql, { status: 'pending' });
    expect((await report(`professionals/${doctor.id}`, undefined, { wasOpen: true })).statusCode).toBe(401);
    const other = await createProfessional(ctx.sql);
    const proCookie = await login(ctx.app, other.user.email, other.user.password);
    expect((await report(`professionals/${doctor.id}`, proCookie, { wasOpen: true })).statusCode).toBe(403);
    expect((await report(`professionals/${doctor.id}`, adminCookie, { wasOpen: true })).statusCode).toBe(403);
    const p = await patient();
    const a = await appointment(p.id, { professionalId: doctor.id }, 'completed');
    for (const path of [`professionals/${pending.id}`, 'professionals/999999', 'institutions/999999', 'professionals/abc']) {
      const res = await report(path, p.cookie, { appointmentId: a, wasOpen: true });
      expect(res.statusCode, path).toBe(404);
    }
  });

  it('takes a report after a completed appointment with that provider, once per appointment', async () => {
    const doctor = await createProfessional(ctx.sql);
    const p = await patient();
    const confirmed = await appointment(p.id, { professionalId: doctor.id }, 'confirmed', -2);
    const early = await report(`professionals/${doctor.id}`, p.cookie, { appointmentId: confirmed, wasOpen: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('You can report on a visit once the appointment is completed');

    // Another patient's appointment, or one with another provider, looks missing.
    const someoneElse = await patient();
    const theirs = await appointment(someoneElse.id, { professionalId: doctor.id }, 'completed');
    expect((await report(`professionals/${doctor.id}`, p.cookie, { appointmentId: theirs, wasOpen: true })).statusCode).toBe(404);
    const elsewhere = await createProfessional(ctx.sql);
    const done = await appointment(p.id, { professionalId: doctor.id }, 'completed', 4);
    expect((await report(`professionals/${elsewhere.id}`, p.cookie, { appointmentId: done, wasOpen: true })).statusCode).toBe(404);

    const ok = await report(`professionals/${doctor.id}`, p.cookie, { appointmentId: done, wasOpen: true, payer: 'nhia', planAccepted: true, paidNaira: 5000 });
    expect(ok.statusCode, ok.body).toBe(201);
    // The answer carries no answers back; the visit day is the appointment's (WAT).
    expect(Object.keys(ok.json()).sort()).toEqual(['id', 'visitedOn']);
    expect(ok.json().visitedOn).toBe(daysAgo(4));
    const again = await report(`professionals/${doctor.id}`, p.cookie, { appointmentId: done, paidNaira: 6000 });
    expect(again.statusCode).toBe(409);
    expect(await ctx.sql`SELECT paid_naira FROM care_reports WHERE appointment_id = ${done}`).toEqual([{ paidNaira: 5000 }]);

    // Without an appointment, an owned provider's report is refused naming the field.
    const none = await report(`professionals/${doctor.id}`, p.cookie, { visitedOn: daysAgo(1), wasOpen: true });
    expect(none.statusCode).toBe(400);
    expect(Object.keys(none.json().fields)).toEqual(['appointmentId']);
  });

  it('refuses bad bodies with 400 naming the field, writing nothing', async () => {
    const listing = await createRegisterListing(ctx.sql);
    const p = await patient();
    const cases: [unknown, string][] = [
      [{ visitedOn: daysAgo(1) }, 'wasOpen'],
      [{ visitedOn: daysAgo(1), paidNaira: -5 }, 'paidNaira'],
      [{ visitedOn: daysAgo(1), paidNaira: 12.5 }, 'paidNaira'],
      [{ visitedOn: daysAgo(1), planAccepted: true }, 'payer'],
      [{ visitedOn: daysAgo(1), payer: 'no-such-payer', planAccepted: true }, 'payer'],
      [{ visitedOn: '2026-02-30', wasOpen: true }, 'visitedOn'],
      [{ visitedOn: daysAgo(-2), wasOpen: true }, 'visitedOn'],
      [{ visitedOn: daysAgo(200), wasOpen: true }, 'visitedOn'],
      [{ wasOpen: true }, 'visitedOn'],
      [{ visitedOn: daysAgo(1), wasOpen: 'yes' }, 'wasOpen'],
    ];
    for (const [body, field] of cases) {
      const res = await report(`institutions/${listing.id}`, p.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await ctx.sql`SELECT 1 FROM care_reports WHERE institution_id = ${listing.id}`).toHaveLength(0);
  });

  it('takes a listing visit from any signed-in patient, once per patient in 30 days', async () => {
    const listing = await createRegisterListing(ctx.sql);
    const p = await patient();
    const first = await report(`institutions/${listing.id}`, p.cookie, { visitedOn: daysAgo(2), wasOpen: false });
    expect(first.statusCode, first.body).toBe(201);
    const second = await report(`institutions/${listing.id}`, p.cookie, { visitedOn: daysAgo(1), wasOpen: true });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('You reported on this place in the last 30 days');
    // 31 days later (the first report moved back in time) the patient may report again.
    await ctx.sql`UPDATE care_reports SET created_at = now() - interval '31 days' WHERE id = ${first.json().id}`;
    expect((await report(`institutions/${listing.id}`, p.cookie, { visitedOn: daysAgo(1), wasOpen: true })).statusCode).toBe(201);
  });
});

describe('aggregates on the profile', () => {
  it('appear only from 3 reports of 3 different patients, never one patient’s answer', async () => {
    const listing = await createRegisterListing(ctx.sql, { name: 'Onike PHC' });
    const path = `institutions/${listing.id}`;
    const one = await patient();
    await report(path, one.cookie, { visitedOn: daysAgo(40), wasOpen: true, paidNaira: 8000, payer: 'nhia', planAccepted: true });
    expect(await reportsOf(path)).toBeNull();
    // The same patient twice more (30 days apart): three reports, one patient: still nothing shown.
    await ctx.sql`UPDATE care_reports SET created_at = now() - interval '70 days' WHERE institution_id = ${listing.id}`;
    await report(path, one.cookie, { visitedOn: daysAgo(35), wasOpen: true, paidNaira: 9000, payer: 'nhia', planAccepted: true });
    await ctx.sql`UPDATE care_reports SET created_at = now() - interval '40 days' WHERE institution_id = ${listing.id} AND created_at > now() - interval '1 day'`;
    await report(path, one.cookie, { visitedOn: daysAgo(3), wasOpen: true, paidNaira: 10000, payer: 'nhia', planAccepted: true });
    expect(await ctx.sql`SELECT 1 FROM care_reports WHERE institution_id = ${listing.id}`).toHaveLength(3);
    expect(await reportsOf(path)).toBeNull();

    // A second patient: two patients, still nothing.
    const two = await patient();
    await report(path, two.cookie, { visitedOn: daysAgo(2), wasOpen: false, paidNaira: 12000, payer: 'nhia', planAccepted: true });
    expect(await reportsOf(path)).toBeNull();

    // A third patient answering only the fee: the paid range shows; the plan and open answers have two patients.
    const three = await patient();
    await report(path, three.cookie, { visitedOn: daysAgo(1), paidNaira: 8500 });
    expect(await reportsOf(path)).toEqual({
      paid: { minNaira: 8000, maxNaira: 12000, count: 5, months: 6 },
      planAccepted: [],
      wasOpen: { yes: 0, no: 0 },
    });

    const four = await patient();
    await report(path, four.cookie, { visitedOn: daysAgo(1), wasOpen: true, payer: 'nhia', planAccepted: true });
    expect(await reportsOf(path)).toEqual({
      paid: { minNaira: 8000, maxNaira: 12000, count: 5, months: 6 },
      planAccepted: [{ payer: 'nhia', count: 5 }],
      wasOpen: { yes: 4, no: 1 },
    });
  });

  it('count only the last 6 months of visits', async () => {
    const listing = await createRegisterListing(ctx.sql);
    const path = `institutions/${listing.id}`;
    for (let i = 0; i < 3; i++) {
      const p = await patient();
      expect((await report(path, p.cookie, { visitedOn: daysAgo(10), paidNaira: 3000 })).statusCode).toBe(201);
    }
    expect((await reportsOf(path)).paid).toMatchObject({ count: 3 });
    await ctx.sql`UPDATE care_reports SET visited_on = visited_on - interval '200 days' WHERE institution_id = ${listing.id}`;
    expect(await reportsOf(path)).toBeNull();
  });
});

describe('contradictions', () => {
  it('reach the owner and the admins, and no one else', async () => {
    const hospital = await createInstitution(ctx.sql, { name: 'Marina Specialist Hospital' });
    const owner = await login(ctx.app, hospital.user.email, hospital.user.password);
    const path = `institutions/${hospital.id}`;
    await ctx.sql`INSERT INTO care_facts (institution_id, fees, fees_set_by, fees_confirmed_at)
      VALUES (${hospital.id}, ${ctx.sql.json({ consultationNaira: 5000, freeAtPointOfCare: false })}, 'provider', now())`;
    await ctx.sql`INSERT INTO provider_plans (institution_id, payer_slug, source) VALUES (${hospital.id}, 'lagoon-hmo', 'provider')`;
    const flags = async (cookie: string) => (await callApi(ctx.app, 'GET', `/api/${path}/care-flags`, cookie)).json().flags;
    const adminFlags = async () =>
      (await callApi(ctx.app, 'GET', '/api/admin/care-flags', adminCookie)).json().items.filter((i: { id: number; kind: string }) => i.kind === 'institution' && i.id === hospital.id);

    // Two patients paid far more and say the plan was refused: not yet enough to flag.
    const patients = [await patient(), await patient(), await patient()];
    const paid = [8000, 12000, 10000];
    for (const [i, p] of patients.slice(0, 2).entries()) {
      const a = await appointment(p.id, { institutionId: hospital.id }, 'completed');
      expect((await report(path, p.cookie, { appointmentId: a, paidNaira: paid[i], payer: 'lagoon-hmo', planAccepted: false })).statusCode).toBe(201);
    }
    expect(await flags(owner)).toEqual([]);
    expect(await adminFlags()).toEqual([]);

    const a = await appointment(patients[2]!.id, { institutionId: hospital.id }, 'completed');
    await report(path, patients[2]!.cookie, { appointmentId: a, paidNaira: paid[2], payer: 'lagoon-hmo', planAccepted: false });
    const expected = [
      expect.objectContaining({ kind: 'fee', publishedNaira: 5000, minNaira: 8000, maxNaira: 12000, reports: 3 }),
      expect.objectContaining({ kind: 'plan', payer: 'lagoon-hmo', reports: 3 }),
    ];
    expect(await flags(owner)).toEqual(expected);
    expect(await flags(adminCookie)).toEqual(expected);
    expect(await adminFlags()).toEqual([{ kind: 'institution', id: hospital.id, name: 'Marina Specialist Hospital', flags: expected }]);

    // The public profile does not carry them; a patient, another institution and a visitor cannot read them.
    expect(JSON.stringify((await callApi(ctx.app, 'GET', `/api/${path}`)).json())).not.toContain('not accepted');
    expect((await callApi(ctx.app, 'GET', `/api/${path}/care-flags`)).statusCode).toBe(401);
    expect((await callApi(ctx.app, 'GET', `/api/${path}/care-flags`, patients[0]!.cookie)).statusCode).toBe(403);
    const rival = await createInstitution(ctx.sql);
    expect((await callApi(ctx.app, 'GET', `/api/${path}/care-flags`, await login(ctx.app, rival.user.email, rival.user.password))).statusCode).toBe(403);
    expect((await callApi(ctx.app, 'GET', `/api/institutions/999999/care-flags`, owner)).statusCode).toBe(404);
    expect((await callApi(ctx.app, 'GET', '/api/admin/care-flags', owner)).statusCode).toBe(403);

    // A fee within 25% of the range is not a contradiction (12,000 * 1.25 = 15,000); a withdrawn plan is not published.
    await ctx.sql`UPDATE care_facts SET fees = ${ctx.sql.json({ consultationNaira: 15000, freeAtPointOfCare: false })} WHERE institution_id = ${hospital.id}`;
    await ctx.sql`UPDATE provider_plans SET withdrawn_at = now() WHERE institution_id = ${hospital.id}`;
    expect(await flags(owner)).toEqual([]);
    await ctx.sql`UPDATE care_facts SET fees = ${ctx.sql.json({ consultationNaira: 15100, freeAtPointOfCare: false })} WHERE institution_id = ${hospital.id}`;
    expect(await flags(owner)).toEqual([expect.objectContaining({ kind: 'fee', publishedNaira: 15100 })]);
  });

  it('flag a professional’s published consultation fee too', async () => {
    const doctor = await createProfessional(ctx.sql);
    await ctx.sql`UPDATE professionals SET consultation_fee = 40000 WHERE id = ${doctor.id}`;
    for (const naira of [15000, 20000, 18000]) {
      const p = await patient();
      const a = await appointment(p.id, { professionalId: doctor.id }, 'completed');
      expect((await report(`professionals/${doctor.id}`, p.cookie, { appointmentId: a, paidNaira: naira })).statusCode).toBe(201);
    }
    const owner = await login(ctx.app, doctor.user.email, doctor.user.password);
    const res = await callApi(ctx.app, 'GET', `/api/professionals/${doctor.id}/care-flags`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json().flags).toEqual([expect.objectContaining({ kind: 'fee', publishedNaira: 40000, minNaira: 15000, maxNaira: 20000 })]);
    expect(res.json().flags[0].message).toBe('The published consultation fee ₦40,000 is outside what 3 patients reported paying (₦15,000-₦20,000)');
  });
});

describe('suggest an edit', () => {
  it('takes a suggestion from anyone signed in; admins approve or reject it, audited', async () => {
    const listing = await createRegisterListing(ctx.sql, { name: 'Ebute Metta PHC' });
    const path = `/api/institutions/${listing.id}/care-suggestions`;
    expect((await callApi(ctx.app, 'POST', path, undefined, { kind: 'closed', details: 'Closed for good since June' })).statusCode).toBe(401);
    const p = await patient();
    const bad = await callApi(ctx.app, 'POST', path, p.cookie, { kind: 'rude', details: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['details', 'kind']);
    expect((await callApi(ctx.app, 'POST', '/api/institutions/999999/care-suggestions', p.cookie, { kind: 'closed', details: 'x' })).statusCode).toBe(404);

    const first = await callApi(ctx.app, 'POST', path, p.cookie, { kind: 'closed', details: 'Closed for good since June' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ status: 'pending', kind: 'closed', provider: { kind: 'institution', id: listing.id, name: 'Ebute Metta PHC' } });
    expect(first.json().user).toBeUndefined();
    // A provider's account may suggest too.
    const doctor = await createProfessional(ctx.sql);
    const second = await callApi(ctx.app, 'POST', path, await login(ctx.app, doctor.user.email, doctor.user.password), { kind: 'phone', details: 'The number is 0803 000 1111' });
    expect(second.statusCode).toBe(201);

    // The queue: admins only, oldest first, with who sent each.
    expect((await callApi(ctx.app, 'GET', '/api/admin/care-suggestions', p.cookie)).statusCode).toBe(403);
    const queue = await callApi(ctx.app, 'GET', '/api/admin/care-suggestions', adminCookie);
    expect(queue.statusCode).toBe(200);
    const mine = queue.json().items.filter((s: { provider: { id: number } }) => s.provider.id === listing.id);
    expect(mine.map((s: { id: number }) => s.id)).toEqual([first.json().id, second.json().id]);
    expect(mine[0].user).toMatchObject({ id: p.id, email: p.email });

    const approve = await callApi(ctx.app, 'POST', `/api/admin/care-suggestions/${first.json().id}/approve`, adminCookie, { note: 'Confirmed by the LGA' });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json()).toMatchObject({ status: 'approved', decisionNote: 'Confirmed by the LGA' });
    const reject = await callApi(ctx.app, 'POST', `/api/admin/care-suggestions/${second.json().id}/reject`, adminCookie, { note: 'Same number as listed' });
    expect(reject.json()).toMatchObject({ status: 'rejected' });
    // Decided once: a second decision is refused, and the refusal is audited too.
    const twice = await callApi(ctx.app, 'POST', `/api/admin/care-suggestions/${first.json().id}/reject`, adminCookie, {});
    expect(twice.statusCode).toBe(409);
    expect((await callApi(ctx.app, 'POST', `/api/admin/care-suggestions/999999/approve`, adminCookie, {})).statusCode).toBe(404);
    expect((await callApi(ctx.app, 'POST', `/api/admin/care-suggestions/${first.json().id}/approve`, p.cookie, {})).statusCode).toBe(403);

    const audit = await ctx.sql<{ action: string; targetId: string; outcome: string; detail: Record<string, unknown> }[]>`
      SELECT action, target_id, outcome, detail FROM audit_log WHERE admin_id = ${adminId} AND target_type = 'care_suggestion' ORDER BY id`;
    expect(audit.map((a) => [a.action, a.targetId, a.outcome])).toEqual([
      ['approve_care_suggestion', String(first.json().id), 'success'],
      ['reject_care_suggestion', String(second.json().id), 'success'],
      ['reject_care_suggestion', String(first.json().id), 'failure'],
      ['approve_care_suggestion', '999999', 'failure'],
    ]);
    expect(audit[0]!.detail).toMatchObject({ providerId: listing.id, kind: 'closed', note: 'Confirmed by the LGA' });

    const decided = await callApi(ctx.app, 'GET', '/api/admin/care-suggestions?status=approved', adminCookie);
    expect(decided.json().items.map((s: { id: number }) => s.id)).toContain(first.json().id);
    expect((await callApi(ctx.app, 'GET', '/api/admin/care-suggestions?status=maybe', adminCookie)).statusCode).toBe(400);
  });
});

describe('limits', () => {
  it('count reports and suggestions against the account’s review allowance (429 past it)', async () => {
    const limited = await createTestContext({ requestLimits: { review: { max: 2 } } });
    try {
      const listing = await createRegisterListing(limited.sql);
      const u = await createUser(limited.sql);
      const cookie = await login(limited.app, u.email, u.password);
      const suggest = () => callApi(limited.app, 'POST', `/api/institutions/${listing.id}/care-suggestions`, cookie, { kind: 'phone', details: 'Wrong number' });
      expect((await suggest()).statusCode).toBe(201);
      expect((await callApi(limited.app, 'POST', `/api/institutions/${listing.id}/care-reports`, cookie, { visitedOn: daysAgo(1), wasOpen: true })).statusCode).toBe(201);
      const third = await suggest();
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
      expect(await limited.sql`SELECT 1 FROM care_suggestions`).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });
});
