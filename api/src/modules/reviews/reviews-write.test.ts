import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATING_MESSAGE } from '@ilera/contracts';
import { createEngine } from '@ilera/search';
import { createTestContext, eventually, type TestContext } from '../../../../test/support';
import { createInstitution, createProfessional, createUser, login, type TestUser } from '../../../../test/factories';

let ctx: TestContext;
let patient: TestUser;
let patientCookie: string;
let pro: { id: number; user: TestUser };
let proCookie: string;
let inst: { id: number; user: TestUser };

beforeAll(async () => {
  ctx = await createTestContext();
  patient = await createUser(ctx.sql, { firstName: 'Amaka', lastName: 'Eze' });
  pro = await createProfessional(ctx.sql);
  inst = await createInstitution(ctx.sql);
  patientCookie = await login(ctx.app, patient.email, patient.password);
  proCookie = await login(ctx.app, pro.user.email, pro.user.password);
});
afterAll(async () => ctx.close());

const post = (cookie: string | undefined, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/reviews', headers: cookie ? { cookie } : {}, payload });

const listFor = async (target: 'professional' | 'institution', id: number) =>
  (await ctx.app.inject(`/api/reviews/${target}/${id}`)).json() as any[];

describe('POST /api/reviews', () => {
  it('refuses a signed-out visitor with 401', async () => {
    expect((await post(undefined, { rating: 5, comment: 'Great', professionalId: pro.id })).statusCode).toBe(401);
  });

  it.each([
    [{ comment: 'No rating' }],
    [{ rating: 0 }],
    [{ rating: 6 }],
    [{ rating: 3.5 }],
    [{ rating: '4' }],
  ])('refuses a rating that is not an integer 1-5 (%j) with the spec message', async (over) => {
    const res = await post(patientCookie, { professionalId: pro.id, ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(RATING_MESSAGE);
  });

  it('refuses a comment over 2000 characters and a body naming both or neither provider', async () => {
    expect((await post(patientCookie, { rating: 4, comment: 'x'.repeat(2001), professionalId: pro.id })).statusCode).toBe(400);
    expect((await post(patientCookie, { rating: 4, professionalId: pro.id, institutionId: inst.id })).statusCode).toBe(400);
    expect((await post(patientCookie, { rating: 4 })).statusCode).toBe(400);
  });

  it('answers 404 for a provider that does not exist or is not approved', async () => {
    const pending = await createProfessional(ctx.sql, { status: 'pending' });
    const rejected = await createInstitution(ctx.sql, { status: 'rejected' });
    expect((await post(patientCookie, { rating: 4, professionalId: 999999 })).statusCode).toBe(404);
    expect((await post(patientCookie, { rating: 4, professionalId: pending.id })).statusCode).toBe(404);
    expect((await post(patientCookie, { rating: 4, institutionId: rejected.id })).statusCode).toBe(404);
  });

  it('refuses professional, institution and admin accounts with 403, their own profile or a competitor (D19)', async () => {
    const rival = await createProfessional(ctx.sql, { specialty: 'Cardiology' });
    const instCookie = await login(ctx.app, inst.user.email, inst.user.password);
    const admin = await createUser(ctx.sql, { userType: 'admin' });
    const adminCookie = await login(ctx.app, admin.email, admin.password);
    for (const [cookie, body] of [
      [proCookie, { rating: 5, comment: 'I am the best', professionalId: pro.id }],
      [proCookie, { rating: 1, comment: 'Avoid this one', professionalId: rival.id }],
      [proCookie, { rating: 1, institutionId: inst.id }],
      [instCookie, { rating: 5, institutionId: inst.id }],
      [instCookie, { rating: 1, professionalId: rival.id }],
      [adminCookie, { rating: 3, professionalId: rival.id }],
    ] as const) {
      const res = await post(cookie, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only patients can write reviews');
    }
    expect(await listFor('professional', pro.id)).toEqual([]);
    expect(await listFor('professional', rival.id)).toEqual([]);
    expect(await listFor('institution', inst.id)).toEqual([]);
  });

  it('keeps one review per reviewer per provider: a second one replaces the first', async () => {
    const first = await post(patientCookie, { rating: 2, comment: 'Long wait.', professionalId: pro.id });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ rating: 2, comment: 'Long wait.', reviewer: { firstName: 'Amaka', lastName: 'E' } });
    const second = await post(patientCookie, { rating: 4, comment: 'Better on the follow-up.', professionalId: pro.id });
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    const list = await listFor('professional', pro.id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ rating: 4, comment: 'Better on the follow-up.' });
    // The same reviewer may still review an institution.
    expect((await post(patientCookie, { rating: 5, institutionId: inst.id })).statusCode).toBe(201);
    expect(await listFor('institution', inst.id)).toHaveLength(1);
  });

  it('two simultaneous first reviews by one person leave one review', async () => {
    const other = await createProfessional(ctx.sql);
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((rating) => post(patientCookie, { rating, professionalId: other.id })),
    );
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 200)).toBe(true);
    expect(await listFor('professional', other.id)).toHaveLength(1);
  });

  it('every new or changed review emits the provider search event in its transaction', async () => {
    const other = await createProfessional(ctx.sql);
    const count = async () =>
      (await ctx.sql`SELECT count(*)::int AS n FROM outbox WHERE topic = 'search.professional' AND (payload->>'id')::int = ${other.id}`)[0]!.n;
    await post(patientCookie, { rating: 3, professionalId: other.id });
    expect(await count()).toBe(1);
    await post(patientCookie, { rating: 5, professionalId: other.id });
    expect(await count()).toBe(2);
    await post(patientCookie, { rating: 5, institutionId: inst.id });
    const [{ n }] = await ctx.sql`SELECT count(*)::int AS n FROM outbox WHERE topic = 'search.institution' AND (payload->>'id')::int = ${inst.id}`;
    expect(n).toBeGreaterThan(0);
  });
});

describe('Verified visit (D19)', () => {
  it('marks a review whose author has a completed appointment with the provider', async () => {
    const doctor = await createProfessional(ctx.sql);
    const hospital = await createInstitution(ctx.sql);
    const verified = await createUser(ctx.sql, { firstName: 'Bisi', lastName: 'Alade' });
    const unverified = await createUser(ctx.sql, { firstName: 'Kunle', lastName: 'Ojo' });
    const vCookie = await login(ctx.app, verified.email, verified.password);
    const uCookie = await login(ctx.app, unverified.email, unverified.password);
    const appointment = (target: string, patientId: string, status: string, id: number) => ctx.sql`
      INSERT INTO appointments (patient_id, professional_id, institution_id, appointment_type, appointment_date, status,
        patient_name, patient_email, patient_phone)
      VALUES (${patientId}, ${target === 'p' ? id : null}, ${target === 'i' ? id : null}, 'consultation',
        now() - interval '3 days', ${status}, 'X', 'x@example.ng', '0803')`;
    await appointment('p', verified.id, 'completed', doctor.id);
    await appointment('i', verified.id, 'completed', hospital.id);
    // A cancelled or merely confirmed appointment does not verify anyone.
    await appointment('p', unverified.id, 'cancelled', doctor.id);
    await appointment('p', unverified.id, 'confirmed', doctor.id);

    const v = await post(vCookie, { rating: 5, comment: 'Excellent care.', professionalId: doctor.id });
    expect(v.json().verifiedVisit).toBe(true);
    const u = await post(uCookie, { rating: 3, comment: 'Never seen.', professionalId: doctor.id });
    expect(u.json().verifiedVisit).toBe(false);

    const list = await listFor('professional', doctor.id);
    expect(list.find((r) => r.comment === 'Excellent care.').verifiedVisit).toBe(true);
    expect(list.find((r) => r.comment === 'Never seen.').verifiedVisit).toBe(false);
    // Newest first by default; ?sort=verified puts verified visits first.
    expect(list.map((r) => r.comment)).toEqual(['Never seen.', 'Excellent care.']);
    const verifiedFirst = (await ctx.app.inject(`/api/reviews/professional/${doctor.id}?sort=verified`)).json() as any[];
    expect(verifiedFirst.map((r) => r.comment)).toEqual(['Excellent care.', 'Never seen.']);
    const badSort = await ctx.app.inject(`/api/reviews/professional/${doctor.id}?sort=rating`);
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().fields).toEqual({ sort: 'Sort must be newest or verified' });

    await post(vCookie, { rating: 4, institutionId: hospital.id });
    await post(uCookie, { rating: 4, institutionId: hospital.id });
    const instList = await listFor('institution', hospital.id);
    expect(instList.map((r) => r.verifiedVisit).sort()).toEqual([false, true]);
    // A completed appointment with another provider does not count.
    const elsewhere = await post(vCookie, { rating: 4, comment: 'Only met once.', professionalId: pro.id });
    expect(elsewhere.json().verifiedVisit).toBe(false);
  });

  it('is recorded with the review: a visit completed later verifies it, and it outlives the visit (issue 34)', async () => {
    const doctor = await createProfessional(ctx.sql);
    const author = await createUser(ctx.sql, { firstName: 'Tolu', lastName: 'Bello' });
    const cookie = await login(ctx.app, author.email, author.password);
    const [visit] = await ctx.sql<{ id: number }[]>`
      INSERT INTO appointments (patient_id, professional_id, appointment_type, appointment_date, status, patient_name, patient_email, patient_phone)
      VALUES (${author.id}, ${doctor.id}, 'consultation', now() - interval '2 days', 'confirmed', 'X', 'x@example.ng', '0803')
      RETURNING id`;
    expect((await post(cookie, { rating: 4, comment: 'Booked, seen later.', professionalId: doctor.id })).json().verifiedVisit).toBe(false);
    await ctx.sql`UPDATE appointments SET status = 'completed' WHERE id = ${visit!.id}`;
    const verified = async () => (await listFor('professional', doctor.id)).find((r) => r.comment === 'Booked, seen later.').verifiedVisit;
    expect(await verified()).toBe(true);
    // Read from the review itself: the appointment losing its patient (a deleted account, D21) changes nothing.
    await ctx.sql`UPDATE appointments SET patient_id = NULL WHERE id = ${visit!.id}`;
    expect(await verified()).toBe(true);
  });
});

describe('the rating in the search index', () => {
  it('follows new and changed reviews through the event flow', async () => {
    await ctx.startWorkers();
    const engine = createEngine(ctx.config, ctx.sql);
    const doctor = await createProfessional(ctx.sql, { specialty: 'Dermatology' });
    const second = await createUser(ctx.sql, { firstName: 'Femi', lastName: 'Ade' });
    const secondCookie = await login(ctx.app, second.email, second.password);
    const indexed = async () =>
      (await engine.exportAll('professionals')).find((d) => d.id === String(doctor.id)) as
        | { rating: number; reviewCount: number }
        | undefined;

    expect((await post(patientCookie, { rating: 5, professionalId: doctor.id })).statusCode).toBe(201);
    expect((await post(secondCookie, { rating: 2, professionalId: doctor.id })).statusCode).toBe(201);
    await eventually(async () => {
      const d = await indexed();
      return d?.rating === 3.5 && d.reviewCount === 2;
    }, 10000);
    // A replaced review changes the average, not the count.
    expect((await post(patientCookie, { rating: 3, professionalId: doctor.id })).statusCode).toBe(200);
    await eventually(async () => {
      const d = await indexed();
      return d?.rating === 2.5 && d.reviewCount === 2;
    }, 10000);
    await engine.close();
  });
});
