import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createSql, loadConfig, withDatabase, type Sql } from '@ilera/db';
import { seedDemo } from '@ilera/db/seed/demo';
import { reindexAll } from '@ilera/search';
import { buildApp } from '@ilera/api/app';
import { createRedis } from '@ilera/workers';
import { compiledServer } from './server-build';
import { createTestDatabase } from './support';

/**
 * Issue 38, backups proven by restoring them: `npm run backup` of a seeded database (bookings and
 * reviews included), `npm run restore` into a new empty one, and the copy holds the same rows and
 * answers searches as the original does; a restore refuses a non-empty database and a damaged dump.
 * The commands run as an operator runs them (scripts/*.ts in a child process, DATABASE_URL set).
 */
const root = path.resolve(__dirname, '..');
let dir: string;
let source: { url: string; sql: Sql; name: string };
const made: string[] = [];
const admin = () => postgres(inject('pgServerUrl'), { max: 1, onnotice: () => {} });

async function emptyDatabase(): Promise<{ url: string; sql: Sql }> {
  const name = `ilera_restore_${process.pid}_${made.length}_${inject('runId')}`;
  const a = admin();
  await a.unsafe(`CREATE DATABASE ${name} TEMPLATE template0`);
  await a.end();
  made.push(name);
  const url = withDatabase(inject('pgServerUrl'), name);
  return { url, sql: createSql(url, { max: 4 }) };
}

/** `script` compiled, as production runs it (`node dist/backup.js`; test/server-build.ts). */
async function command(script: 'backup' | 'restore', args: string[], databaseUrl: string) {
  const r = spawnSync(process.execPath, [...(await compiledServer(script)), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, DATA_DIR: path.join(dir, 'data'), TYPESENSE_URL: '', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const SAMPLED = ['users', 'professionals', 'institutions', 'appointments', 'reviews', 'outbox'];

/** Every kept table's rows, and a digest of whole rows of the sampled tables. */
async function contents(sql: Sql) {
  const tables = (await sql<{ name: string }[]>`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE 'search\\_%' ORDER BY 1`).map((r) => r.name);
  const counts: Record<string, number> = {};
  for (const t of tables) counts[t] = (await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM ${sql(t)}`)[0].n;
  const digests: Record<string, string> = {};
  for (const t of SAMPLED) digests[t] = (await sql<{ d: string }[]>`SELECT md5(string_agg(x::text, '|' ORDER BY x.id)) AS d FROM ${sql(t)} x`)[0].d;
  return { counts, digests };
}

async function app(sql: Sql): Promise<FastifyInstance> {
  const redis = createRedis(inject('redisUrl'));
  const a = await buildApp({
    sql,
    redis,
    config: { ...loadConfig({}), dataDir: path.join(dir, 'app'), redisUrl: inject('redisUrl'), redisPrefix: `ilera-backup-${process.pid}`, sessionSecret: 'test-session-secret-test-session-secret',
      // As in test/support.ts: a test worker's stalls are not overload.
      loadShedding: { ...loadConfig({}).loadShedding, maxEventLoopDelayMs: 0 },
    },
    logStream: false,
  });
  a.addHook('onClose', async () => redis.disconnect());
  return a;
}

const SEARCHES = ['/api/professionals/search?query=cardiology', '/api/professionals/search?state=Lagos&perPage=50', '/api/institutions/search?query=hospital', '/api/institutions/search?perPage=50'];

async function answers(sql: Sql) {
  const a = await app(sql);
  try {
    const out: unknown[] = [];
    for (const url of SEARCHES) {
      const res = await a.inject({ method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      out.push(res.json());
    }
    return out;
  } finally {
    await a.close();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ilera-backup-test-'));
  source = await createTestDatabase();
  await seedDemo(source.sql, { professionals: 40, institutions: 12, appointments: 120, reviews: 60, patients: 20 });
  await reindexAll(source.sql);
}, 180000);
afterAll(async () => {
  await source?.sql.end({ timeout: 2 });
  const a = admin();
  for (const name of made) await a.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await a.end();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('npm run backup, then npm run restore into a new database', () => {
  let restored: { url: string; sql: Sql };
  const backupDir = () => path.join(dir, 'backup');

  it('writes a custom-format dump and a manifest with time, migration level, checksum and row counts', async () => {
    const r = await command('backup', ['--to', backupDir()], source.url);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const manifest = JSON.parse(readFileSync(path.join(backupDir(), 'manifest.json'), 'utf8'));
    const [level] = await source.sql<{ last: string; count: number }[]>`SELECT max(name) AS last, count(*)::int AS count FROM schema_migrations`;
    expect(manifest.migrations).toEqual(level);
    expect(Date.now() - Date.parse(manifest.createdAt)).toBeLessThan(10 * 60 * 1000);
    expect(manifest.files[0]).toMatchObject({ name: 'ilera.dump', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // pg_dump's custom format starts with PGDMP.
    expect(readFileSync(path.join(backupDir(), 'ilera.dump')).subarray(0, 5).toString()).toBe('PGDMP');
    expect(manifest.rowCounts).toEqual((await contents(source.sql)).counts);
    expect(manifest.rowCounts.appointments).toBeGreaterThan(0);
    expect(manifest.rowCounts.reviews).toBeGreaterThan(0);
    expect(manifest.rowsNotKept).toContain('search_documents');
  });

  it('restores it into an empty database with the same rows, and search answers as on the original', async () => {
    restored = await emptyDatabase();
    const r = await command('restore', ['--from', backupDir()], restored.url);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('restore complete');
    expect(await contents(restored.sql)).toEqual(await contents(source.sql));
    // The index was rebuilt from the restored rows, not copied.
    const [docs] = await restored.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM search_documents`;
    expect(docs.n).toBeGreaterThan(0);
    const original = await answers(source.sql);
    for (const a of original) expect((a as { found: number }).found).toBeGreaterThan(0);
    expect(await answers(restored.sql)).toEqual(original);
  });

  it('refuses a database that is not empty', async () => {
    const r = await command('restore', ['--from', backupDir()], restored.url);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('the database is not empty');
  });

  it("refuses a dump that does not match the manifest's checksum, and leaves the database empty", async () => {
    const damaged = path.join(dir, 'damaged');
    cpSync(backupDir(), damaged, { recursive: true });
    const dump = path.join(damaged, 'ilera.dump');
    const bytes = readFileSync(dump);
    bytes[bytes.length - 10] ^= 0xff;
    writeFileSync(dump, bytes);
    const target = await emptyDatabase();
    try {
      const r = await command('restore', ['--from', damaged], target.url);
      expect(r.status).toBe(1);
      expect(r.stderr).toContain("does not match the manifest's checksum");
      const [tables] = await target.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`;
      expect(tables.n).toBe(0);
    } finally {
      await target.sql.end({ timeout: 2 });
    }
  });

  afterAll(async () => {
    await restored?.sql.end({ timeout: 2 });
  });
});
