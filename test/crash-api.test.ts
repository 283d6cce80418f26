import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosTimestamp, lagosToday, timeSlots } from '@ilera/contracts';
import type { Sql } from '@ilera/db';
import { cookieFrom, createProfessional, createUser, type TestUser } from './factories';
import { killApp, processEnvironment, startApp, stopApp, waitUntil, type AppProcess, type ProcessEnvironment } from './processes';

/**
 * The API process (`npm run start:api`) killed with SIGKILL while patients book:
 * every booking it acknowledged with 201 must be in the database with its event,
 * none twice; a client that retries after the restart books what was lost and
 * meets 409 for what had in fact been saved.
 */
const PATIENTS = 10;
const PER_PATIENT = 10;
const IN_FLIGHT = 10;
const KILL_AFTER = 25;
const APP_URL = 'https://ilera.example.ng';

let sql: Sql;
let env: Record<string, string>;
let base: string;
let setting: ProcessEnvironment;
const procs: AppProcess[] = [];

beforeAll(async () => {
  setting = await processEnvironment('crash-api', { APP_URL });
  ({ sql, env, base } = setting);
});
afterAll(async () => {
  for (const p of procs) await stopApp(p);
  await setting?.close();
});

type Outcome = { status: number; id?: number } | { error: string };

async function book(cookie: string, body: object): Promise<Outcome> {
  try {
    const res = await fetch(`${base}/api/appointments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: APP_URL, cookie },
      body: JSON.stringify(body),
    });
    const json = (await res.json().catch(() => ({}))) as { id?: number };
    return { status: res.status, id: json.id };
  } catch (err) {
    return { error: (err as Error & { cause?: { code?: string } }).cause?.code ?? (err as Error).message };
  }
}

async function startApi(): Promise<AppProcess> {
  const api = await startApp('--api', env);
  procs.push(api);
  await waitUntil(async () => (await fetch(`${base}/healthz`)).ok, api, 'API process', 60000);
  return api;
}

describe('API process killed with SIGKILL in the middle of bookings', () => {
  it('keeps every acknowledged booking, doubles none, and a retrying client ends with each slot booked once', async () => {
    const patients: TestUser[] = await Promise.all(
      Array.from({ length: PATIENTS }, (_, i) => createUser(sql, { firstName: 'Crash', lastName: `Patient${i}` })),
    );
    const pros = await Promise.all(Array.from({ length: 5 }, () => createProfessional(sql)));
    const first = await startApi();
    const cookies = await Promise.all(
      patients.map(async (p) => {
        const res = await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: APP_URL },
          body: JSON.stringify({ email: p.email, password: p.password }),
        });
        expect(res.status).toBe(200);
        return cookieFrom(res.headers.getSetCookie());
      }),
    );
    // Each request its own slot (provider, day, time): a 409 can only mean "already booked by this same request".
    const requests = Array.from({ length: PATIENTS * PER_PATIENT }, (_, b) => {
      const slot = Math.floor(b / pros.length);
      const day = lagosToday(new Date(Date.now() + (2 + Math.floor(slot / timeSlots.length)) * 86400_000));
      const patient = b % PATIENTS;
      return {
        patient,
        body: {
          appointmentType: 'consultation',
          patientName: `Crash Patient${patient}`,
          patientEmail: patients[patient]!.email,
          patientPhone: '0803 123 4567',
          appointmentDate: lagosTimestamp(day, timeSlots[slot % timeSlots.length]!),
          professionalId: pros[b % pros.length]!.id,
          institutionId: null,
        },
      };
    });

    // IN_FLIGHT clients book concurrently; the process is killed once KILL_AFTER bookings were acknowledged.
    const outcomes: Outcome[] = new Array(requests.length);
    let next = 0;
    let acked = 0;
    let killed: Promise<void> | null = null;
    let inFlightAtKill = 0;
    let inFlight = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < requests.length) {
          const i = next++;
          inFlight++;
          outcomes[i] = await book(cookies[requests[i]!.patient]!, requests[i]!.body);
          inFlight--;
          if ('status' in outcomes[i]! && outcomes[i]!.status === 201 && ++acked === KILL_AFTER) {
            inFlightAtKill = inFlight;
            killed = killApp(first);
          }
        }
      }),
    );
    await killed;
    const acknowledged = outcomes.flatMap((o, i) => ('status' in o && o.status === 201 ? [{ i, id: o.id! }] : []));
    const unanswered = outcomes.flatMap((o, i) => ('error' in o ? [i] : []));
    // Before the kill only 201s; after it, no answer at all.
    expect(outcomes.filter((o) => 'status' in o && o.status !== 201)).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(unanswered.length).toBeGreaterThan(0);

    // Every acknowledged booking is in the database as it was asked, with its one event.
    const rows = await sql<{ id: number; patientId: string; professionalId: number; appointmentDate: Date; events: number }[]>`
      SELECT a.id, a.patient_id, a.professional_id, a.appointment_date,
        (SELECT count(*)::int FROM outbox o WHERE o.topic = 'appointment.booked' AND (o.payload->>'appointmentId')::int = a.id) AS events
      FROM appointments a ORDER BY a.id`;
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const { i, id } of acknowledged) {
      const row = byId.get(id);
      expect(row, `booking ${id}`).toBeDefined();
      expect(row!.patientId).toBe(patients[requests[i]!.patient]!.id);
      expect(row!.professionalId).toBe(requests[i]!.body.professionalId);
      expect(row!.appointmentDate.getTime()).toBe(new Date(requests[i]!.body.appointmentDate).getTime());
    }
    expect(rows.filter((r) => r.events !== 1)).toEqual([]);
    const committedUnanswered = rows.length - acknowledged.length;

    // Restart; the clients retry what got no answer.
    const restartedAt = Date.now();
    await startApi();
    const recoverySeconds = (Date.now() - restartedAt) / 1000;
    // A retrying client tries a 503 again after a pause: a process just started may shed load for a
    // moment (decision 021; seen once in CI, 9 of 9 retries), and a shed request writes nothing.
    const retry = async (i: number): Promise<Outcome> => {
      for (let attempt = 0; ; attempt++) {
        const outcome = await book(cookies[requests[i]!.patient]!, requests[i]!.body);
        if (!('status' in outcome) || outcome.status !== 503 || attempt === 3) return outcome;
        await new Promise((r) => setTimeout(r, 1000));
      }
    };
    const retries = await Promise.all(unanswered.map(async (i) => ({ i, outcome: await retry(i) })));
    const retryCodes = retries.map((r) => ('status' in r.outcome ? r.outcome.status : r.outcome.error));
    expect(retryCodes.filter((c) => c !== 201 && c !== 409)).toEqual([]);
    // A 409 on retry is exactly a booking saved before the kill whose answer was lost.
    expect(retryCodes.filter((c) => c === 409)).toHaveLength(committedUnanswered);

    // Every slot booked exactly once, each with one event.
    const final = await sql`
      SELECT a.professional_id, a.appointment_date, count(*)::int AS n,
        sum((SELECT count(*) FROM outbox o WHERE o.topic = 'appointment.booked' AND (o.payload->>'appointmentId')::int = a.id))::int AS events
      FROM appointments a GROUP BY 1, 2`;
    expect(final).toHaveLength(requests.length);
    expect(final.filter((r) => r.n !== 1 || r.events !== 1)).toEqual([]);

    console.log(
      JSON.stringify({
        crash: 'api',
        bookings: requests.length,
        acknowledgedBeforeKill: acknowledged.length,
        inFlightAtKill,
        unanswered: unanswered.length,
        committedButUnanswered: committedUnanswered,
        recoverySeconds,
      }),
    );
  }, 180000);
});
