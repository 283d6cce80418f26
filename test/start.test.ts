import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import postgres from 'postgres';
import { compiledServer } from './server-build';
import { createTestDatabase, freePort } from './support';

/**
 * `npm start`'s process (scripts/start.ts, compiled as `npm start` runs it: test/server-build.ts) as a user runs it: no DATABASE_URL
 * means the embedded PostgreSQL under DATA_DIR, seeded with the demo data on
 * first start; data survives a restart; SIGTERM shuts down cleanly.
 */
const root = path.resolve(__dirname, '..');

async function start(env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string }> {
  let out = '';
  const child = spawn(process.execPath, await compiledServer(), {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return { child, output: () => out };
}

/** Until the API answers and the workers (started after it) are running: a stop then finds a whole app. */
async function waitHealthy(port: number, proc: { output: () => string }, ms = 90000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok && proc.output().includes('workers running')) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy:\n${proc.output()}`);
}

async function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.on('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

describe('npm start', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('runs on an embedded PostgreSQL under DATA_DIR with demo data, and keeps data across a restart', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ilera-start-'));
    dirs.push(dataDir);
    const port = await freePort();
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      REDIS_URL: inject('redisUrl'),
      REDIS_PREFIX: `ilera-start-${inject('runId')}`,
    };
    const first = await start(env);
    await waitHealthy(port, first);
    const counts = await (await fetch(`http://127.0.0.1:${port}/api/directory/counts`)).json();
    expect(counts.doctor + counts.pharmacist + counts.nurse).toBeGreaterThanOrEqual(300);

    // Write something through the embedded server, found through its port file.
    const pgPort = (await import('node:fs')).readFileSync(path.join(dataDir, 'postgres', 'port'), 'utf8').trim();
    const sql = postgres(`postgres://postgres:ilera-embedded@127.0.0.1:${pgPort}/ilera`, { max: 1, onnotice: () => {} });
    await sql`INSERT INTO specialties (name) VALUES ('Written before restart')`;
    await sql.end();

    // A graceful stop: jobs finish, then the embedded server stops (scripts/start.ts), exit 0.
    expect(await stop(first.child)).toBe(0);

    const second = await start(env);
    await waitHealthy(port, second);
    const pgPort2 = (await import('node:fs')).readFileSync(path.join(dataDir, 'postgres', 'port'), 'utf8').trim();
    const sql2 = postgres(`postgres://postgres:ilera-embedded@127.0.0.1:${pgPort2}/ilera`, { max: 1, onnotice: () => {} });
    const rows = await sql2`SELECT name FROM specialties WHERE name = 'Written before restart'`;
    const [{ n }] = await sql2`SELECT count(*)::int AS n FROM users WHERE email = 'admin@ilera.ng'`;
    await sql2.end();
    expect(rows).toHaveLength(1);
    expect(n).toBe(1); // seeded once, not again
    expect(await stop(second.child)).toBe(0);
  }, 180000);

  it('serves the same app on DATABASE_URL', async () => {
    const db = await createTestDatabase();
    await db.sql.end();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ilera-start-url-'));
    dirs.push(dataDir);
    const port = await freePort();
    const proc = await start({
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      PORT: String(port),
      REDIS_URL: inject('redisUrl'),
      REDIS_PREFIX: `ilera-start-url-${inject('runId')}`,
    });
    await waitHealthy(port, proc);
    const counts = await (await fetch(`http://127.0.0.1:${port}/api/directory/counts`)).json();
    expect(counts.doctor).toBeGreaterThan(0);
    expect(await stop(proc.child)).toBe(0);
  }, 180000);
});
