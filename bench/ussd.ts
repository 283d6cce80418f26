/**
 * Issue 49's USSD bench: a population of scripted handsets (test/africastalking-ussd.ts, the same
 * gateway-and-handset the tests use) against the real API, --sessions sessions at once for --duration
 * seconds, each session one of the menus' paths: the emergency list for a typed LGA, ward or town (with
 * "text me these" one time in four), care near a place with a second page and a choice, My appointments
 * with a PIN, Help. Every step's answer time (client side, the carrier's round trip not included) is
 * reported as p50/p95/p99, per path and overall, with the steps the API refused (limited, failed).
 *
 *   npx tsx bench/ussd.ts --database-url URL [--seed --professionals 50000 --institutions 5000 --register 20000]
 *                         [--sessions 50] [--duration 120] [--think 3-10] [--port 5190] [--api-root DIR] [--cpu-prof DIR]
 *
 * --think MIN-MAX (seconds): before each answer the person reads the screen and types, a time drawn evenly
 * between MIN and MAX (default 3-10: docs/PERFORMANCE.md, "Issue 49: USSD handsets", says why); each handset
 * starts at a random moment within the first MAX seconds, and dials again as soon as a session ends.
 * --think 0 is the closed loop: every handset posts its next step the instant the last answer arrives, which
 * measures how many steps a second the API can answer (a throughput figure, not what people do).
 * --api-root runs the API of another checkout (with its own node_modules: a side-by-side run against the same
 * database); --cpu-prof writes the API's V8 CPU profile (node --cpu-prof) into DIR when the bench ends.
 *
 * The database is the bench's own (--seed resets it: `npm run seed -- --reset ...`). The API runs as
 * `node --import tsx scripts/start.ts --api` (the compiled dist/ is not built here; tsx costs some CPU at first, so a
 * warm-up of a few seconds goes first and is not counted), with the PostgreSQL engine, Redis at
 * REDIS_URL (default 127.0.0.1:6379) under a prefix of its own, and no workers (texts asked for wait in
 * the outbox). A few hundred patients get a USSD PIN (1234) for the appointments path.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { toE164 } from '@ilera/contracts';
import { createSql } from '@ilera/db';
import { hashPassword } from '@ilera/db/passwords';
import { UssdHandset } from '../test/africastalking-ussd';

const { values: argv } = parseArgs({
  options: {
    'database-url': { type: 'string' }, seed: { type: 'boolean' }, professionals: { type: 'string' }, institutions: { type: 'string' }, register: { type: 'string' },
    sessions: { type: 'string' }, duration: { type: 'string' }, port: { type: 'string' }, warmup: { type: 'string' },
    think: { type: 'string' }, 'api-root': { type: 'string' }, 'cpu-prof': { type: 'string' },
  },
});
const url = argv['database-url'] ?? process.env.DATABASE_URL;
if (!url) throw new Error('--database-url is required (the bench\'s own database)');
const sessions = Number(argv.sessions ?? 50);
const [thinkMin, thinkMax] = (() => {
  const m = /^(\d+(?:\.\d+)?)(?:-(\d+(?:\.\d+)?))?$/.exec(argv.think ?? '3-10');
  if (!m) throw new Error('--think is MIN-MAX seconds (3-10), one number, or 0 for the closed loop');
  const lo = Number(m[1]);
  const hi = Number(m[2] ?? m[1]);
  if (hi < lo) throw new Error('--think: MAX below MIN');
  return [lo * 1000, hi * 1000];
})();
const closedLoop = thinkMax === 0;
// With think time a session lasts half a minute or more: the run must hold several of each handset's sessions.
const duration = Number(argv.duration ?? (closedLoop ? 30 : 120));
const warmup = Number(argv.warmup ?? 5);
const port = Number(argv.port ?? 5190);
const root = path.resolve(import.meta.dirname, '..');
const apiRoot = path.resolve(argv['api-root'] ?? root);
const SECRET = randomBytes(16).toString('hex');

if (argv.seed) {
  const sizes = ['--professionals', argv.professionals ?? '50000', '--institutions', argv.institutions ?? '5000', '--register', argv.register ?? '20000', '--appointments', '20000', '--reviews', '0'];
  console.log(`seeding ${sizes.join(' ')}...`);
  const r = spawnSync('npx', ['tsx', 'scripts/seed.ts', '--reset', ...sizes], { cwd: root, stdio: 'inherit', env: { ...process.env, DATABASE_URL: url } });
  if (r.status !== 0) throw new Error('seed failed');
}

const sql = createSql(url, { max: 2 });
const [{ professionals, institutions }] = await sql<{ professionals: number; institutions: number }[]>`
  SELECT (SELECT count(*)::int FROM professionals) AS professionals, (SELECT count(*)::int FROM institutions) AS institutions`;
// Places as people type them: LGAs, towns and wards of located facilities, some misspelt (a letter doubled).
const placeRows = await sql<{ name: string }[]>`
  (SELECT DISTINCT lga AS name FROM institutions WHERE latitude IS NOT NULL AND lga IS NOT NULL LIMIT 150)
  UNION ALL (SELECT DISTINCT city FROM institutions WHERE latitude IS NOT NULL AND city IS NOT NULL LIMIT 100)
  UNION ALL (SELECT DISTINCT ward FROM institutions WHERE latitude IS NOT NULL AND ward IS NOT NULL LIMIT 100)`;
const places = placeRows.map((r) => r.name).filter(Boolean);
places.push('Maiduguri', 'Abeokutta', 'Port Harcourtt', 'Nowhereville');
// Patients with a mobile get a PIN for the appointments path.
const hash = await hashPassword('1234');
const pinned = (await sql<{ id: string; phone: string | null }[]>`SELECT id, phone FROM users WHERE user_type = 'patient' AND phone IS NOT NULL LIMIT 300`)
  .map((u) => ({ id: u.id, phone: toE164(u.phone) }))
  .filter((u): u is { id: string; phone: string } => !!u.phone);
for (const u of pinned) {
  await sql`UPDATE users SET ussd_pin_hash = ${hash}, ussd_phone_e164 = ${u.phone}, ussd_pin_failures = 0, ussd_pin_locked_until = NULL, ussd_pin_set_at = now() WHERE id = ${u.id}`;
}
console.log(`${professionals} professionals, ${institutions} institutions, ${places.length} places, ${pinned.length} patients with a PIN`);

// Its own process group, so that the end of the bench stops tsx's child too.
const cpuProf = argv['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(argv['cpu-prof'])] : [];
const api = spawn(process.execPath, [...cpuProf, '--import', 'tsx', 'scripts/start.ts', '--api'], {
  cwd: apiRoot,
  detached: true,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env, DATABASE_URL: url, PORT: String(port), USSD_CALLBACK_SECRET: SECRET, SESSION_SECRET: randomBytes(24).toString('hex'),
    REDIS_PREFIX: `ilera-bench-ussd-${process.pid}`,
    // The machine is shared (others' tests): the API's own overload guard would answer 503 for their load, not ours.
    LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '0', SEARCH_ENGINE: 'postgres', LOG_LEVEL: 'warn', SMS_CHANNEL: 'files', WHATSAPP_CHANNEL: 'off',
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'ilera-bench-ussd-')), APP_URL: `http://127.0.0.1:${port}`,
  },
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  if (i > 600) throw new Error('the API did not start');
  const ok = await fetch(`${base}/healthz`).then((r) => r.ok).catch(() => false);
  if (ok) break;
  await new Promise((r) => setTimeout(r, 500));
}

type Path = 'emergency' | 'care' | 'appointments' | 'help';
const stepMs: Record<Path, number[]> = { emergency: [], care: [], appointments: [], help: [] };
const refused = { limited: 0, failed: 0, sessions: 0 };
const errors = new Map<string, number>();
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
let counting = false;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A person reading the screen and typing the answer (none in the closed loop, nor in the warm-up). */
const think = () => (closedLoop || !counting ? Promise.resolve() : sleep(thinkMin + Math.random() * (thinkMax - thinkMin)));

async function oneSession(n: number, until: number): Promise<void> {
  const kind: Path = pick(['emergency', 'emergency', 'care', 'care', 'appointments', 'help'] as const);
  const phone = kind === 'appointments' ? pick(pinned).phone : `+23480${String(30000000 + Math.floor(Math.random() * 9999999)).padStart(8, '0')}`;
  const h = new UssdHandset(`${base}/api/ussd/africastalking?secret=${SECRET}`, phone);
  const steps: string[] =
    kind === 'emergency' ? ['1', pick(places), ...(n % 4 === 0 ? ['1'] : ['00'])]
    : kind === 'care' ? ['2', pick(['1', '2', '3']), pick(places), '9', '2']
    : kind === 'appointments' ? ['3', '1234', '1', '00', '0']
    : ['4', '00'];
  let screen = await h.dial();
  for (const s of steps) {
    if (!screen.goesOn) break;
    await think();
    // The run is over: the person stops answering (the carrier would end the session), so that every step
    // counted was answered while all the handsets were in use.
    if (Date.now() >= until) break;
    screen = await h.answer(s);
  }
  for (const text of h.screens) {
    if (text.startsWith('Too many requests')) refused.limited++;
    if (text.startsWith('Sorry, Ilera cannot answer now')) refused.failed++;
  }
  if (counting) {
    stepMs[kind].push(...h.stepMs);
    refused.sessions++;
  }
}

async function handsetLoop(i: number, until: number): Promise<void> {
  // Handsets with think time do not all dial in the same instant.
  if (counting && !closedLoop) await sleep(Math.random() * thinkMax);
  for (let n = i; Date.now() < until; n += sessions) {
    await oneSession(n, until).catch((e: Error) => {
      refused.failed++;
      const why = e.message.slice(0, 60);
      errors.set(why, (errors.get(why) ?? 0) + 1);
    });
  }
}

const load = () => os.loadavg()[0]!.toFixed(1);
const thinking = closedLoop ? 'no think time (closed loop)' : `think time ${thinkMin / 1000}-${thinkMax / 1000} s a step`;
console.log(`warm-up ${warmup} s (closed loop), then ${sessions} concurrent sessions for ${duration} s, ${thinking} (load ${load()})`);
await Promise.all(Array.from({ length: sessions }, (_, i) => handsetLoop(i, Date.now() + warmup * 1000)));
/** A process's CPU time (utime + stime, clock ticks of 10 ms), in ms; 0 when it is gone. */
const cpuMs = (pid: number) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
};
/** The CPU time of the PostgreSQL backends serving this database (the API's pool; PostgreSQL on this machine). */
const backends = async () => {
  const rows = await sql<{ pid: number }[]>`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`;
  return new Map(rows.map((r) => [r.pid, cpuMs(r.pid)]));
};
counting = true;
const loadBefore = load();
const cpuBefore = cpuMs(api.pid!);
const pgBefore = await backends();
const started = Date.now();
await Promise.all(Array.from({ length: sessions }, (_, i) => handsetLoop(i, started + duration * 1000)));
const seconds = (Date.now() - started) / 1000;
const cpuSpent = cpuMs(api.pid!) - cpuBefore;
const pgSpent = [...(await backends())].reduce((sum, [pid, ms]) => sum + ms - (pgBefore.get(pid) ?? 0), 0);

const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const row = (name: string, xs: number[]) =>
  `| ${name} | ${xs.length} | ${pct(xs, 50).toFixed(0)} | ${pct(xs, 95).toFixed(0)} | ${pct(xs, 99).toFixed(0)} | ${Math.max(...xs).toFixed(0)} |`;
const all = Object.values(stepMs).flat();
console.log(`\n${new Date().toISOString()}: ${professionals} professionals, ${institutions} institutions; ${sessions} concurrent sessions, ${thinking}, ${seconds.toFixed(0)} s,`);
console.log(`${refused.sessions} sessions, ${(all.length / seconds).toFixed(0)} steps/s; load average ${loadBefore} before, ${load()} after (2 cores); limited ${refused.limited}, failed ${refused.failed};`);
const perStep = (ms: number) => (ms / Math.max(1, all.length)).toFixed(1);
console.log(`CPU a step: API ${perStep(cpuSpent)} ms, PostgreSQL ${perStep(pgSpent)} ms (${(cpuSpent / 1000).toFixed(1)} s and ${(pgSpent / 1000).toFixed(1)} s over ${all.length} steps)\n`);
console.log('| path | steps | p50 ms | p95 ms | p99 ms | max ms |\n|---|---|---|---|---|---|');
for (const [k, xs] of Object.entries(stepMs)) console.log(row(k, xs));
console.log(row('all', all));
if (errors.size) console.log(`\nsessions that failed: ${[...errors].map(([why, n]) => `${n}x ${why}`).join('; ')}`);

process.kill(-api.pid!, 'SIGTERM');
await sql.end();
process.exit(0);
