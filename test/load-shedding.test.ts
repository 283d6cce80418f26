import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '@ilera/db';
import { processEnvironment, startApp, stopApp, waitUntil, type AppProcess, type ProcessEnvironment } from './processes';
import { createUser } from './factories';

/**
 * Load shedding (issue 13): an API process (`npm run start:api`) holding more requests than its
 * limit answers new ones 503 at once, with Retry-After and a message, and /healthz says
 * "degraded"; once the held requests are answered it serves normally again. The requests are
 * held for real: the test locks the table every search reads first, so they wait in PostgreSQL
 * exactly as they do when the database cannot keep up.
 */
const MAX_IN_FLIGHT = 3;
const HELD = 6;

let sql: Sql;
let setting: ProcessEnvironment;
let base: string;
let api: AppProcess | undefined;

beforeAll(async () => {
  // A pool with room for every held request and /healthz's own statement: the requests are held in
  // PostgreSQL, and /healthz must still reach it (the default pool on 2 cores is 5 connections).
  setting = await processEnvironment('load-shedding', { LOAD_SHED_MAX_IN_FLIGHT: String(MAX_IN_FLIGHT), DATABASE_POOL_MAX: String(HELD + 4) });
  ({ sql, base } = setting);
  // A user exists, so start.ts does not seed the demo directory (the held requests need no rows).
  await createUser(sql, { userType: 'admin' });
  api = await startApp('--api', setting.env);
  await waitUntil(async () => (await fetch(`${base}/healthz`)).ok, api, 'API process', 60000);
});
afterAll(async () => {
  if (api) await stopApp(api);
  await setting?.close();
});

const search = (q: string) => fetch(`${base}/api/professionals/search?query=${encodeURIComponent(q)}`);

describe('an API process past its in-flight limit', () => {
  it('answers 503 with Retry-After and a message, says degraded on /healthz, and answers normally once the queue drains', async () => {
    expect((await search('before')).status).toBe(200);

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const lock = sql.begin(async (tx) => {
      await tx`LOCK TABLE search_generation IN ACCESS EXCLUSIVE MODE`;
      locked();
      await released;
    });
    await lockTaken;
    const held = Array.from({ length: HELD }, (_, i) => search(`held ${i}`));

    // The process samples its queue every 100 ms; /healthz is never refused (nor held: it reads no search table).
    await waitUntil(async () => (await fetch(`${base}/healthz`)).status === 503, api!, '/healthz degraded while requests are held', 30000);
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(503);
    const body = (await health.json()) as { status: string; checks: { load: { status: string; reason: string }; database: { status: string } } };
    expect(body.status).toBe('degraded');
    expect(body.checks.load).toEqual({ status: 'down', reason: 'overloaded: shedding requests' });
    expect(body.checks.database).toEqual({ status: 'ok' });

    const refused = await search('while busy');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('content-type')).toMatch(/application\/json/);
    expect(await refused.json()).toEqual({ message: 'The service is busy. Please try again in a few seconds.' });
    // The FHIR directory refuses in its own shape (issue 37): 503, Retry-After, a transient OperationOutcome.
    const fhirRefused = await fetch(`${base}/fhir/R4/Practitioner?address-state=Lagos`);
    expect(fhirRefused.status).toBe(503);
    expect(Number(fhirRefused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(fhirRefused.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
    expect(await fhirRefused.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'transient' }] });

    release();
    await lock;
    // Those let in were held, not dropped: each is answered (any sent after the count passed the limit was refused).
    const statuses = (await Promise.all(held)).map((r) => r.status);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(MAX_IN_FLIGHT);

    await waitUntil(async () => (await fetch(`${base}/healthz`)).status === 200, api!, 'healthz ok again', 20000);
    const after = await search('after');
    expect(after.status).toBe(200);
    expect(after.headers.get('retry-after')).toBeNull();
    expect(await after.json()).toMatchObject({ found: expect.any(Number), hits: expect.any(Array) });
  }, 120_000);

  it('counts FHIR directory requests held in PostgreSQL as in flight too', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    // A specialty search's total reads fhir_counts first (migration 043).
    const lock = sql.begin(async (tx) => {
      await tx`LOCK TABLE fhir_counts IN ACCESS EXCLUSIVE MODE`;
      locked();
      await released;
    });
    await lockTaken;
    const held = Array.from({ length: HELD }, (_, i) => fetch(`${base}/fhir/R4/Practitioner?specialty=Cardiology&_count=${i + 1}`));
    await waitUntil(async () => (await fetch(`${base}/healthz`)).status === 503, api!, '/healthz degraded while FHIR requests are held', 30000);
    expect((await search('while FHIR requests wait')).status).toBe(503);
    release();
    await lock;
    const statuses = (await Promise.all(held)).map((r) => r.status);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    await waitUntil(async () => (await fetch(`${base}/healthz`)).status === 200, api!, 'healthz ok again', 20000);
  }, 120_000);
});
