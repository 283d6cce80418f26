import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { createSql, migrate, startEmbeddedPostgres, withDatabase, type EmbeddedHandle } from '@ilera/db';

declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string;
    templateDb: string;
    redisUrl: string;
    runId: string;
  }
}

interface Run {
  serverUrl: string;
  templateDb: string;
  runId: string;
  teardown(): Promise<void>;
}

/**
 * vitest runs the global setup once for each project of the run and once more for the root config (three
 * times for `npm test`: root, main, browser; vitest's initializeGlobalSetup). Each used to find its own
 * PostgreSQL (on a machine without TEST_DATABASE_URL: an embedded server, initdb included) and migrate its
 * own template from nothing, one after the other before the first file. They now share one, kept on the
 * process's globalThis (each project loads this file as a module of its own), and the last teardown drops it.
 */
const SHARED = Symbol.for('ilera.test.global-setup');
type Shared = { run: Promise<Run>; users: number };

export default async function setup(project: TestProject) {
  const holder = globalThis as { [SHARED]?: Shared };
  const shared = (holder[SHARED] ??= { run: prepare(), users: 0 });
  shared.users++;
  const run = await shared.run;
  project.provide('pgServerUrl', run.serverUrl);
  project.provide('templateDb', run.templateDb);
  project.provide('redisUrl', process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379');
  project.provide('runId', run.runId);
  return async () => {
    if (--shared.users > 0) return;
    delete holder[SHARED];
    await run.teardown();
  };
}

/**
 * Finds a PostgreSQL for the run: TEST_DATABASE_URL when set (CI points it at
 * the environment's server); else testcontainers when a Docker engine answers;
 * else an embedded PostgreSQL in a temporary folder. Migrations are applied
 * once to a template database; each test file clones it (CREATE DATABASE ...
 * TEMPLATE), which takes milliseconds.
 */
async function prepare(): Promise<Run> {
  const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  let serverUrl: string;
  let stop: () => Promise<void> = async () => {};
  if (process.env.TEST_DATABASE_URL) {
    serverUrl = process.env.TEST_DATABASE_URL;
  } else {
    const container = await tryTestcontainers();
    if (container) {
      serverUrl = container.url;
      stop = container.stop;
    } else {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'ilera-test-pg-'));
      const pg: EmbeddedHandle = await startEmbeddedPostgres(dir);
      serverUrl = pg.url;
      stop = async () => {
        await pg.stop();
        await rm(dir, { recursive: true, force: true });
      };
    }
  }
  const templateDb = `ilera_tpl_${runId}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${templateDb}`);
  // Its migrations' commits do not wait for the disk either (test/support.ts, createTestDatabase).
  await admin.unsafe(`ALTER DATABASE ${templateDb} SET synchronous_commit = off`);
  const tpl = createSql(withDatabase(serverUrl, templateDb), { max: 1 });
  await migrate(tpl);
  await tpl.end();

  const teardown = async () => {
    const dbs = await admin<{ datname: string }[]>`
      SELECT datname FROM pg_database WHERE datname LIKE ${`ilera_%${runId}%`}`;
    // Several at a time: each DROP DATABASE waits for a checkpoint, and drops waiting together share one
    // (a full run leaves about 170 databases; one at a time they took 12 s and more after the tests).
    const drops = postgres(serverUrl, { max: 8, onnotice: () => {} });
    await Promise.all(dbs.map(({ datname }) => drops.unsafe(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => {})));
    await drops.end();
    await admin.end();
    await stop();
    // The run's compiled server (test/server-build.ts), and a copy a file's build left when another won the rename.
    const root = path.resolve(__dirname, '..');
    for (const name of await readdir(root)) {
      if (name.startsWith(`.test-server-${runId}`)) await rm(path.join(root, name), { recursive: true, force: true });
    }
  };
  return { serverUrl, templateDb, runId, teardown };
}

async function tryTestcontainers(): Promise<{ url: string; stop: () => Promise<void> } | null> {
  try {
    const { GenericContainer, Wait } = await import('testcontainers');
    const c = await new GenericContainer('postgres:15')
      .withEnvironment({ POSTGRES_PASSWORD: 'postgres' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start();
    return {
      url: `postgres://postgres:postgres@${c.getHost()}:${c.getMappedPort(5432)}/postgres`,
      stop: async () => void (await c.stop()),
    };
  } catch {
    return null; // no Docker engine: "Could not find a working container runtime strategy"
  }
}
