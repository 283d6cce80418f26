import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emit, type Sql } from '@ilera/db';
import { workerConcurrency } from '@ilera/workers';
import { redisAnswers } from '@ilera/workers/redis-runtime';
import { createTestContext, eventually, freePort, type TestContext } from './support';
import { cookieFrom, createUser } from './factories';
import { readMails } from './mail';
import { killApp, logLines, startApp, stopApp, waitUntil, type AppProcess } from './processes';

/**
 * The workers process (`npm run start:workers`) killed with SIGKILL while it works
 * through a backlog of approvals: the relay has claimed a batch and the index worker
 * is part-way through it. A second process started afterwards must bring every
 * approval to the search index and send every owner their mail, each once.
 * The approvals go through the real admin API (in this test's process).
 */
const N = 300;

let ctx: TestContext;
const procs: AppProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

const workersEnv = (c: TestContext) => ({
  DATABASE_URL: c.dbUrl,
  DATA_DIR: c.config.dataDir,
  REDIS_URL: c.config.redisUrl,
  REDIS_PREFIX: c.config.redisPrefix,
  SESSION_SECRET: c.config.sessionSecret!,
  TYPESENSE_URL: '',
  MAIL_TO_FILES: '1',
  PORT: '0',
});
const indexedBy = (p: AppProcess) => logLines<{ collection: string; id: number }>(p, 'search index updated').map((l) => l.id);

/** N pending professionals (no passwords: their owners never sign in here). */
async function pendingProfessionals(sql: Sql, n: number): Promise<{ id: number; email: string }[]> {
  return sql<{ id: number; email: string }[]>`
    WITH u AS (
      INSERT INTO users (email, first_name, last_name, user_type)
      SELECT 'crash-owner-' || g || '@example.ng', 'Crashprobe', 'Owner' || g, 'professional' FROM generate_series(1, ${n}) g
      RETURNING id, email)
    INSERT INTO professionals (user_id, professional_type, title, specialty, license_number, years_of_experience,
      education, bio, phone, address, city, state, countries, country_licenses, status, is_verified)
    SELECT u.id, 'doctor', 'Dr.', 'Cardiology', 'MDCN/12345', 10, 'MBBS, University of Lagos (2008)',
      'Consultant cardiologist in Lagos.', '0803 123 4567', '12 Awolowo Road', 'Lagos', 'Lagos',
      ARRAY['Nigeria'], '[{"country":"Nigeria","licenseNumber":"LIC-Nigeria"}]'::jsonb, 'pending', true
    FROM u
    RETURNING id, (SELECT email FROM users WHERE users.id = professionals.user_id) AS email`;
}

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  for (const p of procs) await stopApp(p);
  await ctx?.close();
  for (const c of cleanups) await c();
});

describe('workers process killed with SIGKILL in the middle of a batch', () => {
  it(`applies each of ${N} approvals once: search index complete, one mail per owner`, async () => {
    const admin = await createUser(ctx.sql, { userType: 'admin', firstName: 'Ngozi', lastName: 'Admin' });
    const signIn = await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: admin.email, password: admin.password } });
    expect(signIn.statusCode).toBe(200);
    const cookie = cookieFrom(signIn.headers['set-cookie']);
    const pros = await pendingProfessionals(ctx.sql, N);
    // The approvals commit before the workers start: a backlog of 2N events (index + owner mail).
    for (let i = 0; i < N; i += 10) {
      const answers = await Promise.all(
        pros.slice(i, i + 10).map((p) =>
          ctx.app.inject({ method: 'POST', url: `/api/admin/approve-professional/${p.id}`, headers: { cookie }, payload: {} }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    }
    const ids = pros.map((p) => p.id);

    const env = workersEnv(ctx);
    const first = await startApp('--workers', env);
    procs.push(first);
    await waitUntil(() => indexedBy(first).length >= 30, first, 'first workers process indexing', 90000);
    await killApp(first);

    const [{ processed }] = await ctx.sql`
      SELECT count(*) FILTER (WHERE processed_at IS NOT NULL)::int AS processed FROM outbox`;
    const atKill = {
      indexed: new Set(indexedBy(first)).size,
      outboxProcessed: processed as number,
      index: await ctx.queues.index.getJobCounts('waiting', 'active', 'completed'),
      mail: await ctx.queues.mail.getJobCounts('waiting', 'active', 'completed'),
    };
    // Killed in the middle: some work done, most still ahead.
    expect(atKill.indexed).toBeGreaterThan(0);
    expect(atKill.indexed).toBeLessThan(N);

    const restartedAt = Date.now();
    const second = await startApp('--workers', env);
    procs.push(second);
    const docs = async () =>
      (await ctx.sql`SELECT count(*)::int AS n FROM search_documents WHERE collection = 'professionals' AND id = ANY(${ids.map(String)}::text[])`)[0].n as number;
    await waitUntil(
      async () => {
        const [{ left }] = await ctx.sql`SELECT count(*)::int AS left FROM outbox WHERE processed_at IS NULL`;
        const mail = await ctx.queues.mail.getJobCounts('completed');
        return left === 0 && (await docs()) === N && mail.completed === N;
      },
      second,
      'second workers process finishing the backlog',
      120000,
    );
    const recoverySeconds = (Date.now() - restartedAt) / 1000;

    // The search answers every approved profile, each once.
    const search = await ctx.app.inject({ method: 'GET', url: `/api/professionals/search?query=Crashprobe&perPage=1` });
    expect(search.json().found).toBe(N);
    const perId = await ctx.sql`
      SELECT id, count(*)::int AS n FROM search_documents WHERE collection = 'professionals' AND id = ANY(${ids.map(String)}::text[]) GROUP BY id`;
    expect(perId.filter((r) => r.n !== 1)).toEqual([]);
    // Each approval's index job ran; only the jobs in flight at the kill (the index worker's concurrency: its
    // batches answer many jobs at once, so a kill can land after a batch wrote and before BullMQ heard) may have run twice.
    const firstIds = new Set(indexedBy(first));
    const again = indexedBy(second).filter((id) => firstIds.has(id));
    expect(new Set([...firstIds, ...indexedBy(second)]).size).toBe(N);
    expect(again.length).toBeLessThanOrEqual(workerConcurrency.index);
    // Nothing failed or was set aside; BullMQ's failed sets are empty.
    const [{ setAside }] = await ctx.sql`SELECT count(*)::int AS "setAside" FROM outbox WHERE failed_at IS NOT NULL OR abandoned_at IS NOT NULL`;
    expect(setAside).toBe(0);
    expect((await ctx.queues.index.getJobCounts('failed')).failed).toBe(0);
    expect((await ctx.queues.mail.getJobCounts('failed')).failed).toBe(0);
    // One approval mail per owner, none twice.
    const mails = (await readMails(ctx.config.dataDir, ctx.queues.mail)).filter((m) => m.to.startsWith('crash-owner-'));
    const perOwner = new Map<string, number>();
    for (const m of mails) perOwner.set(m.to, (perOwner.get(m.to) ?? 0) + 1);
    expect(perOwner.size).toBe(N);
    expect([...perOwner.values()].every((n) => n === 1)).toBe(true);

    // Figures for docs/RELIABILITY.md.
    console.log(JSON.stringify({ crash: 'workers', events: 2 * N, atKill, reappliedIndexJobs: again.length, recoverySeconds }));
    await stopApp(second);
  }, 300000);

  it('the relay killed after handing a batch to Redis and before marking it: each event applied once', async () => {
    // A private Redis this test may pause (never the shared one).
    const port = await freePort();
    const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    cleanups.push(async () => {
      redis.kill('SIGCONT');
      redis.kill('SIGTERM');
    });
    const redisUrl = `redis://127.0.0.1:${port}`;
    await eventually(() => redisAnswers(redisUrl), 10000);
    const c = await createTestContext({ config: { redisUrl } });
    cleanups.unshift(() => c.close());
    const env = workersEnv(c);
    const pros = await pendingProfessionals(c.sql, 41);
    const approve = (ids: number[]) =>
      c.sql.begin(async (tx) => {
        await tx`UPDATE professionals SET status = 'approved' WHERE id = ANY(${ids})`;
        for (const id of ids) await emit(tx, 'search.professional', { id });
      });

    const first = await startApp('--workers', env);
    procs.push(first);
    // One approval goes all the way first, so the process has loaded BullMQ's scripts into Redis.
    await approve([pros[0]!.id]);
    await waitUntil(() => indexedBy(first).length === 1, first, 'warm-up approval', 60000);

    // Redis stops answering; the relay claims the next batch and sends it to Redis, where it
    // waits unread. The process dies with the rows claimed and not marked.
    redis.kill('SIGSTOP');
    const batch = pros.slice(1).map((p) => p.id);
    await approve(batch);
    const claimed = async () =>
      (await c.sql`SELECT count(*)::int AS n FROM outbox WHERE locked_until IS NOT NULL AND processed_at IS NULL`)[0].n as number;
    await waitUntil(async () => (await claimed()) === batch.length, first, 'relay claiming the batch', 20000);
    // The claim has returned; give the relay time to write its addBulk to the socket (not waiting for an answer).
    await new Promise((r) => setTimeout(r, 1000));
    await killApp(first);
    redis.kill('SIGCONT');
    // Redis reads what the dead process had sent (in its own time: our query may be served
    // first): the jobs exist, their rows are not marked.
    const waiting = async () => (await c.queues.index.getJobCounts('waiting')).waiting;
    await eventually(async () => (await waiting()) === batch.length, 5000).catch(() => {});
    const addedBeforeKill = await waiting();
    expect(addedBeforeKill, first.output().slice(-3000)).toBe(batch.length);
    expect(await claimed()).toBe(batch.length);
    // The dead relay's lease runs out (30 s after its claim, decision 002): ended here rather than waited for.
    await c.sql`UPDATE outbox SET locked_until = now() - interval '1 second' WHERE locked_until IS NOT NULL AND processed_at IS NULL`;

    const restartedAt = Date.now();
    const second = await startApp('--workers', env);
    procs.push(second);
    await waitUntil(
      async () => (await c.sql`SELECT count(*)::int AS n FROM outbox WHERE processed_at IS NULL`)[0].n === 0 && indexedBy(second).length >= batch.length,
      second,
      'second workers process relaying the batch again',
      90000,
    );
    const recoverySeconds = (Date.now() - restartedAt) / 1000;
    // The second relay re-added the same job ids (ob-<outbox id>); BullMQ kept one of each.
    await new Promise((r) => setTimeout(r, 500));
    expect(indexedBy(second).sort((a, b) => a - b)).toEqual(batch);
    expect((await c.queues.index.getJobCounts('completed')).completed).toBe(pros.length);
    const [{ n }] = await c.sql`SELECT count(*)::int AS n FROM search_documents WHERE collection = 'professionals' AND id = ANY(${pros.map((p) => String(p.id))}::text[])`;
    expect(n).toBe(pros.length);
    console.log(JSON.stringify({ crash: 'relay', events: batch.length, addedBeforeKill, recoverySeconds }));
    await stopApp(second);
  }, 180000);
});
