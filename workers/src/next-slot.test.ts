// Issue 17: each search document carries the provider's next free slot, kept by events through the
// real outbox relay, BullMQ and the index worker, and rolled over at midnight by the maintenance job.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emit } from '@ilera/db';
import { createTestContext, eventually, type TestContext } from '../../test/support';
import { createProfessional, createUser, login } from '../../test/factories';

let ctx: TestContext;
let patientCookie: string;

/** A Lagos calendar date `days` from today, and an instant on it as epoch seconds. */
const lagosDate = (days: number) => new Date(Date.now() + 3600_000 + days * 86400_000).toISOString().slice(0, 10);
const epoch = (date: string, time: string) => Date.parse(`${date}T${time}:00+01:00`) / 1000;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.startWorkers();
  const patient = await createUser(ctx.sql, {});
  patientCookie = await login(ctx.app, patient.email, patient.password);
});
afterAll(async () => ctx.close());

/** What a patient's search for the surname shows as the card's next slot (epoch seconds), or null. */
async function searchedNextSlot(surname: string): Promise<number | null | undefined> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/professionals/search?q=${surname}` });
  const hit = res.json().hits.find((h: { lastName?: string; document?: { lastName?: string } }) => (h.document ?? h).lastName === surname);
  return hit ? ((hit.document ?? hit).nextSlot ?? null) : undefined;
}
const shows = (surname: string, expected: number | null) =>
  eventually(async () => (await searchedNextSlot(surname)) === expected, 2000).catch(async (e) => {
    throw new Error(`${surname}: expected ${expected}, search shows ${await searchedNextSlot(surname)}; ${e}`);
  });

describe('next free slot in the search index', () => {
  it('follows a booking, a cancellation and a day off within 2 seconds each', async () => {
    const pro = await createProfessional(ctx.sql, { user: { firstName: 'Ngozi', lastName: 'Slotwatcher' } });
    const cookie = await login(ctx.app, pro.user.email, pro.user.password);
    const api = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who = cookie) =>
      ctx.app.inject({ method, url, headers: { cookie: who }, payload: payload as Record<string, unknown> | undefined });
    const today = lagosDate(0);
    const d1 = lagosDate(1);
    const d2 = lagosDate(2);

    // Today off, so the next free slot does not depend on the hour the test runs: tomorrow 09:00.
    expect((await api('POST', `/api/professionals/${pro.id}/time-off`, { startDate: today, endDate: today })).statusCode).toBe(201);
    await shows('Slotwatcher', epoch(d1, '09:00'));

    const booked = await api(
      'POST',
      '/api/appointments',
      {
        appointmentType: 'consultation',
        patientName: 'Bisi Adewale',
        patientEmail: 'bisi@example.ng',
        patientPhone: '0803 000 0000',
        appointmentDate: `${d1}T09:00:00+01:00`,
        professionalId: pro.id,
      },
      patientCookie,
    );
    expect(booked.statusCode).toBe(201);
    await shows('Slotwatcher', epoch(d1, '09:30'));

    expect((await api('PUT', `/api/appointments/${booked.json().id}/status`, { status: 'cancelled' }, patientCookie)).statusCode).toBe(200);
    await shows('Slotwatcher', epoch(d1, '09:00'));

    expect((await api('POST', `/api/professionals/${pro.id}/time-off`, { startDate: d1, endDate: d1 })).statusCode).toBe(201);
    await shows('Slotwatcher', epoch(d2, '09:00'));

    // Directory only: no online booking, no next slot.
    const directory = { bookingMode: 'directory', weeklyHours: Array.from({ length: 7 }, () => ({ start: '09:00', end: '16:30' })) };
    expect((await api('PUT', `/api/professionals/${pro.id}/schedule`, directory)).statusCode).toBe(200);
    await shows('Slotwatcher', null);
  });

  it('the midnight roll-over job re-indexes the providers whose next slot has passed', async () => {
    const pro = await createProfessional(ctx.sql, { user: { firstName: 'Emeka', lastName: 'Rollover' } });
    // Indexed as it was "yesterday": a slot that has passed since.
    const yesterday = lagosDate(-1);
    await ctx.sql.begin(async (tx) => {
      await tx`INSERT INTO time_off (professional_id, start_date, end_date) VALUES (${pro.id}, ${lagosDate(0)}, ${lagosDate(0)})`;
      await emit(tx, 'search.professional', { id: pro.id });
    });
    await shows('Rollover', epoch(lagosDate(1), '09:00'));
    await ctx.sql`UPDATE search_bodies SET document = (document::jsonb || ${ctx.sql.json({ nextSlot: epoch(yesterday, '16:30') })})::json
      WHERE collection = 'professionals' AND id = ${String(pro.id)}`;
    await ctx.sql`UPDATE search_documents SET next_slot = ${`${yesterday}T16:30:00+01:00`}
      WHERE collection = 'professionals' AND id = ${String(pro.id)}`;
    await ctx.sql`UPDATE professionals SET next_slot_at = ${`${yesterday}T16:30:00+01:00`} WHERE id = ${pro.id}`;
    await shows('Rollover', epoch(yesterday, '16:30'));

    const scheduler = await ctx.queues.maintenance.getJobScheduler('next-slot-rollover');
    expect(scheduler).toMatchObject({ pattern: '0 0 * * *', tz: 'Africa/Lagos' });
    await ctx.queues.maintenance.add('next-slot-rollover', {}, { jobId: 'rollover-now' });
    await shows('Rollover', epoch(lagosDate(1), '09:00'));
  });
});
