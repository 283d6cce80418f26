import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createRedis } from '@ilera/workers';
import { lagosTimestamp, lagosToday } from '@ilera/contracts';
import type { Sql } from '@ilera/db';
import { createTestDatabase, eventually, freePort } from './support';
import { cookieFrom, createProfessional, createUser, type TestUser } from './factories';
import { startApp as start, stopApp as stop, waitUntil as waitFor, type AppProcess as Proc } from './processes';

/**
 * Several instances (issue 8): two API processes and one workers process, as
 * deployed behind a load balancer, share one PostgreSQL and one Redis (one
 * REDIS_PREFIX) and nothing else. Each is the real `scripts/start.ts` in its
 * own process, so nothing in one process's memory can help the other.
 */
const SECRET = 'multi-instance-session-secret-0123456789';
const APP_URL = 'https://ilera.example.ng';

let sql: Sql;
let dataDir: string;
let redisPrefix: string;
let a: string; // base URL of API process A
let b: string; // base URL of API process B
const procs: Proc[] = [];
let workers: Proc;
let admin: TestUser;
let patients: TestUser[];
let pro: { id: number };

/** A JSON call with the browser's Origin (the load balancer's public address). */
async function call(base: string, method: string, url: string, body?: unknown, cookie?: string) {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json', origin: APP_URL } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, json, cookie: cookieFrom(res.headers.getSetCookie()) };
}

async function signIn(base: string, user: TestUser): Promise<string> {
  const res = await call(base, 'POST', '/api/auth/login', { email: user.email, password: user.password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.json)}`);
  return res.cookie;
}

beforeAll(async () => {
  const db = await createTestDatabase();
  sql = db.sql;
  // Users exist, so start.ts does not seed the demo directory.
  [admin, ...patients] = await Promise.all([
    createUser(sql, { userType: 'admin', firstName: 'Ngozi', lastName: 'Admin' }),
    ...Array.from({ length: 5 }, (_, i) => createUser(sql, { firstName: 'Patient', lastName: `No${i}` })),
  ]);
  pro = await createProfessional(sql, { specialty: 'Cardiology' });

  dataDir = await mkdtemp(path.join(os.tmpdir(), 'ilera-multi-'));
  redisPrefix = `ilera-multi-${inject('runId')}-${process.pid}`;
  const [portA, portB] = [await freePort(), await freePort()];
  const env = {
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    REDIS_URL: inject('redisUrl'),
    REDIS_PREFIX: redisPrefix,
    SESSION_SECRET: SECRET,
    APP_URL,
    LOG_LEVEL: 'warn',
    TYPESENSE_URL: '',
  };
  const apiA = await start('--api', { ...env, PORT: String(portA) });
  const apiB = await start('--api', { ...env, PORT: String(portB) });
  // The workers log each index update at info (pino honours LOG_LEVEL): the last test reads those lines.
  workers = await start('--workers', { ...env, PORT: '0', LOG_LEVEL: 'info' });
  procs.push(apiA, apiB, workers);
  a = `http://127.0.0.1:${portA}`;
  b = `http://127.0.0.1:${portB}`;
  await Promise.all([
    waitFor(async () => (await fetch(`${a}/healthz`)).ok, apiA, 'API A'),
    waitFor(async () => (await fetch(`${b}/healthz`)).ok, apiB, 'API B'),
    waitFor(() => workers.output().includes('workers running'), workers, 'workers'),
  ]);
}, 60000);

afterAll(async () => {
  await Promise.all(procs.map(stop));
  const redis = createRedis(inject('redisUrl'));
  const keys = await redis.keys(`${redisPrefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  await sql?.end({ timeout: 2 });
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('two API processes and one workers process on one PostgreSQL and one Redis', () => {
  it('a session made on one API process is valid on the other', async () => {
    const cookie = await signIn(a, patients[0]);
    const onB = await call(b, 'GET', '/api/auth/user', undefined, cookie);
    expect(onB.status).toBe(200);
    expect(onB.json).toMatchObject({ id: patients[0].id, email: patients[0].email });
    // And without the cookie, neither knows the visitor.
    expect((await call(a, 'GET', '/api/auth/user')).status).toBe(401);
  });

  it('the sign-in rate limit counts attempts made on both processes', async () => {
    const email = `nobody-${Date.now()}@example.ng`;
    // Ten failed tries (the per-e-mail limit), five on each process.
    for (let i = 0; i < 10; i++) {
      const res = await call(i % 2 ? b : a, 'POST', '/api/auth/login', { email, password: 'wrong-password-1' });
      expect(res.status).toBe(401);
    }
    // Each process saw only five, yet both refuse the eleventh.
    for (const base of [a, b]) {
      const res = await call(base, 'POST', '/api/auth/login', { email, password: 'wrong-password-1' });
      expect(res.status).toBe(429);
      expect(res.json.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    }
  });

  it('of 10 simultaneous bookings of one slot through both processes, exactly one succeeds', async () => {
    const cookies = await Promise.all(patients.map((p, i) => signIn(i % 2 ? b : a, p)));
    const date = new Date(Date.now() + 3 * 86400000);
    const appointmentDate = lagosTimestamp(lagosToday(date), '10:30');
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(i % 2 ? b : a, 'POST', '/api/appointments', {
          appointmentType: 'consultation',
          patientName: 'Patient',
          patientEmail: patients[i % patients.length].email,
          patientPhone: '0803 123 4567',
          appointmentDate,
          professionalId: pro.id,
          institutionId: null,
        }, cookies[i % cookies.length]),
      ),
    );
    const codes = results.map((r) => r.status);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    const [{ n }] = await sql`
      SELECT count(*)::int AS n FROM appointments WHERE professional_id = ${pro.id} AND appointment_date = ${appointmentDate}`;
    expect(n).toBe(1);
  });

  it('approvals made on both processes are each indexed exactly once', async () => {
    const names = ['Abiodun', 'Babatunde', 'Chukwuemeka', 'Damilola', 'Ebunoluwa', 'Folasade'];
    const pending = await Promise.all(
      names.map((lastName) =>
        createProfessional(sql, { status: 'pending', user: { firstName: 'Scaleprobe', lastName } }),
      ),
    );
    const adminA = (await call(a, 'POST', '/api/admin/login', { email: admin.email, password: admin.password })).cookie;
    const adminB = (await call(b, 'POST', '/api/admin/login', { email: admin.email, password: admin.password })).cookie;
    const approvals = await Promise.all(
      pending.map((p, i) => call(i % 2 ? b : a, 'POST', `/api/admin/approve-professional/${p.id}`, {}, i % 2 ? adminB : adminA)),
    );
    expect(approvals.map((r) => r.status)).toEqual(pending.map(() => 200));

    const ids = pending.map((p) => String(p.id)).sort();
    // Searchable through either process once the workers process has indexed them.
    for (const base of [a, b]) {
      const found = await eventually(async () => {
        const res = await call(base, 'GET', '/api/professionals/search?query=Scaleprobe&perPage=50');
        return res.status === 200 && res.json.found === ids.length ? res.json : null;
      }, 15000, 100);
      expect(found.hits.map((h: { id: string }) => String(h.id)).sort()).toEqual(ids);
    }
    // Each approval's event was handled once by the index worker.
    const indexed = workers
      .output()
      .split('\n')
      .filter((l) => l.includes('"search index updated"'))
      .map((l) => JSON.parse(l) as { collection: string; id: number })
      .filter((l) => l.collection === 'professionals' && ids.includes(String(l.id)));
    expect(indexed.map((l) => String(l.id)).sort()).toEqual(ids);
    const [{ left }] = await sql`
      SELECT count(*)::int AS left FROM outbox WHERE topic = 'search.professional' AND processed_at IS NULL`;
    expect(left).toBe(0);
  });
});
