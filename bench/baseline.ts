/**
 * What `npm run bench -- --baseline REV` (issue 47) needs besides the working tree:
 * REV checked out in a git worktree outside the repository, with its own
 * node_modules and its own server build, and a seeded database for each version,
 * kept between runs.
 *
 * - The worktree lives under $BENCH_CACHE_DIR (default ~/.cache/ilera-bench)/worktrees/<commit>.
 *   Its node_modules start as a copy of the working tree's (a real copy, never hard links:
 *   the install below must not write into the working tree's files), then `npm install
 *   --prefer-offline` brings them to REV's own lockfile when it differs. `npm run
 *   build:server` builds REV's dist/. A marker file says all three finished; a half-made
 *   worktree is removed and made again.
 * - Databases: one per (the seed's inputs, the sizes) on the server of --database-url
 *   (default the local PostgreSQL, postgres://postgres@127.0.0.1:5432/postgres), named
 *   ilera_bench_<hash of db/, search/src and scripts/seed.ts, tests left out>_<sizes>.
 *   Each is filled by that version's own `npm run seed -- --reset ...`, then VACUUM (ANALYZE),
 *   and marked complete with a COMMENT ON DATABASE; an unmarked one (a seed cut short) is
 *   dropped and seeded again. The data's inputs, not the commit, name it: a commit that
 *   changes only the API reuses the database. The six most recently used complete ones are
 *   kept (BENCH_KEEP_DATABASES), older ones dropped when nobody is connected to them.
 */
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { Sizes } from './options';

const say = (msg: string) => console.log(`[bench] ${msg}`);

export const cacheDir = () => process.env.BENCH_CACHE_DIR || path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'ilera-bench');

function run(cmd: string, args: string[], options: SpawnSyncOptions & { what: string; quiet?: boolean }): string {
  const res = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options, stdio: options.quiet === false ? 'inherit' : 'pipe' });
  if (res.status !== 0) {
    throw new Error(`${options.what} failed (${cmd} ${args.join(' ')}, exit ${res.status ?? res.signal}):\n${String(res.stdout ?? '').slice(-3000)}\n${String(res.stderr ?? '').slice(-3000)}`);
  }
  return String(res.stdout ?? '').trim();
}

/** The full commit a revision names in the repository at `root`. */
export function resolveCommit(root: string, rev: string): string {
  return run('git', ['rev-parse', '--verify', '--end-of-options', `${rev}^{commit}`], { cwd: root, what: `finding ${rev}` });
}

/**
 * REV's worktree, ready to run: checked out, node_modules installed, server built.
 * Made once per commit; later runs reuse it.
 */
export function prepareWorktree(root: string, commit: string): string {
  const dir = path.join(cacheDir(), 'worktrees', commit);
  const marker = path.join(dir, '.ilera-bench-ready');
  if (existsSync(marker) && readFileSync(marker, 'utf8').trim() === commit) {
    say(`worktree of ${commit.slice(0, 10)} ready at ${dir}`);
    return dir;
  }
  if (existsSync(dir)) {
    say(`removing the unfinished worktree at ${dir}`);
    rmSync(dir, { recursive: true, force: true });
  }
  run('git', ['worktree', 'prune'], { cwd: root, what: 'git worktree prune' });
  mkdirSync(path.dirname(dir), { recursive: true });
  say(`git worktree add ${dir} ${commit.slice(0, 10)}`);
  run('git', ['worktree', 'add', '--detach', '--force', dir, commit], { cwd: root, what: 'git worktree add' });
  const started = Date.now();
  // A real copy: npm may rewrite files of packages it changes, which hard links would share with the working tree.
  run('cp', ['-a', path.join(root, 'node_modules'), path.join(dir, 'node_modules')], { what: 'copying node_modules' });
  say(`node_modules copied in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const lock = (d: string) => (existsSync(path.join(d, 'package-lock.json')) ? readFileSync(path.join(d, 'package-lock.json'), 'utf8') : '');
  if (lock(dir) !== lock(root)) {
    say(`npm install --prefer-offline in the worktree (its lockfile differs from the working tree's)`);
    const t = Date.now();
    run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, what: `npm install in ${dir}`, quiet: false });
    say(`npm install done in ${((Date.now() - t) / 1000).toFixed(0)} s`);
  }
  buildServer(dir);
  writeFileSync(marker, `${commit}\n`);
  return dir;
}

/** `npm run build:server` in a checkout: its dist/start.js, as production runs it. */
export function buildServer(dir: string): void {
  run('npm', ['run', 'build:server', '--silent'], { cwd: dir, what: `npm run build:server in ${dir}` });
}

/** The files whose content decides what the seed writes: the migrations and the seed (db/), the search documents (search/src), the seed's command. */
export function dataFingerprint(dir: string): string {
  const files = run('git', ['ls-files', '-co', '--exclude-standard', '--', 'db', 'search/src', 'scripts/seed.ts'], { cwd: dir, what: 'git ls-files' })
    .split('\n')
    .filter((f) => f && !/\.test\.ts$/.test(f) && existsSync(path.join(dir, f)))
    .sort();
  const hash = createHash('sha256');
  for (const f of files) hash.update(f).update('\0').update(readFileSync(path.join(dir, f))).update('\0');
  return hash.digest('hex').slice(0, 12);
}

export function databaseName(fingerprint: string, s: Sizes): string {
  return `ilera_bench_${fingerprint}_${s.professionals}_${s.institutions}_${s.appointments}_${s.reviews}`;
}

const COMPLETE = 'ilera bench: seeded and vacuumed';

/** The URL of database `name` on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A database of the given sizes seeded by the checkout at `dir` (its own `npm run seed`),
 * vacuumed and analysed: reused when one was completed before for the same data inputs and sizes.
 */
export async function seededDatabase(adminUrl: string, dir: string, label: string, sizes: Sizes): Promise<{ url: string; name: string; reused: boolean }> {
  const name = databaseName(dataFingerprint(dir), sizes);
  const url = databaseUrl(adminUrl, name);
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const [found] = await admin<{ comment: string | null }[]>`
      SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = ${name}`;
    if (found?.comment?.startsWith(COMPLETE)) {
      say(`${label}: reusing ${name} (${found.comment})`);
      await markUsed(admin, name, found.comment);
      return { url, name, reused: true };
    }
    if (found) {
      say(`${label}: ${name} was left unfinished; dropping it`);
      await admin.unsafe(`DROP DATABASE ${name} WITH (FORCE)`);
    }
    await admin.unsafe(`CREATE DATABASE ${name}`);
    say(`${label}: seeding ${name} with its own npm run seed (${sizes.professionals} professionals, ${sizes.institutions} institutions, ${sizes.appointments} appointments, ${sizes.reviews} reviews)`);
    const started = Date.now();
    try {
      run(
        'npm',
        ['run', 'seed', '--silent', '--', '--reset', '--professionals', `${sizes.professionals}`, '--institutions', `${sizes.institutions}`,
          '--appointments', `${sizes.appointments}`, '--reviews', `${sizes.reviews}`],
        { cwd: dir, env: { ...process.env, DATABASE_URL: url }, what: `${label}'s npm run seed`, quiet: false },
      );
      // Both versions' data vacuumed and analysed alike, whether or not that version's seed does it (issue 38).
      const db = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await db`VACUUM (ANALYZE)`;
      } finally {
        await db.end({ timeout: 5 });
      }
    } catch (err) {
      // A broken seed (a version's work in progress) leaves no half-filled database behind.
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      throw err;
    }
    await markUsed(admin, name, `${COMPLETE} ${new Date().toISOString()} by ${label} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    say(`${label}: ${name} seeded and vacuumed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return { url, name, reused: false };
  } finally {
    await admin.end({ timeout: 5 });
  }
}

/** Records when a complete cached database was last used, at the end of its comment. */
async function markUsed(admin: postgres.Sql, name: string, comment: string): Promise<void> {
  const text = `${comment.replace(/; last used \S+$/, '')}; last used ${new Date().toISOString()}`;
  await admin.unsafe(`COMMENT ON DATABASE ${name} IS '${text.replace(/'/g, "''")}'`);
}

/**
 * Keeps the `keep` most recently used complete cached databases (those in use now among them) and
 * drops the others, each only if nobody is connected to it; returns the names dropped.
 */
export async function pruneCachedDatabases(adminUrl: string, inUse: string[], keep = Number(process.env.BENCH_KEEP_DATABASES) || 6): Promise<string[]> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await admin<{ name: string; comment: string | null }[]>`
      SELECT datname AS name, shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE starts_with(datname, 'ilera_bench_')`;
    const used = (c: string) => /; last used (\S+)$/.exec(c)?.[1] ?? '';
    const cached = rows
      .filter((r) => r.comment?.startsWith(COMPLETE) && !inUse.includes(r.name))
      .sort((a, b) => used(b.comment!).localeCompare(used(a.comment!)));
    const dropped: string[] = [];
    for (const r of cached.slice(Math.max(0, keep - inUse.length))) {
      // Without FORCE: a database someone is connected to (another bench) stays.
      const ok = await admin.unsafe(`DROP DATABASE ${r.name}`).then(() => true, () => false);
      if (ok) dropped.push(r.name);
    }
    if (dropped.length) say(`dropped ${dropped.length} older cached database(s) (keeping ${keep}; BENCH_KEEP_DATABASES): ${dropped.join(', ')}`);
    return dropped;
  } finally {
    await admin.end({ timeout: 5 });
  }
}
