/**
 * `npm run bench` (issue 8): the load scenarios of bench/scenarios-def.js (the
 * same definitions the k6 scripts run) with autocannon against a production
 * build, beside their limits: the same SQL run directly (reads) and argon2
 * alone (sign-in).
 *
 *   npm run bench -- [--database-url URL] [--seed] [--no-build] [--duration 10]
 *                    [--repeat 3] [--connections 32] [--api-processes 1] [--only a,b]
 *                    [--samples 100] [--out bench/results] [--rate 100] [--open-seconds 60] [--burst-warmup 0]
 *                    [--change-probes 1]
 *
 * - Database: --database-url, else DATABASE_URL, else the embedded PostgreSQL under
 *   DATA_DIR. --seed first fills it with the national-scale data (reset first):
 *   --professionals 500000 --institutions 50000 --appointments 2000000 --reviews 1000000
 *   (each overridable with the same flag).
 * - The app runs as production does: `npm run build` (web, with its page-weight
 *   check, and the server; --no-build skips the web build, the server is always
 *   compiled, a second), then plain `node dist/start.js --api` (--api-processes
 *   of them, each on its own port; the connections are shared out between them,
 *   as a load balancer would) and one `--workers` process, NODE_ENV=production.
 *   (Until 2026-11-24 the API ran under tsx, whose run-time compiler and source
 *   maps were part of the RSS measured.)
 * - Each scenario: a short warm-up, then --repeat runs of --duration seconds at
 *   --connections connections; the best run (highest req/s) is reported, with
 *   its p50/p95/p99 and the API's peak RSS. Reads are then replayed as raw SQL at
 *   the same concurrency (best of --repeat too) and the ratio API/raw printed.
 * - During the mixed scenario (D15), pending professionals are approved, moved to another city and
 *   withdrawn, one change after another (SQL + outbox event, as the services write them), and the
 *   search is polled until each change shows: p50/p95/p99 of that delay, and its stages (outbox relay,
 *   queue, index job, search answer). They are put back afterwards (bench/change-probe.ts).
 *   --change-probes clients write changes at once (one by default), each waiting for its own to show.
 * - Writes: bookings add appointments on days after the seeded ones.
 *
 * - Search scenarios draw from the query log (bench/query-log.ts): a head of
 *   popular searches and a long tail. Each search answer says whether the API's
 *   answer cache served it (x-search-cache): the table gives the hit ratio and
 *   the misses' p95 apart. Requests come from CLIENTS simulated addresses
 *   (X-Forwarded-For, the API trusting the bench as its proxy: TRUST_PROXY).
 * - The open-loop scenario (kind 'open') sends --rate requests a second for
 *   --open-seconds whatever the answers' speed (a timer-driven runner, latency
 *   from each request's scheduled start), instead of a fixed number of connections.
 *
 * Prints a table and writes <out>/bench-<date>.json and .md.
 *
 * Side by side (issue 47): npm run bench -- --baseline REV [--rounds 2] [--only search-log,profile]
 *                          [--professionals 100000 (institutions a tenth, appointments and reviews as many)]
 *                          [--database-url postgres://postgres@127.0.0.1:5432/postgres] [--duration 10] [--warmup 3]
 * builds REV in a git worktree under ~/.cache/ilera-bench (bench/baseline.ts), seeds a database
 * for REV and one for the working tree, each with its own `npm run seed` (kept for the next run),
 * starts both apps and runs each scenario (read and open-loop ones; all read ones by default) on
 * one then the other, --rounds times, who goes first alternating; the side not measured is paused
 * (SIGSTOP) meanwhile. It prints the working tree's
 * req/s, p95 and CPU an answer (API; PostgreSQL: the backends of that version's database) as
 * ratios of REV's, round by round with the load average, and their spread
 * (bench/side-by-side.ts), and writes <out>/side-by-side-<date>.json and .md. No raw SQL replay.
 *
 * --accept-encoding VALUE sends that Accept-Encoding with every load request (a browser's is `gzip, deflate, br,
 * zstd`), so the answers' compression is in the figures; without it no request asks for compression.
 *
 * --node production|current|PATH: the Node.js the API and workers run on (both sides of a side-by-side alike).
 * By default production's: the major the Dockerfile's `FROM node:<major>` names, installed from the npm registry
 * into ~/.cache/ilera/node<major> (as .ci/run installs Node 24) when the Node running the bench is another
 * (bench/node-runtime.ts). `current` runs them on the bench's own Node. The header says which ran.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { createWriteStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { resolveNode, type NodeRuntime } from './node-runtime';
import autocannon from 'autocannon';
import { createSql, loadConfig, resolveDatabase, type Sql } from '@ilera/db';
import { verifyPassword } from '@ilera/db/passwords';
import { createQueues, createRedis } from '@ilera/workers';
import {
  budgets,
  capturingSql,
  clientAddress,
  captureStatements,
  CONNECTIONS,
  loadFixtures,
  PASSWORD,
  replay,
  scenarioNames,
  scenarios,
  type BenchRequest,
  type Fixtures,
  type Statement,
} from './scenarios';
import { CLIENTS, logShape, queryLog } from './query-log';
import { BURST, nextSlotBurst, type BurstResult } from './next-slot-burst';
import { parseBenchOptions } from './options';
import { changeProbe, probeCandidates, restoreChanged, stageTimes, summarize, type ProbeResult, type Spread } from './change-probe';
import { buildServer, prepareWorktree, pruneCachedDatabases, resolveCommit, seededDatabase } from './baseline';
import { firstInRound, sideBySideTable, type Round, type ScenarioRounds } from './side-by-side';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// ---------------------------------------------------------------- options

const opts = {
  ...parseBenchOptions(process.argv.slice(2), process.env, CONNECTIONS),
  /** The API's pool (scripts/start.ts: DATABASE_POOL_MAX, else its default): the raw runs get the same. */
  pool: loadConfig().databasePoolMax,
};
opts.out = path.resolve(root, opts.out);

const say = (msg: string) => console.log(`[bench] ${msg}`);

/** The Node the API and workers run on (--node; resolved once, before the first process starts). */
let runtime: NodeRuntime | undefined;
const apiNode = (): NodeRuntime => {
  if (!runtime) {
    runtime = resolveNode(opts.node, root);
    say(`API and workers on Node ${runtime.version}: ${runtime.why}`);
  }
  return runtime;
};

// ---------------------------------------------------------------- processes

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

interface Proc {
  child: ChildProcess;
  output: () => string;
}

function startProcess(mode: '--api' | '--workers', env: Record<string, string>, appRoot = root): Proc {
  let out = '';
  // The API runs with the heap cap of `npm run start:api` (package.json) and the Dockerfile.
  // BENCH_API_NODE_FLAGS adds node flags to the API's (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, which NODE_OPTIONS refuses).
  const flags = mode === '--api' ? ['--max-old-space-size=192', '--max-semi-space-size=8', ...(process.env.BENCH_API_NODE_FLAGS?.split(' ').filter(Boolean) ?? [])] : [];
  const child = spawn(apiNode().bin, [...flags, 'dist/start.js', mode], {
    cwd: appRoot,
    // Two malloc arenas, as the Dockerfile and `npm run start:api` set (docs/PERFORMANCE.md, "malloc arenas").
    env: { MALLOC_ARENA_MAX: '2', ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (d: Buffer) => {
    out += d;
    if (out.length > 2_000_000) out = out.slice(-1_000_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  // BENCH_API_OUTPUT=FILE keeps all an API process's output (e.g. with BENCH_API_NODE_FLAGS=--trace-gc), its pid appended to the name.
  if (mode === '--api' && process.env.BENCH_API_OUTPUT) {
    const file = createWriteStream(`${process.env.BENCH_API_OUTPUT}.${child.pid}`);
    child.stdout!.pipe(file);
    child.stderr!.pipe(file);
  }
  return { child, output: () => out };
}

async function waitUntil(check: () => Promise<boolean>, proc: Proc, what: string, ms = 180000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (proc.child.exitCode !== null) throw new Error(`${what} exited:\n${proc.output().slice(-4000)}`);
    try {
      if (await check()) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not start:\n${proc.output().slice(-4000)}`);
}

function stopProcess(p: Proc): Promise<void> {
  if (p.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    p.child.on('exit', () => resolve());
    p.child.kill('SIGTERM');
  });
}

/**
 * The built app of the checkout at `appRoot` (its dist/start.js) on a database: `apiProcesses`
 * API processes, each on a free port, and one workers process, NODE_ENV=production, under
 * their own Redis prefix. ready() waits until they answer.
 */
async function startApp(appRoot: string, dbUrl: string, apiProcesses: number, redisPrefix: string) {
  const ports = await Promise.all(Array.from({ length: apiProcesses }, () => freePort()));
  const base = `http://127.0.0.1:${ports[0]}`;
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: dbUrl,
    REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
    REDIS_PREFIX: redisPrefix,
    // A production API refuses a published secret and mail to files unless asked (db/src/env.ts).
    SESSION_SECRET: randomBytes(48).toString('base64'),
    MAIL_TO_FILES: '1',
    APP_URL: base,
    LOG_LEVEL: 'warn',
    // The bench is the API's proxy: its X-Forwarded-For names CLIENTS simulated patients, so the
    // per-address limits see thousands of people, not one address sending everything.
    TRUST_PROXY: '127.0.0.1',
    DATA_DIR: path.join(os.tmpdir(), redisPrefix),
  };
  const apis = ports.map((p) => startProcess('--api', { ...env, PORT: String(p) }, appRoot));
  const workers = startProcess('--workers', { ...env, PORT: '0' }, appRoot);
  const procs = [...apis, workers];
  return {
    apis,
    workers,
    procs,
    ports,
    base,
    env,
    bases: ports.map((p) => `http://127.0.0.1:${p}`),
    async ready() {
      for (const [k, a] of apis.entries()) await waitUntil(async () => (await fetch(`http://127.0.0.1:${ports[k]}/healthz`)).ok, a, 'the API');
      await waitUntil(async () => workers.output().includes('workers running'), workers, 'the workers');
      say(`API pids ${apis.map((a) => a.child.pid).join(', ')} on ports ${ports.join(', ')}; workers pid ${workers.child.pid}`);
    },
    stop: () => Promise.all(procs.map(stopProcess)),
    /** Sends a signal to every process of the app still running (SIGSTOP / SIGCONT: side by side). */
    signal(sig: NodeJS.Signals) {
      for (const p of procs) {
        if (p.child.exitCode !== null || p.child.signalCode !== null || !p.child.pid) continue;
        try {
          process.kill(p.child.pid, sig);
        } catch {
          /* exited meanwhile */
        }
      }
    },
  };
}

/** Session cookies of the fixtures' patients, signed in through the API at `base` (those that could). */
async function signIn(base: string, fx: Fixtures): Promise<string[]> {
  const cookies: string[] = [];
  for (const [n, p] of fx.patients.entries()) {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress(n) },
      body: JSON.stringify({ email: p.email, password: PASSWORD }),
    });
    if (res.ok) cookies.push(res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; '));
  }
  return cookies;
}

/** Resident memory of a process, in MB (Linux). */
function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

// ---------------------------------------------------------------- CPU

const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces); [] when gone. */
function procStat(pid: number): string[] {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return [];
  }
}

/** CPU time of a process in ms (user + system). */
function cpuMs(pid: number): number {
  const f = procStat(pid);
  return f.length ? ((Number(f[11]) + Number(f[12])) * 1000) / CLK_TCK : 0;
}

/** The postmaster and its children (every backend of that server), by scanning /proc. */
function serverPids(postmaster: number): number[] {
  const pids = [postmaster];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    if (Number(procStat(Number(entry))[1]) === postmaster) pids.push(Number(entry));
  }
  return pids;
}

/** The database a PostgreSQL backend serves, from its process title ("postgres: 15/main: user database host state"). */
function backendDatabase(pid: number): string | undefined {
  try {
    const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0+$/, '');
    return /^postgres: (?:[^:]+: )?\S+ (\S+) \S+/.exec(title)?.[1];
  } catch {
    return undefined;
  }
}

/** Busy and total jiffies of the whole machine (/proc/stat). */
function machineTicks(): { busy: number; total: number } {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = cpu.reduce((a, b) => a + b, 0);
  return { busy: total - cpu[3] - (cpu[4] ?? 0), total };
}

export interface CpuFigures {
  /** CPU ms per answered request: the API processes, the PostgreSQL server (every backend), this runner (the load generator). */
  apiMs: number;
  pgMs?: number;
  runnerMs: number;
  /** Share of the whole machine's CPU busy during the run (every process, other people's included). */
  machineBusy: number;
}

/**
 * CPU spent while a run lasts, per answered request: the physical cost of a
 * request on this machine. PostgreSQL's share counts every backend of its server,
 * so other clients of the same server (other tests) are in it too; or, when
 * ctx.pgDatabase is set, only the backends connected to that database.
 */
function cpuMeter(ctx: LoadContext) {
  const postgres = () => {
    const pids = ctx.postmaster ? serverPids(ctx.postmaster) : [];
    if (ctx.pgPids) return pids.filter((pid) => ctx.pgPids!.includes(pid));
    return ctx.pgDatabase ? pids.filter((pid) => backendDatabase(pid) === ctx.pgDatabase) : pids;
  };
  const sum = (pids: number[]) => pids.reduce((n, pid) => n + cpuMs(pid), 0);
  // Backends that exist at the start are measured to the end (the API's pool keeps its connections).
  const pgPids = postgres();
  const start = { api: sum(ctx.apiPids), pg: sum(pgPids), runner: process.cpuUsage(), machine: machineTicks() };
  return {
    stop(answered: number): CpuFigures {
      const runner = process.cpuUsage(start.runner);
      const machine = machineTicks();
      const n = Math.max(1, answered);
      return {
        apiMs: (sum(ctx.apiPids) - start.api) / n,
        pgMs: ctx.postmaster ? (sum(pgPids) - start.pg) / n : undefined,
        runnerMs: (runner.user + runner.system) / 1000 / n,
        machineBusy: (machine.busy - start.machine.busy) / Math.max(1, machine.total - start.machine.total),
      };
    },
  };
}

// ---------------------------------------------------------------- measuring

export interface Figures {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  errors: number;
  /** Status codes other than 2xx, counted. */
  statuses: Record<string, number>;
  /** Searches: what the API's answer cache said (x-search-cache), with each side's latency. */
  cache?: CacheFigures;
  cpu?: CpuFigures;
}

export interface CacheFigures {
  hits: number;
  misses: number;
  hitRatio: number;
  hitP95: number;
  missP50: number;
  missP95: number;
  missP99: number;
  /** The five slowest misses, with what they asked. */
  slowestMisses: string[];
}

/** One response: its latency and, for searches, what the answer cache said. */
interface Sample {
  ms: number;
  cache?: string | null;
  /** What was asked (requestLabel), to name the slowest misses. */
  label?: string;
}

/** A request as a person would read it: the search words and filters, decoded. */
function requestLabel(r: BenchRequest): string {
  const body = r.body as { searches?: Record<string, unknown>[] } | undefined;
  if (body?.searches) {
    const main = body.searches[0] ?? {};
    return `multi_search q=${JSON.stringify(main.q)}${main.filter_by ? ` filter_by=${main.filter_by}` : ''} page=${main.page} (${body.searches.length} searches)`;
  }
  return `${r.method} ${decodeURIComponent(r.path)}`;
}

function percentile(sorted: Float64Array, p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function figures(latencies: number[], seconds: number, errors: number, statuses: Record<string, number>): Figures {
  const sorted = Float64Array.from(latencies).sort();
  return {
    rps: latencies.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    requests: latencies.length,
    errors,
    statuses,
  };
}

/** Figures of samples, with the cache's hit ratio and each side's percentiles when the responses said. */
function sampleFigures(samples: Sample[], seconds: number, errors: number, statuses: Record<string, number>): Figures {
  const out = figures(samples.map((x) => x.ms), seconds, errors, statuses);
  const hits = Float64Array.from(samples.filter((x) => x.cache === 'hit').map((x) => x.ms)).sort();
  const misses = Float64Array.from(samples.filter((x) => x.cache === 'miss').map((x) => x.ms)).sort();
  if (hits.length + misses.length) {
    out.cache = {
      hits: hits.length,
      misses: misses.length,
      hitRatio: hits.length / (hits.length + misses.length),
      hitP95: percentile(hits, 95),
      missP50: percentile(misses, 50),
      missP95: percentile(misses, 95),
      missP99: percentile(misses, 99),
      slowestMisses: samples
        .filter((x) => x.cache === 'miss' && x.label)
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 5)
        .map((x) => `${x.ms.toFixed(0)} ms ${x.label}`),
    };
  }
  return out;
}

/** The headers of request i: its simulated client, its body's type, the patient's session. */
function requestHeaders(ctx: LoadContext, r: BenchRequest, i: number): Record<string, string> {
  const headers: Record<string, string> = { 'x-forwarded-for': clientAddress(i) };
  if (opts.acceptEncoding) headers['accept-encoding'] = opts.acceptEncoding;
  if (r.body !== undefined) headers['content-type'] = r.contentType ?? 'application/json';
  if (r.auth === 'patient') headers.cookie = ctx.cookies[i % ctx.cookies.length];
  return headers;
}

interface LoadContext {
  /** One address per API process; the connections are shared out between them, as a load balancer would. */
  bases: string[];
  fx: Fixtures;
  cookies: string[];
  apiPids: number[];
  /** The PostgreSQL server's postmaster when it runs on this machine (its CPU is measured). */
  postmaster?: number;
  /** Count only the backends of this database (side by side: each version's own), not the whole server's. */
  pgDatabase?: string;
  /**
   * Side by side: the version's own backends (its API and workers connect as application_name 'ilera', c1927da's
   * too), read before each run; other clients of the same database (an engineer's bench/cpu-answers.ts, a script)
   * are not counted, nor is a backend that ends mid-run (it made the figure negative: 2026-11-30, prof58's runs).
   */
  pgPids?: number[];
}

/** One autocannon run of a scenario; request numbers start at `first`. */
async function loadRun(
  ctx: LoadContext,
  name: string,
  seconds: number,
  first: number,
  run: number,
): Promise<Figures & { rssMb: number; next: number }> {
  const scenario = scenarios[name];
  let i = first;
  const samples: Sample[] = [];
  const statuses: Record<string, number> = {};
  const rss = rssSampler(ctx);
  const cpu = cpuMeter(ctx);
  const setupRequest = (req: Record<string, unknown>, context: { label?: string }) => {
    const r: BenchRequest = scenario.request(ctx.fx, i, run);
    const headers = requestHeaders(ctx, r, i);
    // A client has one request in flight: its context names the one being built, then answered.
    context.label = requestLabel(r);
    i++;
    return {
      ...req,
      method: r.method,
      path: r.path,
      headers,
      body: r.body !== undefined ? JSON.stringify(r.body) : undefined,
    };
  };
  // autocannon calls a request's onResponse (with the headers) right before it
  // emits 'response' (with the latency) on the same client, synchronously, so
  // nothing runs between the two: the header is carried from one to the other.
  const results = await Promise.all(
    ctx.bases.map((url, k) => {
      const share = Math.floor(opts.connections / ctx.bases.length) + (k < opts.connections % ctx.bases.length ? 1 : 0);
      let said: string | null = null;
      let label: string | undefined;
      const onResponse = (_status: number, _body: string, context: { label?: string }, headers: Record<string, string>) => {
        said = headers['x-search-cache'] ?? null;
        label = context.label;
      };
      const instance = autocannon({ url, connections: share, duration: seconds, requests: [{ setupRequest, onResponse }] });
      instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
        samples.push({ ms: responseTime, cache: said, label });
        said = null;
        label = undefined;
        if (statusCode < 200 || statusCode >= 300) statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
      });
      return instance;
    }),
  );
  const errors = results.reduce((n, r) => n + r.errors + r.timeouts, 0);
  return { ...sampleFigures(samples, seconds, errors, statuses), cpu: cpu.stop(samples.length), rssMb: rss.stop(), next: i };
}

/** The largest resident size of any one API process while it runs. */
function rssSampler(ctx: LoadContext): { stop(): number } {
  const sample = () => Math.max(...ctx.apiPids.map(rssMb));
  let peak = sample();
  const timer = setInterval(() => (peak = Math.max(peak, sample())), 250);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, sample());
    },
  };
}

/**
 * An open loop: request n starts at n / rate seconds, whether or not the earlier
 * ones have answered (a fixed number of connections would wait, and hide a slow
 * server by sending less). Latency is counted from the scheduled start, so a
 * request that waits for a socket or for the event loop counts that wait.
 * Requests go round-robin to the API processes.
 */
async function openLoop(ctx: LoadContext, name: string, rate: number, seconds: number, first: number): Promise<Figures & { rssMb: number; next: number; late: number }> {
  const scenario = scenarios[name];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const samples: Sample[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let late = 0;
  const total = Math.round(rate * seconds);
  const rss = rssSampler(ctx);
  const cpu = cpuMeter(ctx);
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  const send = (n: number, due: number) => {
    const i = first + n;
    const r = scenario.request(ctx.fx, i);
    const url = new URL(r.path, ctx.bases[n % ctx.bases.length]);
    const body = r.body !== undefined ? JSON.stringify(r.body) : undefined;
    return new Promise<void>((resolve) => {
      const req = http.request(url, { method: r.method, agent, headers: requestHeaders(ctx, r, i), timeout: 30000 }, (res) => {
        res.resume();
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          samples.push({ ms: performance.now() - due, cache: (res.headers['x-search-cache'] as string | undefined) ?? null, label: requestLabel(r) });
          if (status < 200 || status >= 300) statuses[status] = (statuses[status] ?? 0) + 1;
          resolve();
        });
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(body);
    });
  };
  let n = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      // Every request whose time has come; one sent more than 10 ms after it is counted as late (a busy runner).
      while (n < total && started + (n * 1000) / rate <= now) {
        const due = started + (n * 1000) / rate;
        if (now - due > 10) late++;
        inFlight.push(send(n, due));
        n++;
      }
      if (n >= total) resolve();
      else setTimeout(tick, Math.max(0, started + (n * 1000) / rate - performance.now()));
    };
    tick();
  });
  await Promise.all(inFlight);
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  return { ...sampleFigures(samples, elapsed, errors, statuses), cpu: cpu.stop(samples.length), rssMb: rss.stop(), next: first + total, late };
}

/** `work` started `rate` times a second for `seconds` whatever its speed; latency from each start's scheduled time. */
async function openLoopRaw(rate: number, seconds: number, work: (k: number) => Promise<void>): Promise<Figures> {
  const latencies: number[] = [];
  const inFlight: Promise<void>[] = [];
  let errors = 0;
  const total = Math.round(rate * seconds);
  const started = performance.now();
  for (let n = 0; n < total; n++) {
    const due = started + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(work(n).then(() => void latencies.push(performance.now() - due), () => void errors++));
  }
  await Promise.all(inFlight);
  return figures(latencies, (performance.now() - started) / 1000, errors, {});
}

/** `work` run by `connections` concurrent loops for `seconds`. */
async function closedLoop(seconds: number, work: (k: number) => Promise<void>): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  let k = 0;
  const end = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < end) {
      const t = performance.now();
      try {
        await work(k++);
        latencies.push(performance.now() - t);
      } catch {
        errors++;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: opts.connections }, loop));
  return figures(latencies, (performance.now() - started) / 1000, errors, {});
}

/** The postmaster of the database's server when it runs here: the parent of our own backend. */
async function localPostmaster(sql: Sql): Promise<number | undefined> {
  const [{ pid }] = await sql<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
  try {
    if (!readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')) return undefined;
  } catch {
    return undefined;
  }
  const parent = Number(procStat(pid)[1]);
  return parent > 1 ? parent : undefined;
}

function cpuText(c?: CpuFigures): string {
  if (!c) return '';
  return `CPU per answered request: API ${c.apiMs.toFixed(1)} ms, PostgreSQL ${c.pgMs === undefined ? '—' : `${c.pgMs.toFixed(1)} ms`}, load generator ${c.runnerMs.toFixed(1)} ms; machine ${(c.machineBusy * 100).toFixed(0)}% busy`;
}

/** Names the slowest answers the cache did not serve: where a search engineer looks first. */
function noteSlowest(row: Row) {
  if (row.api?.cpu) row.notes.push(cpuText(row.api.cpu));
  const slowest = row.api?.cache?.slowestMisses;
  if (slowest?.length) row.notes.push(`slowest misses: ${slowest.join('; ')}`);
}

function cacheText(c?: CacheFigures): string {
  if (!c) return 'no cache header';
  return `cache hits ${(c.hitRatio * 100).toFixed(0)}% (p95 ${c.hitP95.toFixed(1)} ms), misses p50 ${c.missP50.toFixed(1)} p95 ${c.missP95.toFixed(1)} p99 ${c.missP99.toFixed(1)} ms`;
}

const best = <T extends { rps: number }>(runs: T[]): T => runs.reduce((a, b) => (b.rps > a.rps ? b : a));

// ---------------------------------------------------------------- static assets

async function checkCompression(base: string): Promise<string[]> {
  const notes: string[] = [];
  const html = await (await fetch(base + '/')).text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  for (const asset of assets.slice(0, 4)) {
    const res = await fetch(base + asset, { headers: { 'accept-encoding': 'br, gzip' } });
    await res.arrayBuffer();
    notes.push(`${asset}: ${res.status}, content-encoding ${res.headers.get('content-encoding') ?? 'none'}, cache-control ${res.headers.get('cache-control')}`);
  }
  return notes;
}

// ---------------------------------------------------------------- main

interface Row {
  name: string;
  title: string;
  kind: string;
  api?: Figures & { rssMb: number };
  raw?: Figures;
  ratio?: number;
  budgetP95?: number;
  notes: string[];
}

// ---------------------------------------------------------------- side by side (--baseline)

type Side = 'baseline' | 'current';

/**
 * `--baseline REV` (issue 47): REV (built in its own worktree, bench/baseline.ts) and the
 * working tree, each on a database of the same size seeded by its own seed, both apps up
 * at once; each scenario runs on one, then the other, for --rounds rounds (who goes
 * first alternates), and the table gives the working tree's figures as ratios of REV's.
 */
async function sideBySide(rev: string) {
  const started = new Date();
  const names = opts.only ?? scenarioNames.filter((n) => scenarios[n].kind === 'read');
  for (const n of names) {
    if (!scenarios[n]) throw new Error(`no scenario ${n}; there are ${scenarioNames.join(', ')}`);
    // Writes would change the cached databases between runs; the approval and burst probes are one version's.
    if (!['read', 'open'].includes(scenarios[n].kind)) throw new Error(`--baseline runs read and open-loop scenarios only; ${n} is ${scenarios[n].kind}`);
  }
  const commit = resolveCommit(root, rev);
  const labels = { baseline: rev === commit || /^[0-9a-f]{7,40}$/.test(rev) ? commit.slice(0, 7) : `${rev} (${commit.slice(0, 7)})`, current: 'working tree' };
  const adminUrl = opts.databaseUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dirs: Record<Side, string> = { baseline: prepareWorktree(root, commit), current: root };
  say('npm run build:server (working tree)');
  buildServer(root);
  const sides = {} as Record<Side, { sql: Sql; db: string; dataSize: string; app: Awaited<ReturnType<typeof startApp>>; ctx?: LoadContext }>;
  const rows: ScenarioRounds[] = [];
  try {
    for (const side of ['baseline', 'current'] as const) {
      const label = side === 'baseline' ? labels.baseline : labels.current;
      const db = await seededDatabase(adminUrl, dirs[side], label, opts.sizes);
      const sql = createSql(db.url, { max: 2, applicationName: 'ilera-bench' });
      const app = await startApp(dirs[side], db.url, opts.apiProcesses, `ilera-bench-${process.pid}-${side}`);
      sides[side] = { sql, db: db.name, dataSize: await dataSizeOf(sql), app };
      say(`${label}: ${sides[side].dataSize}`);
    }
    // Interrupted (Ctrl-C) while one side is paused: a stopped process would never act on its signal.
    const interrupted = (sig: NodeJS.Signals) => {
      for (const side of Object.values(sides)) {
        side.app.signal('SIGCONT');
        side.app.signal('SIGTERM');
      }
      process.exit(sig === 'SIGINT' ? 130 : 143);
    };
    process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
    await pruneCachedDatabases(adminUrl, [sides.baseline.db, sides.current.db]);
    for (const side of ['baseline', 'current'] as const) {
      const { sql, app } = sides[side];
      await app.ready();
      // Each API draws a page first, as a production API has by its first visitor: what drawing pages leaves in the
      // process is then part of what is measured (decision 072: React's Node renderer turned on promise hooks for good).
      for (const b of app.bases) await (await fetch(`${b}/`)).text();
      // Start-up work after the API answers (the near-me copy's first read) would otherwise run, paused and
      // resumed, inside that side's first measured runs.
      const quietAfter = await untilIdle(app.procs.map((p) => p.child.pid!));
      say(`${labels[side]}: idle ${quietAfter.toFixed(0)} s after answering`);
      const fx = await loadFixtures(sql);
      // Patients sign in (argon2, a hash each) only when a scenario sends their session.
      const signedIn = names.some((n) => Array.from({ length: 100 }, (_, i) => scenarios[n].request(fx, i)).some((r) => r.auth === 'patient'));
      sides[side].ctx = {
        bases: app.bases,
        fx,
        cookies: signedIn ? await signIn(app.base, fx) : [],
        apiPids: app.apis.map((a) => a.child.pid!),
        postmaster: await localPostmaster(sql),
        pgDatabase: sides[side].db,
      };
    }
    if (!sides.current.ctx!.postmaster) say('PostgreSQL is not on this machine: its CPU is not measured');
    // One run of a scenario on one side: closed loop at --connections, or the open loop at its rate.
    // The other side's processes are stopped (SIGSTOP) meanwhile: their timers and background work
    // (the workers' jobs, an in-memory copy's refreshes) would otherwise take CPU from the side measured.
    const once = async (side: Side, name: string, seconds: number, first: number, round: number) => {
      const s = scenarios[name];
      const ctx = sides[side].ctx!;
      const other = sides[side === 'baseline' ? 'current' : 'baseline'].app;
      other.signal('SIGSTOP');
      try {
        // The side measured may have just been resumed: its load shedding samples the event loop's delay
        // each second, and the pause it slept through would read as an overload (503s) until the next sample.
        await new Promise((r) => setTimeout(r, 2000));
        ctx.pgPids = (
          await sides[side].sql<{ pid: number }[]>`
            SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'ilera'`
        ).map((r) => r.pid);
        return await (s.kind === 'open' ? openLoop(ctx, name, opts.rate ?? s.rate!, seconds, first) : loadRun(ctx, name, seconds, first, round));
      } finally {
        other.signal('SIGCONT');
      }
    };
    for (const name of names) {
      const s = scenarios[name];
      const seconds = s.kind === 'open' ? (opts.openSeconds ?? s.seconds!) : opts.duration;
      const row: ScenarioRounds = { name, title: s.title, rounds: [] };
      for (const side of ['baseline', 'current'] as const) {
        say(`${name}: warm-up ${opts.warmup} s on ${labels[side]}`);
        await once(side, name, opts.warmup, 0, 0);
      }
      for (let r = 1; r <= opts.rounds; r++) {
        const load = os.loadavg()[0];
        const first = firstInRound(r);
        const round = { load, first } as Round;
        for (const side of first === 'baseline' ? (['baseline', 'current'] as const) : (['current', 'baseline'] as const)) {
          // Both sides get the same requests in a round (the fixtures are each database's own).
          const result = await once(side, name, seconds, r * 10_000_000, r);
          say(`${name} round ${r} (load ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}) ${labels[side]}: ${result.rps.toFixed(0)} req/s, p95 ${result.p95.toFixed(1)} ms, ${cacheText(result.cache)}, RSS ${result.rssMb.toFixed(0)} MB, non-2xx ${JSON.stringify(result.statuses)}, errors ${result.errors}; ${cpuText(result.cpu)}`);
          const non2xx = Object.values(result.statuses).reduce((n, c) => n + c, 0) + result.errors;
          round[side] = { rps: result.rps, p95: result.p95, apiMs: result.cpu?.apiMs, pgMs: result.cpu?.pgMs, non2xx };
        }
        row.rounds.push(round);
      }
      rows.push(row);
    }
  } finally {
    for (const side of Object.values(sides)) {
      side.app.signal('SIGCONT');
      await side.app.stop();
      await side.sql.end({ timeout: 2 });
    }
    const redis = createRedis(process.env.REDIS_URL || 'redis://127.0.0.1:6379');
    for (const side of ['baseline', 'current']) {
      const keys = await redis.keys(`ilera-bench-${process.pid}-${side}:*`);
      if (keys.length) await redis.del(...keys);
    }
    redis.disconnect();
  }

  const lines: string[] = [];
  lines.push(`Side by side: ${labels.baseline} (${commit.slice(0, 10)}) against the working tree (HEAD ${resolveCommit(root, 'HEAD').slice(0, 7)}${workingTreeDirty() ? ' with uncommitted changes' : ''})`);
  lines.push(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}; API and workers on Node ${apiNode().version} (${apiNode().why}); shared with other work`);
  lines.push(`Data (each version's own seed, vacuumed): ${labels.baseline}: ${sides.baseline.dataSize}; working tree: ${sides.current.dataSize}`);
  lines.push(
    `Date: ${started.toISOString()}; ${opts.connections} connections, ${opts.duration} s a run after a ${opts.warmup} s warm-up, ${opts.rounds} rounds; ` +
      (names.some((n) => scenarios[n].kind === 'open')
        ? `open loop: ${opts.rate ? `${opts.rate}/s` : "the scenario's rate"} for ${opts.openSeconds ? `${opts.openSeconds} s` : "the scenario's seconds"}; `
        : '') +
      `CPU from /proc: the API processes, and the PostgreSQL backends of that version's database`,
  );
  lines.push('');
  lines.push(...sideBySideTable(rows, labels));
  const text = lines.join('\n');
  console.log('\n' + text);
  await mkdir(opts.out, { recursive: true });
  const stamp = started.toISOString().replace(/[:.]/g, '-');
  await writeFile(path.join(opts.out, `side-by-side-${stamp}.md`), text + '\n');
  await writeFile(path.join(opts.out, `side-by-side-${stamp}.json`), JSON.stringify({ opts, commit, labels, rows }, null, 2));
  say(`written ${path.relative(root, path.join(opts.out, `side-by-side-${stamp}.md`))}`);
}

/**
 * Waits until processes are idle: under 5% of a core between them for two seconds running (at
 * most `maxSeconds`). Returns the seconds waited.
 */
async function untilIdle(pids: number[], maxSeconds = 120): Promise<number> {
  const started = performance.now();
  const total = () => pids.reduce((n, pid) => n + cpuMs(pid), 0);
  let last = total();
  let quiet = 0;
  while (quiet < 2 && performance.now() - started < maxSeconds * 1000) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = total();
    quiet = now - last < 50 ? quiet + 1 : 0;
    last = now;
  }
  return (performance.now() - started) / 1000;
}

/** True when the working tree differs from HEAD (tracked files). */
function workingTreeDirty(): boolean {
  return spawnSync('git', ['diff', '--quiet', 'HEAD', '--'], { cwd: root }).status === 1;
}

/** The seeded data's size, as the table reports it. */
async function dataSizeOf(sql: Sql): Promise<string> {
  const [{ pros, docs, appts, revs, insts }] = await sql<{ pros: number; docs: number; appts: number; revs: number; insts: number }[]>`
    SELECT (SELECT count(*) FROM professionals)::int AS pros, (SELECT count(*) FROM search_documents)::int AS docs,
      (SELECT count(*) FROM appointments)::int AS appts, (SELECT count(*) FROM reviews)::int AS revs,
      (SELECT count(*) FROM institutions)::int AS insts`;
  return `${pros} professionals, ${insts} institutions, ${appts} appointments, ${revs} reviews, ${docs} search documents`;
}

async function main() {
  const started = new Date();
  if (opts.baseline) return sideBySide(opts.baseline);
  // Database
  let dbUrl = opts.databaseUrl;
  let stopDb = async () => {};
  if (!dbUrl) {
    const handle = await resolveDatabase(loadConfig());
    dbUrl = handle.url;
    stopDb = handle.stop;
    say(`embedded PostgreSQL at ${dbUrl.replace(/:[^:@/]+@/, ':***@')}`);
  }
  if (opts.seed) {
    say('seeding the national-scale data (this takes minutes)');
    const s = opts.sizes;
    const res = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/seed.ts', '--reset', '--professionals', `${s.professionals}`, '--institutions', `${s.institutions}`,
        '--appointments', `${s.appointments}`, '--reviews', `${s.reviews}`],
      { cwd: root, env: { ...process.env, DATABASE_URL: dbUrl }, stdio: 'inherit' },
    );
    if (res.status !== 0) throw new Error('the seed failed');
  }
  let buildNote = 'web not built (--no-build); server compiled';
  if (!opts.build) {
    const res = spawnSync('npm', ['run', 'build:server', '--silent'], { cwd: root, encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`npm run build:server failed:\n${res.stdout}\n${res.stderr}`);
  } else {
    say('npm run build (web, with the page-weight check)');
    const res = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, encoding: 'utf8' });
    const out = `${res.stdout}\n${res.stderr}`;
    const table = out.slice(out.indexOf('First load per route'));
    console.log(table.trim());
    buildNote = res.status === 0 ? 'build and page-weight check passed' : 'the build or its page-weight check FAILED (see above)';
    if (!out.includes('First load per route')) throw new Error(`the web build failed:\n${out.slice(-3000)}`);
  }

  const sql = createSql(dbUrl, { max: opts.pool });
  const dataSize = await dataSizeOf(sql);
  say(`data: ${dataSize}`);
  const fx = await loadFixtures(sql);
  await writeFile(path.join(root, 'bench', 'fixtures.json'), JSON.stringify(fx));

  // The app, as production runs it: one API process per core (README, "Running in production").
  const app = await startApp(root, dbUrl, opts.apiProcesses, `ilera-bench-${process.pid}`);
  const { apis, workers, procs, ports, base, env } = app;
  const { REDIS_URL: redisUrl, REDIS_PREFIX: redisPrefix } = env;
  const redis = createRedis(redisUrl);
  const capture = capturingSql(dbUrl);
  const queues = createQueues(redis, redisPrefix);
  // Imported here, not at the top: side by side runs only the built apps (dist/), never the API's sources.
  const { buildApp } = await import('@ilera/api/app');
  const captureApp = await buildApp({
    sql: capture.sql,
    redis,
    queues,
    logStream: false,
    config: { ...loadConfig({}), databaseUrl: dbUrl, redisUrl, redisPrefix, sessionSecret: env.SESSION_SECRET, appUrl: base, trustProxy: env.TRUST_PROXY },
  });
  const rows: Row[] = [];
  let approval: ProbeResult | undefined;
  let burst: BurstResult | undefined;
  let staticNotes: string[] = [];
  try {
    await app.ready();
    staticNotes = existsSync(path.join(root, 'web', 'dist', 'index.html')) ? await checkCompression(base) : [];
    for (const n of staticNotes) say(n);

    // Signed-in patients for the bookings.
    const cookies = await signIn(base, fx);
    if (!cookies.length) throw new Error(`no seeded patient could sign in with ${PASSWORD}`);
    say(`${cookies.length} patients signed in`);
    const ctx: LoadContext = {
      bases: ports.map((p) => `http://127.0.0.1:${p}`),
      fx,
      cookies,
      apiPids: apis.map((a) => a.child.pid!),
      postmaster: await localPostmaster(sql),
    };
    say(ctx.postmaster ? `PostgreSQL server pid ${ctx.postmaster}: its CPU is measured` : 'PostgreSQL is not on this machine: its CPU is not measured');

    const [{ hash }] = await sql<{ hash: string }[]>`
      SELECT pw.password_hash AS hash FROM user_passwords pw JOIN users u ON u.id = pw.user_id WHERE u.email = ${fx.patients[0].email}`;
    // D15: approvals, edits and withdrawals during the mixed scenario (bench/change-probe.ts), three a candidate.
    const { candidates, cities } = !opts.only || opts.only.includes('mixed') ? await probeCandidates(sql, 1000) : { candidates: [], cities: new Map<string, string[]>() };
    let nextCandidate = 0;

    const names = scenarioNames.filter((n) => !opts.only || opts.only.includes(n));
    let counter = 0;
    for (const name of names) {
      const s = scenarios[name];
      const row: Row = { name, title: s.title, kind: s.kind, budgetP95: s.budgetP95, notes: [] };
      if (s.kind === 'open') {
        const rate = opts.rate ?? s.rate!;
        const seconds = opts.openSeconds ?? s.seconds!;
        say(`${name}: warm-up ${opts.warmup} s, then ${rate} requests/s for ${seconds} s`);
        counter = (await openLoop(ctx, name, rate, opts.warmup, counter)).next;
        const result = await openLoop(ctx, name, rate, seconds, counter);
        counter = result.next;
        say(`${name}: ${result.rps.toFixed(0)} answers/s, p50 ${result.p50.toFixed(1)} p95 ${result.p95.toFixed(1)} p99 ${result.p99.toFixed(1)} ms, ${cacheText(result.cache)}, RSS ${result.rssMb.toFixed(0)} MB, non-2xx ${JSON.stringify(result.statuses)}, errors ${result.errors}; ${cpuText(result.cpu)}`);
        row.api = result;
        row.notes.push(`${rate}/s for ${seconds} s: ${result.requests} answered, ${result.late} sent more than 10 ms after their time (the runner fell behind; their wait is in the latency)`);
        noteSlowest(row);
        if (s.rawAtRate) {
          // The same requests' SQL replayed at the same rate: what the database alone answers on this machine now.
          const { groups } = await captureStatements(captureApp, capture.take, s, fx, opts.samples);
          row.raw = await openLoopRaw(rate, seconds, (k) => replay(sql, groups[k % groups.length] as Statement[]));
          row.ratio = row.raw.p95 / row.api.p95;
          row.notes.push(`raw SQL at ${rate}/s: p50 ${row.raw.p50.toFixed(1)} p95 ${row.raw.p95.toFixed(1)} p99 ${row.raw.p99.toFixed(1)} ms; API/raw here is raw p95 / API p95`);
          say(`${name} raw SQL at ${rate}/s: p50 ${row.raw.p50.toFixed(1)} p95 ${row.raw.p95.toFixed(1)} ms`);
        }
        rows.push(row);
        continue;
      }
      say(`${name}: warm-up ${opts.warmup} s`);
      const warm = await loadRun(ctx, name, opts.warmup, counter, 0);
      counter = warm.next;
      const runs = [];
      for (let r = 1; r <= opts.repeat; r++) {
        let probe: Promise<ProbeResult> | undefined;
        let done = false;
        if (name === 'mixed') {
          // --change-probes clients at once, each taking the next candidate when its change has shown.
          const take = () => candidates[nextCandidate++];
          probe = Promise.all(Array.from({ length: opts.changeProbes }, () => changeProbe(sql, base, take, cities, () => done))).then((all) => ({
            changes: all.flatMap((a) => a.changes),
            touched: all.flatMap((a) => a.touched),
          }));
        }
        const result = await loadRun(ctx, name, opts.duration, counter, r);
        done = true;
        counter = result.next;
        if (probe) {
          const p = await probe;
          await stageTimes(sql, queues, p.changes);
          approval = approval ? { changes: [...approval.changes, ...p.changes], touched: [...approval.touched, ...p.touched] } : p;
        }
        say(`${name} run ${r}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50.toFixed(1)} p95 ${result.p95.toFixed(1)} p99 ${result.p99.toFixed(1)} ms, ${cacheText(result.cache)}, RSS ${result.rssMb.toFixed(0)} MB, non-2xx ${JSON.stringify(result.statuses)}, errors ${result.errors}; ${cpuText(result.cpu)}`);
        runs.push(result);
      }
      row.api = best(runs);
      row.api.rssMb = Math.max(...runs.map((x) => x.rssMb));
      noteSlowest(row);

      if (s.kind === 'read') {
        const { groups, failures } = await captureStatements(captureApp, capture.take, s, fx, opts.samples);
        if (failures.length) row.notes.push(`${failures.length} sampled requests failed, e.g. ${failures[0]}`);
        const raws = [];
        for (let r = 1; r <= opts.repeat; r++) {
          raws.push(await closedLoop(opts.duration, (k) => replay(sql, groups[k % groups.length] as Statement[])));
        }
        row.raw = best(raws);
        row.ratio = row.api.rps / row.raw.rps;
        const perRequest = groups.reduce((n, g) => n + g.length, 0) / Math.max(1, groups.length);
        row.notes.push(`${perRequest.toFixed(1)} SQL statements per request`);
        say(`${name} raw SQL: ${row.raw.rps.toFixed(0)} req/s, p95 ${row.raw.p95.toFixed(1)} ms; API/raw ${(row.ratio * 100).toFixed(0)}%`);
      } else if (s.kind === 'sign-in') {
        const raws = [];
        for (let r = 1; r <= opts.repeat; r++) {
          raws.push(await closedLoop(opts.duration, async () => {
            if (!(await verifyPassword(hash, PASSWORD))) throw new Error('argon2 refused the password');
          }));
        }
        row.raw = best(raws);
        row.ratio = row.api.rps / row.raw.rps;
        say(`${name} argon2 alone: ${row.raw.rps.toFixed(0)}/s; API/argon2 ${(row.ratio * 100).toFixed(0)}%`);
      }
      rows.push(row);
    }
    if (!opts.only || opts.only.includes('next-slot-burst')) {
      say(`next-slot-burst: booking the next free slot of ${BURST} professionals, then watching the index`);
      // A failed burst is reported, not allowed to lose the scenarios' figures.
      // CPU ms so far of the API processes, the workers process and this database's PostgreSQL backends.
      const burstCpu = async () => {
        const backends = await sql<{ pid: number }[]>`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`;
        return {
          api: apis.reduce((n, a) => n + cpuMs(a.child.pid!), 0),
          workers: cpuMs(workers.child.pid!),
          postgres: Object.fromEntries(backends.map((b) => [b.pid, cpuMs(b.pid)])),
        };
      };
      burst = await nextSlotBurst(sql, base, cookies, fx, BURST, queues, burstCpu, opts.burstWarmup).catch((err: unknown) => {
        say(`next-slot-burst failed: ${(err as Error).message}`);
        return undefined;
      });
    }
  } finally {
    if (approval?.touched.length) await restoreChanged(sql, approval.touched).catch(() => {});
    await captureApp.close();
    await queues.close();
    const keys = await redis.keys(`${redisPrefix}:*`);
    // Let the workers apply the restores before they stop.
    await new Promise((r) => setTimeout(r, 3000));
    await Promise.all(procs.map(stopProcess));
    if (keys.length) await redis.del(...(await redis.keys(`${redisPrefix}:*`)));
    redis.disconnect();
    await capture.sql.end({ timeout: 2 });
    await sql.end({ timeout: 2 });
    await stopDb();
  }

  // ---------------------------------------------------------------- report
  const changes = approval ? summarize(approval.changes) : undefined;
  const approvalP95 = changes?.all.n ? changes.all.p95 : undefined;
  const peakRss = Math.max(...rows.map((r) => r.api?.rssMb ?? 0));
  // The API's processes hold the near-me copy (decision 037; budget 400 MB) unless SEARCH_NEAR_MEMORY=0 (300 MB).
  const rssBudget = process.env.SEARCH_NEAR_MEMORY === '0' ? budgets.rssMb : budgets.rssNearMb;
  const ms = (v?: number) => (v === undefined || Number.isNaN(v) ? '—' : v.toFixed(1));
  const lines: string[] = [];
  lines.push(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB RAM; API and workers on Node ${apiNode().version} (${apiNode().why}); shared with other work`);
  lines.push(`Data: ${dataSize}`);
  lines.push(`Date: ${started.toISOString()}; ${opts.connections} connections, best of ${opts.repeat} × ${opts.duration} s per figure; build: ${buildNote}`);
  lines.push('');
  lines.push('| Scenario | req/s | p50 ms | p95 ms | p99 ms | p95 budget | cache hits | misses p95 ms | raw req/s | API/raw | API RSS MB | non-2xx | verdict |');
  lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|');
  for (const r of rows) {
    const a = r.api!;
    const misses: string[] = [];
    if (r.budgetP95 !== undefined && a.p95 > r.budgetP95) misses.push(`p95 over ${r.budgetP95} ms`);
    if (r.kind === 'read' && r.ratio !== undefined && r.ratio < budgets.rawShare) misses.push(`below ${budgets.rawShare * 100}% of raw`);
    if (a.rssMb > rssBudget) misses.push(`RSS over ${rssBudget} MB`);
    const non2xx = Object.entries(a.statuses).map(([k, v]) => `${k}×${v}`).join(' ') || '0';
    lines.push(
      `| ${r.title} | ${a.rps.toFixed(0)} | ${ms(a.p50)} | ${ms(a.p95)} | ${ms(a.p99)} | ${r.budgetP95 ?? '—'} | ${a.cache ? `${(a.cache.hitRatio * 100).toFixed(0)}%` : '—'} | ${ms(a.cache?.missP95)} | ${r.raw ? r.raw.rps.toFixed(0) : '—'}${r.kind === 'sign-in' ? ' (argon2)' : ''} | ${r.ratio !== undefined ? `${(r.ratio * 100).toFixed(0)}%` : '—'} | ${a.rssMb.toFixed(0)} | ${non2xx} | ${misses.length ? `MISS: ${misses.join('; ')}` : 'ok'} |`,
    );
  }
  lines.push('');
  if (approval && changes) {
    const sp = (x: Spread) => `p50 ${ms(x.p50)} p95 ${ms(x.p95)} p99 ${ms(x.p99)} max ${ms(x.max)} ms (${x.n})`;
    const ok = approvalP95 !== undefined && approvalP95 <= budgets.approvalVisibleP95 && !changes.missed;
    lines.push(
      `Changes searchable during the mixed scenario (D15: approvals, edits, withdrawals, commit to the answer that shows it): ${changes.all.n} changes, ` +
        `${sp(changes.all)}, ${changes.missed} not shown within 15 s (budget p95 ${budgets.approvalVisibleP95} ms: ${ok ? 'ok' : 'MISS'}); ` +
        (['approval', 'edit', 'withdrawal'] as const).map((k) => `${k} ${sp(changes.kinds[k])}`).join('; '),
    );
    lines.push(
      `Change stages (ms): ${Object.entries(changes.stages).map(([k, v]) => `${k} p50 ${ms(v.p50)} p95 ${ms(v.p95)} max ${ms(v.max)}`).join('; ')}; ` +
        `index batch size p50 ${ms(changes.batch.p50)} max ${ms(changes.batch.max)}; polls a change p50 ${ms(changes.polls.p50)} p95 ${ms(changes.polls.p95)}`,
    );
  }
  if (burst) {
    const d = Float64Array.from(burst.delays).sort();
    const p95 = percentile(d, 95);
    lines.push(
      `Next slot searchable after a burst of ${BURST} bookings (issue 17${opts.burstWarmup ? `, after ${opts.burstWarmup} warm-up bookings` : ''}): ${burst.booked} booked in ${burst.bookingSeconds.toFixed(1)} s ` +
        `(refused ${JSON.stringify(burst.refused)}); booking answered to index moved: p50 ${ms(percentile(d, 50))} ms, p95 ${ms(p95)} ms, ` +
        `max ${ms(d[d.length - 1])} ms, ${burst.missed} not moved within 30 s (budget p95 ${budgets.nextSlotVisibleP95} ms: ${p95 <= budgets.nextSlotVisibleP95 && !burst.missed ? 'ok' : 'MISS'}); ` +
        `index ${burst.indexedPerSecond.toFixed(0)} providers/s; outbox ${burst.outbox.events} events relayed at ${burst.outbox.relayedPerSecond.toFixed(0)}/s ` +
        `(last ${ms(burst.outbox.lastRelayMs)} ms after the first); REST search showed the new slot for ${burst.searchShowed} of ${burst.searchChecked} checked`,
    );
    if (burst.stages) {
      lines.push(
        `Burst stages (ms, p50/p95/max over the moved providers; ${burst.indexJobs} index jobs for ${burst.outbox.events} events): ` +
          Object.entries(burst.stages).map(([k, v]) => `${k} ${ms(v.p50)}/${ms(v.p95)}/${ms(v.max)}`).join('; '),
      );
    }
    if (burst.cpuPerBooking) {
      const c = burst.cpuPerBooking;
      lines.push(
        `Burst CPU per booking, first booking to last index move (${burst.cpuSeconds?.toFixed(1)} s): API ${c.api.toFixed(1)} ms, workers process ${c.workers.toFixed(1)} ms, ` +
          `this database's PostgreSQL backends ${c.postgres.toFixed(1)} ms (the bench's own polling included)`,
      );
    }
  }
  const shape = logShape(queryLog({ size: 10000, vocabulary: fx.vocabulary }));
  lines.push(
    `Query log (first 10,000 of the traffic mix): ${shape.distinct} distinct requests, ${(shape.onceShare * 100).toFixed(0)}% of requests seen once, ` +
      `top request ${(shape.top1Share * 100).toFixed(1)}%, top 10 ${(shape.top10Share * 100).toFixed(1)}%; pages: 1 ${(shape.pages.first * 100).toFixed(0)}%, ` +
      `2-5 ${(shape.pages.second5 * 100).toFixed(0)}%, deeper ${(shape.pages.deeper * 100).toFixed(1)}%; clients: ${CLIENTS} addresses`,
  );
  lines.push(`API peak RSS under load: ${peakRss.toFixed(0)} MB (budget ${rssBudget} MB${rssBudget === budgets.rssNearMb ? ' with the near-me copy' : ''}: ${peakRss <= rssBudget ? 'ok' : 'MISS'})`);
  for (const n of staticNotes) lines.push(`Static: ${n}`);
  for (const r of rows) for (const n of r.notes) lines.push(`Note (${r.name}): ${n}`);
  const text = lines.join('\n');
  console.log('\n' + text);
  await mkdir(opts.out, { recursive: true });
  const stamp = started.toISOString().replace(/[:.]/g, '-');
  await writeFile(path.join(opts.out, `bench-${stamp}.md`), text + '\n');
  await writeFile(path.join(opts.out, `bench-${stamp}.json`), JSON.stringify({ opts, dataSize, rows, changes, approval, approvalP95, burst, peakRss, staticNotes }, null, 2));
  say(`written ${path.relative(root, path.join(opts.out, `bench-${stamp}.md`))}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

