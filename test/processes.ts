import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { Sql } from '@ilera/db';
import { createRedis } from '@ilera/workers';
import { compiledServer } from './server-build';
import { createTestDatabase, freePort } from './support';

/** `scripts/start.ts` in its own process, as deployed (`npm run start:api` / `start:workers`). */
const root = path.resolve(__dirname, '..');

export interface AppProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (or null after a signal) once the process is gone. */
  exited: Promise<number | null>;
}

/**
 * `entry` is the node arguments that run the app: by default `scripts/start.ts` compiled once for the run
 * (test/server-build.ts), as production runs it; build.test.ts passes dist/start.js.
 */
export async function startApp(mode: '--api' | '--workers', env: Record<string, string>, entry?: string[]): Promise<AppProcess> {
  let out = '';
  const child = spawn(process.execPath, [...(entry ?? (await compiledServer())), mode], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** Until `check` holds; fails at once, with the process's output, if the process exits. */
export async function waitUntil(check: () => Promise<boolean> | boolean, proc: AppProcess, what: string, ms = 60000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) throw new Error(`${what}: process exited\n${proc.output()}`);
    try {
      if (await check()) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what}: not in time\n${proc.output()}`);
}

/** A graceful stop (SIGTERM), as a deployment stops a process. */
export async function stopApp(proc: AppProcess): Promise<number | null> {
  if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill('SIGTERM');
  return proc.exited;
}

/** The process dies at once, as on a power cut or the kernel's OOM killer: no handler runs. */
export async function killApp(proc: AppProcess): Promise<void> {
  proc.child.kill('SIGKILL');
  await proc.exited;
}

/** The JSON log lines of a process with the given `msg`. */
export function logLines<T = Record<string, unknown>>(proc: AppProcess, msg: string): T[] {
  return proc
    .output()
    .split('\n')
    .filter((l) => l.includes(`"msg":"${msg}"`))
    .map((l) => JSON.parse(l) as T);
}

export interface ProcessEnvironment {
  sql: Sql;
  /** What the processes get: their database, data folder, Redis prefix, session key and port. */
  env: Record<string, string>;
  /** http://127.0.0.1:<PORT> */
  base: string;
  /** Drops the Redis keys and the data folder and closes the database connection. */
  close(): Promise<void>;
}

/** A database, data folder, Redis prefix and port of their own for one test file's app processes. */
export async function processEnvironment(name: string, extra: Record<string, string> = {}): Promise<ProcessEnvironment> {
  const db = await createTestDatabase();
  const port = await freePort();
  const env = {
    DATABASE_URL: db.url,
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), `ilera-${name}-`)),
    REDIS_URL: inject('redisUrl'),
    REDIS_PREFIX: `ilera-${name}-${inject('runId')}-${process.pid}`,
    SESSION_SECRET: randomBytes(32).toString('base64'),
    TYPESENSE_URL: '',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    ...extra,
  };
  return {
    sql: db.sql,
    env,
    base: `http://127.0.0.1:${port}`,
    async close() {
      const redis = createRedis(env.REDIS_URL);
      const keys = await redis.keys(`${env.REDIS_PREFIX}:*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
      await db.sql.end({ timeout: 2 });
      await rm(env.DATA_DIR, { recursive: true, force: true });
    },
  };
}
