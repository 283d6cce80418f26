// Issue 17's burst: the index worker writes the jobs waiting at the same time in one set-based batch
// (IndexBatcher). Every booking of a burst still reaches the search through the real relay, queue and
// worker, and a job coalesced with a later one for the same profile indexes the later state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '@ilera/db';
import { createTestContext, eventually, type TestContext } from '../../test/support';
import { createProfessional, createUser, login } from '../../test/factories';
import { IndexBatcher } from './index.worker';
import type { WorkerContext } from './context';

let ctx: TestContext;

/** A Lagos calendar date `days` from today, and an instant on it as epoch seconds. */
const lagosDate = (days: number) => new Date(Date.now() + 3600_000 + days * 86400_000).toISOString().slice(0, 10);
const epoch = (date: string, time: string) => Date.parse(`${date}T${time}:00+01:00`) / 1000;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

interface Doc {
  id: string;
  nextSlot?: number;
  city?: string;
  state?: string;
}

/** What a patient's search for the surname shows: each card's id and next slot (epoch seconds, null for none). */
async function cards(surname: string): Promise<Map<string, number | null>> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/professionals/search?query=${surname}&perPage=50` });
  expect(res.statusCode).toBe(200);
  return new Map(res.json().hits.map((h: { document?: Doc } & Doc) => [String((h.document ?? h).id), (h.document ?? h).nextSlot ?? null]));
}

/** `n` approved professionals with the surname, each off today, so each one's next free slot is tomorrow 09:00. */
async function offToday(sql: Sql, surname: string, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push((await createProfessional(sql, { user: { firstName: `Ada${i}`, lastName: surname } })).id);
  await sql`INSERT INTO time_off (professional_id, start_date, end_date) SELECT id, ${lagosDate(0)}, ${lagosDate(0)} FROM unnest(${ids}::int[]) AS id`;
  return ids;
}

describe('index jobs written in batches', () => {
  it('a burst of bookings for many providers all reach the search, in batches, through the relay, queue and worker', async () => {
    const n = 40;
    const ids = await offToday(ctx.sql, 'Burstprobe', n);
    const patients = await Promise.all(
      [0, 1, 2, 3].map(async () => {
        const p = await createUser(ctx.sql, {});
        return login(ctx.app, p.email, p.password);
      }),
    );
    const tomorrow = lagosDate(1);
    // The bookings commit before the workers start: a backlog of 40 index events (as a burst leaves one).
    const answers = await Promise.all(
      ids.map((id, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/appointments',
          headers: { cookie: patients[i % patients.length]! },
          payload: {
            appointmentType: 'consultation',
            patientName: 'Bisi Adewale',
            patientEmail: 'bisi@example.ng',
            patientPhone: '0803 000 0000',
            appointmentDate: `${tomorrow}T09:00:00+01:00`,
            professionalId: id,
          },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(ids.map(() => 201));

    await ctx.startWorkers();
    // Every card shows the slot after the one booked.
    const expected = new Map(ids.map((id) => [String(id), epoch(tomorrow, '09:30')]));
    await eventually(async () => {
      const shown = await cards('Burstprobe');
      return [...expected].every(([id, slot]) => shown.get(id) === slot);
    }, 15000).catch(async (e) => {
      throw new Error(`cards: ${JSON.stringify([...(await cards('Burstprobe'))])}; ${e}`);
    });

    // One job per event, each completed; some wrote several profiles in one batch.
    const completed = async () => (await ctx.queues.index.getJobs(['completed'], 0, -1)).filter((j) => ids.includes(Number(j.data.id)));
    const jobs = await eventually(async () => {
      const done = await completed();
      return done.length === n ? done : null;
    });
    expect(jobs).toHaveLength(n);
    expect(jobs!.every((j) => j.returnvalue?.action === 'upsert')).toBe(true);
    expect(Math.max(...jobs!.map((j) => j.returnvalue.batch as number))).toBeGreaterThan(1);
  });

  it('jobs coalesced for one profile index the state of the latest one', async () => {
    const [first, second] = await offToday(ctx.sql, 'Coalescent', 2);
    const worker: WorkerContext = { sql: ctx.sql, config: ctx.config, queues: ctx.queues, log: () => {} };
    // One lane, so the second profile's jobs wait while the first one's batch is held.
    const batcher = new IndexBatcher(worker, 30, 1);

    // Another writer of the first profile holds its lock (as a roll-over batch would).
    let release!: () => void;
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const holder = ctx.sql.begin(async (tx) => {
      await tx`SELECT pg_advisory_xact_lock(727310, ${first!})`;
      locked();
      await new Promise<void>((r) => (release = r));
    });
    await isLocked;
    const held = batcher.sync('professionals', first!, false);

    // The second profile: one event, then its city changes and a second event comes while the first is waiting.
    const older = batcher.sync('professionals', second!, false);
    await ctx.sql`UPDATE professionals SET city = 'Ibadan', state = 'Oyo' WHERE id = ${second!}`;
    const newer = batcher.sync('professionals', second!, false);
    release();
    await holder;

    expect(await held).toMatchObject({ action: 'upsert', batch: 1 });
    // Both jobs answered by one write of the profile, which read the later state.
    expect(await older).toEqual(await newer);
    expect(await older).toMatchObject({ action: 'upsert', batch: 1 });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/professionals/search?query=Coalescent' });
    const card = res.json().hits.map((h: { document?: Doc } & Doc) => h.document ?? h).find((d: Doc) => String(d.id) === String(second));
    expect(card, JSON.stringify(res.json())).toMatchObject({ city: 'Ibadan', state: 'Oyo' });
  });
});
