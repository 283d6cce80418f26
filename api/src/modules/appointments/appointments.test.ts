import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAST_DATE_MESSAGE, SLOT_MESSAGE, lagosDateTimeParts, lagosTimestamp } from '@ilera/contracts';
import { createTestContext, type TestContext } from '../../../../test/support';
import { createInstitution, createProfessional, createUser, login, type TestUser } from '../../../../test/factories';

/** A Lagos date `days` from today. */
const lagosDate = (days: number) => lagosDateTimeParts(new Date(Date.now() + days * 86400_000)).date;

let ctx: TestContext;
let patient: TestUser;
let patientCookie: string;
let otherPatient: TestUser;
let otherPatientCookie: string;
let adminCookie: string;
let pro: { id: number; user: TestUser };
let proCookie: string;
let otherPro: { id: number; user: TestUser };
let otherProCookie: string;
let inst: { id: number; user: TestUser };
let instCookie: string;
let pendingPro: { id: number };
let rejectedInst: { id: number };

let dayOffset = 10;
/** A fresh future day per test, so tests never share slots. */
const nextDay = () => lagosDate(dayOffset++);

function body(over: Record<string, unknown> = {}) {
  return {
    appointmentType: 'consultation',
    patientName: 'Adaeze Okonkwo',
    patientEmail: 'adaeze@example.ng',
    patientPhone: '0803 123 4567',
    reasonForVisit: 'Chest pain when climbing stairs',
    appointmentDate: lagosTimestamp(nextDay(), '10:00'),
    professionalId: pro.id,
    institutionId: null,
    ...over,
  };
}

async function book(cookie: string | undefined, payload: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: cookie ? { cookie } : {},
    payload,
  });
}

async function setStatus(cookie: string | undefined, id: number, status: string) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/appointments/${id}/status`,
    headers: cookie ? { cookie } : {},
    payload: { status },
  });
}

async function get(url: string, cookie?: string) {
  return ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

beforeAll(async () => {
  ctx = await createTestContext();
  patient = await createUser(ctx.sql, { firstName: 'Adaeze', lastName: 'Okonkwo' });
  otherPatient = await createUser(ctx.sql, { firstName: 'Tunde', lastName: 'Bakare' });
  const admin = await createUser(ctx.sql, { userType: 'admin' });
  pro = await createProfessional(ctx.sql, { title: 'Dr.', specialty: 'Cardiology' });
  otherPro = await createProfessional(ctx.sql, { specialty: 'Neurology' });
  inst = await createInstitution(ctx.sql, { name: 'Lagoon General Hospital', type: 'hospital' });
  pendingPro = await createProfessional(ctx.sql, { status: 'pending' });
  rejectedInst = await createInstitution(ctx.sql, { status: 'rejected' });
  [patientCookie, otherPatientCookie, adminCookie, proCookie, otherProCookie, instCookie] = await Promise.all([
    login(ctx.app, patient.email, patient.password),
    login(ctx.app, otherPatient.email, otherPatient.password),
    login(ctx.app, admin.email, admin.password),
    login(ctx.app, pro.user.email, pro.user.password),
    login(ctx.app, otherPro.user.email, otherPro.user.password),
    login(ctx.app, inst.user.email, inst.user.password),
  ]);
});
afterAll(async () => ctx.close());

describe('POST /api/appointments', () => {
  it('refuses a signed-out visitor with 401', async () => {
    const res = await book(undefined, body());
    expect(res.statusCode).toBe(401);
  });

  it('books a pending appointment for the session user, whatever patientId the body claims', async () => {
    const date = lagosTimestamp(nextDay(), '09:30');
    const res = await book(patientCookie, body({ appointmentDate: date, patientId: otherPatient.id }));
    expect(res.statusCode).toBe(201);
    const a = res.json();
    expect(a).toMatchObject({
      patientId: patient.id,
      professionalId: pro.id,
      institutionId: null,
      status: 'pending',
      appointmentType: 'consultation',
      patientName: 'Adaeze Okonkwo',
      reasonForVisit: 'Chest pain when climbing stairs',
    });
    expect(new Date(a.appointmentDate).getTime()).toBe(new Date(date).getTime());
    expect(a).not.toHaveProperty('reminderSentAt');
    // The booking and its notification event committed together.
    const events = await ctx.sql`SELECT payload FROM outbox WHERE topic = 'appointment.booked'`;
    expect(events.map((e) => e.payload.appointmentId)).toContain(a.id);
  });

  it('books an institution', async () => {
    const res = await book(patientCookie, body({ professionalId: null, institutionId: inst.id }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ institutionId: inst.id, professionalId: null });
  });

  it('refuses a date before today (Lagos) with 400', async () => {
    const res = await book(patientCookie, body({ appointmentDate: lagosTimestamp(lagosDate(-1), '10:00') }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PAST_DATE_MESSAGE);
  });

  it.each([['10:15'], ['08:30'], ['17:00'], ['16:45'], ['00:00']])('refuses the off-slot time %s with 400', async (time) => {
    const res = await book(patientCookie, body({ appointmentDate: lagosTimestamp(nextDay(), time) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SLOT_MESSAGE);
  });

  it('reads a time with another offset as that instant: 09:00 UTC is 10:00 WAT, a slot', async () => {
    const res = await book(patientCookie, body({ appointmentDate: `${nextDay()}T09:00:00Z` }));
    expect(res.statusCode).toBe(201);
    // 09:00 in New York is 15:00 WAT (a slot); 09:15 in New York is not.
    const ny = await book(patientCookie, body({ appointmentDate: `${nextDay()}T09:15:00-05:00` }));
    expect(ny.statusCode).toBe(400);
  });

  it('refuses a body naming both or neither provider, and bad fields, with 400', async () => {
    expect((await book(patientCookie, body({ institutionId: inst.id }))).statusCode).toBe(400);
    expect((await book(patientCookie, body({ professionalId: null }))).statusCode).toBe(400);
    expect((await book(patientCookie, body({ appointmentType: 'surgery' }))).statusCode).toBe(400);
    expect((await book(patientCookie, body({ patientName: '  ' }))).statusCode).toBe(400);
    expect((await book(patientCookie, body({ patientEmail: 'not-an-email' }))).statusCode).toBe(400);
    expect((await book(patientCookie, body({ appointmentDate: undefined }))).json().message).toBe(
      'Please select both date and time for your appointment.',
    );
  });

  it('answers 404 for a provider that does not exist or is not approved', async () => {
    expect((await book(patientCookie, body({ professionalId: 999999 }))).statusCode).toBe(404);
    expect((await book(patientCookie, body({ professionalId: pendingPro.id }))).statusCode).toBe(404);
    expect(
      (await book(patientCookie, body({ professionalId: null, institutionId: rejectedInst.id }))).statusCode,
    ).toBe(404);
  });

  it('refuses booking your own profile', async () => {
    const res = await book(proCookie, body());
    expect(res.statusCode).toBe(400);
  });

  it('answers 409 for a slot already held, and frees it when cancelled', async () => {
    const payload = body();
    const first = await book(patientCookie, payload);
    expect(first.statusCode).toBe(201);
    const second = await book(otherPatientCookie, payload);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('This time slot is no longer available');
    // Another provider's same slot is free.
    expect((await book(otherPatientCookie, { ...payload, professionalId: otherPro.id })).statusCode).toBe(201);
    expect((await setStatus(patientCookie, first.json().id, 'cancelled')).statusCode).toBe(200);
    expect((await book(otherPatientCookie, payload)).statusCode).toBe(201);
  });

  it('of 20 simultaneous bookings of one slot, exactly one wins and nineteen get 409', async () => {
    const cookies = [patientCookie, otherPatientCookie, adminCookie, otherProCookie, instCookie];
    const payload = body({ appointmentDate: lagosTimestamp(nextDay(), '11:30') });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => book(cookies[i % cookies.length], payload)),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(r.json().message).toBe('This time slot is no longer available');
    }
    const [{ n }] = await ctx.sql`
      SELECT count(*)::int AS n FROM appointments WHERE professional_id = ${pro.id} AND appointment_date = ${payload.appointmentDate}`;
    expect(n).toBe(1);
  });
});

describe('appointment lists: who sees what', () => {
  let proAppointmentId: number;
  let instAppointmentId: number;
  beforeAll(async () => {
    proAppointmentId = (await book(patientCookie, body({ appointmentDate: lagosTimestamp(nextDay(), '14:00') }))).json().id;
    instAppointmentId = (
      await book(patientCookie, body({ professionalId: null, institutionId: inst.id, appointmentType: 'check-up' }))
    ).json().id;
  });

  it('patient list: 401 signed out, 404 for anyone but that patient or an admin (D9)', async () => {
    const url = `/api/appointments/patient/${patient.id}`;
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, otherPatientCookie)).statusCode).toBe(404);
    expect((await get(url, proCookie)).statusCode).toBe(404);
    expect((await get(url, instCookie)).statusCode).toBe(404);
    expect((await get(url, patientCookie)).statusCode).toBe(200);
    expect((await get(url, adminCookie)).statusCode).toBe(200);
  });

  it('professional list: 401 signed out, 404 for anyone but the owner or an admin (D9)', async () => {
    const url = `/api/appointments/professional/${pro.id}`;
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, patientCookie)).statusCode).toBe(404);
    expect((await get(url, otherProCookie)).statusCode).toBe(404);
    expect((await get(url, instCookie)).statusCode).toBe(404);
    expect((await get(url, proCookie)).statusCode).toBe(200);
    expect((await get(url, adminCookie)).statusCode).toBe(200);
    // A profile that does not exist answers as someone else's: nothing leaks.
    expect((await get('/api/appointments/professional/999999', patientCookie)).statusCode).toBe(404);
    expect((await get('/api/appointments/professional/999999', adminCookie)).statusCode).toBe(404);
  });

  it('institution list: 401 signed out, 404 for anyone but the owner or an admin (D9)', async () => {
    const url = `/api/appointments/institution/${inst.id}`;
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, patientCookie)).statusCode).toBe(404);
    expect((await get(url, proCookie)).statusCode).toBe(404);
    expect((await get(url, instCookie)).statusCode).toBe(200);
    expect((await get(url, adminCookie)).statusCode).toBe(200);
  });

  it("a patient's list carries the provider read views", async () => {
    const list = (await get(`/api/appointments/patient/${patient.id}`, patientCookie)).json() as any[];
    const p = list.find((a) => a.id === proAppointmentId);
    expect(p).toMatchObject({
      status: 'pending',
      patientName: 'Adaeze Okonkwo',
      patientEmail: 'adaeze@example.ng',
      patientPhone: '0803 123 4567',
      professional: { id: pro.id, title: 'Dr.', specialty: 'Cardiology', user: { firstName: 'Chinedu', lastName: 'Okafor' } },
      institution: null,
    });
    const i = list.find((a) => a.id === instAppointmentId);
    expect(i).toMatchObject({ institution: { id: inst.id, name: 'Lagoon General Hospital', type: 'hospital' }, professional: null });
    expect(list.every((a) => a.patientId === patient.id)).toBe(true);
    expect(list.some((a) => 'reminderSentAt' in a)).toBe(false);
  });

  it("a provider's list holds only its own appointments, and filters by status", async () => {
    const list = (await get(`/api/appointments/professional/${pro.id}`, proCookie)).json() as any[];
    expect(list.map((a) => a.id)).toContain(proAppointmentId);
    expect(list.every((a) => a.professionalId === pro.id)).toBe(true);
    const instList = (await get(`/api/appointments/institution/${inst.id}`, instCookie)).json() as any[];
    expect(instList.map((a) => a.id)).toContain(instAppointmentId);
    expect(instList.every((a) => a.institutionId === inst.id)).toBe(true);
    const pending = (await get(`/api/appointments/professional/${pro.id}?status=pending`, proCookie)).json() as any[];
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((a) => a.status === 'pending')).toBe(true);
    expect((await get(`/api/appointments/professional/${pro.id}?status=nope`, proCookie)).statusCode).toBe(400);
  });
});

describe('PUT /api/appointments/{id}/status', () => {
  async function fresh(provider: 'pro' | 'inst' = 'pro') {
    const res = await book(
      patientCookie,
      provider === 'pro' ? body() : body({ professionalId: null, institutionId: inst.id }),
    );
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
  }
  const statusOf = async (id: number) => (await ctx.sql`SELECT status FROM appointments WHERE id = ${id}`)[0]!.status;
  /** Time passes: the appointment's start moves years back. */
  const moveToPast = async (id: number) =>
    ctx.sql`UPDATE appointments SET appointment_date = appointment_date - interval '1000 days' WHERE id = ${id}`;

  it('the provider confirms a pending appointment, then completes it once its time has passed', async () => {
    const id = await fresh();
    const res = await setStatus(proCookie, id, 'confirmed');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'confirmed' });
    const tooEarly = await setStatus(proCookie, id, 'completed');
    expect(tooEarly.statusCode).toBe(409);
    await moveToPast(id);
    expect((await setStatus(proCookie, id, 'completed')).statusCode).toBe(200);
    expect(await statusOf(id)).toBe('completed');
    const events = await ctx.sql`SELECT payload FROM outbox WHERE topic = 'appointment.status' AND (payload->>'appointmentId')::int = ${id} ORDER BY id`;
    expect(events.map((e) => e.payload.status)).toEqual(['confirmed', 'completed']);
  });

  it('the provider cancels a pending appointment (institution too)', async () => {
    const id = await fresh();
    expect((await setStatus(proCookie, id, 'cancelled')).statusCode).toBe(200);
    const iid = await fresh('inst');
    expect((await setStatus(instCookie, iid, 'confirmed')).statusCode).toBe(200);
    const iid2 = await fresh('inst');
    expect((await setStatus(instCookie, iid2, 'cancelled')).statusCode).toBe(200);
  });

  it('refuses every other provider transition with 409', async () => {
    const pending = await fresh();
    expect((await setStatus(proCookie, pending, 'completed')).statusCode).toBe(409);
    expect((await setStatus(proCookie, pending, 'pending')).statusCode).toBe(409);
    const confirmed = await fresh();
    await setStatus(proCookie, confirmed, 'confirmed');
    expect((await setStatus(proCookie, confirmed, 'pending')).statusCode).toBe(409);
    expect((await setStatus(proCookie, confirmed, 'confirmed')).statusCode).toBe(409);
    expect((await setStatus(proCookie, confirmed, 'cancelled')).statusCode).toBe(409);
    const cancelled = await fresh();
    await setStatus(proCookie, cancelled, 'cancelled');
    for (const s of ['pending', 'confirmed', 'completed']) {
      expect((await setStatus(proCookie, cancelled, s)).statusCode).toBe(409);
    }
    const completed = await fresh();
    await setStatus(proCookie, completed, 'confirmed');
    await moveToPast(completed);
    await setStatus(proCookie, completed, 'completed');
    for (const s of ['pending', 'confirmed', 'cancelled']) {
      expect((await setStatus(proCookie, completed, s)).statusCode).toBe(409);
    }
    expect(await statusOf(completed)).toBe('completed');
  });

  it('the patient cancels their own pending or confirmed appointment, and nothing else', async () => {
    const pending = await fresh();
    expect((await setStatus(patientCookie, pending, 'confirmed')).statusCode).toBe(409);
    expect((await setStatus(patientCookie, pending, 'completed')).statusCode).toBe(409);
    expect((await setStatus(patientCookie, pending, 'cancelled')).statusCode).toBe(200);
    const confirmed = await fresh();
    await setStatus(proCookie, confirmed, 'confirmed');
    expect((await setStatus(patientCookie, confirmed, 'completed')).statusCode).toBe(409);
    expect((await setStatus(patientCookie, confirmed, 'cancelled')).statusCode).toBe(200);
    expect((await setStatus(patientCookie, confirmed, 'pending')).statusCode).toBe(409);
    const completed = await fresh();
    await setStatus(proCookie, completed, 'confirmed');
    await moveToPast(completed);
    await setStatus(proCookie, completed, 'completed');
    expect((await setStatus(patientCookie, completed, 'cancelled')).statusCode).toBe(409);
  });

  it('answers 404 to another user (D9), 403 to an admin, 401 signed out, 404 for no such appointment, 400 for a bad status', async () => {
    const id = await fresh();
    expect((await setStatus(undefined, id, 'cancelled')).statusCode).toBe(401);
    expect((await setStatus(otherPatientCookie, id, 'cancelled')).statusCode).toBe(404);
    expect((await setStatus(otherProCookie, id, 'confirmed')).statusCode).toBe(404);
    expect((await setStatus(instCookie, id, 'confirmed')).statusCode).toBe(404);
    expect((await setStatus(adminCookie, id, 'confirmed')).statusCode).toBe(403);
    expect((await setStatus(proCookie, 999999, 'confirmed')).statusCode).toBe(404);
    expect((await setStatus(proCookie, id, 'archived')).statusCode).toBe(400);
    expect(await statusOf(id)).toBe('pending');
  });

  it('two simultaneous changes of one appointment: one wins, the other gets 409', async () => {
    // Confirming and cancelling a pending appointment exclude each other in either order (a confirmed
    // appointment cannot be cancelled by its provider, a cancelled one not confirmed), so whatever the
    // interleaving exactly one answer is 200. (A provider's confirm and a patient's cancel may both
    // succeed one after the other: the patient may cancel a confirmed appointment.)
    for (let round = 0; round < 5; round++) {
      const id = await fresh();
      const [a, b] = await Promise.all([setStatus(proCookie, id, 'confirmed'), setStatus(proCookie, id, 'cancelled')]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      expect(['confirmed', 'cancelled']).toContain(await statusOf(id));
    }
  });
});

describe('availability', () => {
  it('is public and greys out held slots, saying nothing about who booked', async () => {
    const date = nextDay();
    const held = await book(patientCookie, body({ appointmentDate: lagosTimestamp(date, '09:00') }));
    const confirmed = await book(patientCookie, body({ appointmentDate: lagosTimestamp(date, '13:30') }));
    await setStatus(proCookie, confirmed.json().id, 'confirmed');
    const cancelled = await book(patientCookie, body({ appointmentDate: lagosTimestamp(date, '15:00') }));
    await setStatus(patientCookie, cancelled.json().id, 'cancelled');
    expect(held.statusCode).toBe(201);

    const res = await get(`/api/professionals/${pro.id}/availability?date=${date}`);
    expect(res.statusCode).toBe(200);
    const a = res.json();
    expect(Object.keys(a).sort()).toEqual(['date', 'slots']);
    expect(a.date).toBe(date);
    expect(a.slots).toHaveLength(16);
    expect(a.slots[0]).toEqual({ time: '09:00', available: false });
    expect(a.slots.at(-1)).toEqual({ time: '16:30', available: true });
    const taken = a.slots.filter((s: any) => !s.available).map((s: any) => s.time);
    expect(taken).toEqual(['09:00', '13:30']);
    for (const s of a.slots) expect(Object.keys(s).sort()).toEqual(['available', 'time']);
    expect(res.body).not.toContain('Adaeze');
    expect(res.body).not.toContain(patient.id);
    expect(res.body).not.toContain('pending');
    // Another professional's day is untouched.
    const other = (await get(`/api/professionals/${otherPro.id}/availability?date=${date}`)).json();
    expect(other.slots.every((s: any) => s.available)).toBe(true);
  });

  it('works for institutions', async () => {
    const date = nextDay();
    await book(patientCookie, body({ professionalId: null, institutionId: inst.id, appointmentDate: lagosTimestamp(date, '10:30') }));
    const a = (await get(`/api/institutions/${inst.id}/availability?date=${date}`)).json();
    expect(a.slots.filter((s: any) => !s.available).map((s: any) => s.time)).toEqual(['10:30']);
  });

  it('offers nothing on a past day, and refuses bad dates or non-public providers', async () => {
    const past = (await get(`/api/professionals/${pro.id}/availability?date=${lagosDate(-2)}`)).json();
    expect(past.slots.every((s: any) => !s.available)).toBe(true);
    expect((await get(`/api/professionals/${pro.id}/availability?date=2026-02-30`)).statusCode).toBe(400);
    expect((await get(`/api/professionals/${pro.id}/availability`)).statusCode).toBe(400);
    expect((await get(`/api/professionals/${pendingPro.id}/availability?date=${nextDay()}`)).statusCode).toBe(404);
    expect((await get(`/api/institutions/${rejectedInst.id}/availability?date=${nextDay()}`)).statusCode).toBe(404);
    expect((await get(`/api/professionals/999999/availability?date=${nextDay()}`)).statusCode).toBe(404);
  });
});
