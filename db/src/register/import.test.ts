import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchNigeriaState } from '@ilera/contracts';
import type { Sql } from '@ilera/db';
import { createTestDatabase } from '../../../test/support';
import { writeRegisterFile, type GeneratedBadRow } from './generate';
import { importRegister } from './import';
import { REGISTER_HEADER } from './rows';

/**
 * The register import on files of invented rows in the register's exact format, against a real
 * PostgreSQL: what it creates, what it refuses and where, what a second run of the same or a newer
 * file writes (and does not), and a run killed with SIGKILL finished by the next.
 */
let sql: Sql;
let dir: string;
let file: string;
let bad: GeneratedBadRow[];
const ROWS = 400;

/** What a listing is, row by row: the state the tests compare. */
async function listings(db: Sql) {
  return db<{ key: string; hash: string; name: string; state: string; lga: string | null; lat: number | null; latest: boolean; claimed: boolean }[]>`
    SELECT r.register_key AS key, r.fields_hash AS hash, i.name, i.state, i.lga, i.latitude AS lat, r.in_latest_register AS latest,
      i.user_id IS NOT NULL AS claimed
    FROM register_listings r JOIN institutions i ON i.id = r.institution_id ORDER BY r.register_key`;
}

/** Every row version of the register's tables: PostgreSQL gives a row a new xmin on any write. */
async function versions(db: Sql) {
  const [v] = await db<{ institutions: string; listings: string; outbox: number; runs: number }[]>`
    SELECT (SELECT string_agg(id || ':' || xmin::text, ',' ORDER BY id) FROM institutions) AS institutions,
      (SELECT string_agg(institution_id || ':' || xmin::text, ',' ORDER BY institution_id) FROM register_listings) AS listings,
      (SELECT count(*)::int FROM outbox) AS outbox, (SELECT count(*)::int FROM register_imports) AS runs`;
  return v!;
}

/** `fn` on a database of its own (the file's shared one holds the first tests' listings). */
async function onFreshDatabase(fn: (db: { url: string; sql: Sql }) => Promise<void>) {
  const db = await createTestDatabase();
  try {
    await fn(db);
  } finally {
    await db.sql.end({ timeout: 2 });
  }
}

/** `npm run import:facilities` in its own process, as an operator runs it. */
function importCommand(url: string, args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/import-facilities.ts', ...args, '--quiet'], {
    cwd: path.resolve(__dirname, '../../..'),
    env: { ...process.env, DATABASE_URL: url, DATA_DIR: dir, TYPESENSE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: string | null; out: string }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, out })),
  );
  return { child, output: () => out, exited };
}

beforeAll(async () => {
  ({ sql } = await createTestDatabase());
  dir = await mkdtemp(path.join(os.tmpdir(), 'ilera-register-'));
  file = path.join(dir, 'register.csv');
  bad = await writeRegisterFile(file, { rows: ROWS, badRows: 10, seed: 5 });
}, 120_000);
afterAll(async () => {
  await sql?.end({ timeout: 2 });
  await rm(dir, { recursive: true, force: true });
});

describe('importing the register', () => {
  it('creates one public, unowned, unbookable listing per good row and reports every bad row with its line and reason', async () => {
    const { summary, badRows } = await importRegister(sql, { file });
    expect(badRows.map((b) => ({ line: b.line, reason: b.reason }))).toEqual(bad);
    expect(bad).toHaveLength(10);
    expect(summary).toMatchObject({
      rows: ROWS + 10,
      created: ROWS,
      updated: 0,
      unchanged: 0,
      claimedProtected: 0,
      notInLatest: 0,
      events: ROWS,
      bad: { no_identifier: 2, outside_nigeria: 2, unknown_state: 2, duplicate_key: 2, broken_line: 2 },
    });
    const [counts] = await sql`
      SELECT count(*)::int AS listings,
        count(*) FILTER (WHERE i.user_id IS NULL AND i.status = 'approved' AND i.booking_mode = 'directory')::int AS public_unowned,
        count(*) FILTER (WHERE i.location_source = 'register' AND i.latitude BETWEEN 4 AND 14)::int AS located,
        count(DISTINCT i.id)::int AS institutions,
        (SELECT count(*)::int FROM institutions) AS all_institutions,
        (SELECT count(*)::int FROM outbox WHERE topic = 'search.institution') AS events
      FROM register_listings r JOIN institutions i ON i.id = r.institution_id`;
    expect(counts).toEqual({ listings: ROWS, publicUnowned: ROWS, located: ROWS, institutions: ROWS, allInstitutions: ROWS, events: ROWS });
    // The register writes the FCT 'Fct': stored as the app stores it; eHealth rows are keyed by globalid.
    const [fct] = await sql`SELECT count(*)::int AS n FROM institutions WHERE state = 'FCT'`;
    expect(fct!.n).toBeGreaterThan(0);
    const [keys] = await sql`SELECT count(*) FILTER (WHERE register_key LIKE 'globalid:%')::int AS ehealth, count(*) FILTER (WHERE register_key LIKE 'code:%')::int AS coded FROM register_listings`;
    expect(keys!.ehealth).toBeGreaterThan(0);
    expect(keys!.coded).toBeGreaterThan(ROWS / 2);
    const [run] = await sql`SELECT finished_at IS NOT NULL AS finished, summary->>'created' AS created FROM register_imports`;
    expect(run).toEqual({ finished: true, created: String(ROWS) });
  });

  it('writes nothing when the same file comes again: no listing, no register row, no search event', async () => {
    const before = await versions(sql);
    const { summary } = await importRegister(sql, { file });
    expect(summary).toMatchObject({ created: 0, updated: 0, unchanged: ROWS, claimedProtected: 0, notInLatest: 0, events: 0 });
    const after = await versions(sql);
    expect(after.institutions).toBe(before.institutions);
    expect(after.listings).toBe(before.listings);
    expect(after.outbox).toBe(before.outbox);
    expect(after.runs).toBe(before.runs + 1);
  });

  it('applies a newer file to unclaimed listings, keeps a claimed one as its owner left it (the change waits for admins), marks the missing', async () => {
    // Facility 10 (renamed in the newer file) has been claimed and its owner renamed it.
    const [claimed] = await sql<{ id: number; key: string }[]>`
      SELECT r.institution_id AS id, r.register_key AS key FROM register_listings r JOIN institutions i ON i.id = r.institution_id
      ORDER BY r.institution_id OFFSET 9 LIMIT 1`;
    await sql`INSERT INTO users (id, email, user_type) VALUES ('owner-1', 'owner@example.com', 'institution')`;
    await sql`UPDATE institutions SET user_id = 'owner-1', name = 'Owner''s Own Name' WHERE id = ${claimed!.id}`;
    const before = new Map((await listings(sql)).map((l) => [l.key, l]));
    const [{ lastEvent }] = await sql<{ lastEvent: number }[]>`SELECT coalesce(max(id), 0)::int AS last_event FROM outbox`;

    const newer = path.join(dir, 'newer.csv');
    await writeRegisterFile(newer, { rows: ROWS, badRows: 10, seed: 5, renameEvery: 10, dropEvery: 25, lastUpdated: '2025-06-30' });
    const { summary } = await importRegister(sql, { file: newer });

    const dropped = ROWS / 25;
    const after = await listings(sql);
    expect(after).toHaveLength(ROWS); // nothing deleted
    expect(after.filter((l) => !l.latest)).toHaveLength(dropped);
    expect(summary.notInLatest).toBe(dropped);
    // Every row still in the file changed (a new last_updated); the claimed one only through `pending`.
    expect(summary).toMatchObject({ created: 0, unchanged: 0, updated: ROWS - dropped - 1, claimedProtected: 1 });
    const mine = after.find((l) => l.key === claimed!.key)!;
    expect(mine).toMatchObject({ name: "Owner's Own Name", claimed: true, hash: before.get(claimed!.key)!.hash });
    const [pending] = await sql`SELECT pending->'fields'->>'name' AS name, pending->'fields'->>'registerUpdated' AS updated FROM register_listings WHERE institution_id = ${claimed!.id}`;
    expect(pending!.name).toMatch(/ Annex$/);
    expect(pending!.updated).toBe('2025-06-30');
    // Renamed unclaimed listings carry the register's new name.
    const renamed = after.filter((l) => !l.claimed && l.name.endsWith(' Annex'));
    expect(renamed.length).toBeGreaterThan(ROWS / 10 - dropped - 2);
    // One search event per changed unclaimed listing and per listing marked missing; none for the claimed one.
    const [events] = await sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE (payload->>'id')::int = ${claimed!.id})::int AS claimed
      FROM outbox WHERE id > ${lastEvent}`;
    expect(summary.events).toBe(ROWS - 1);
    expect(events).toEqual({ n: ROWS - 1, claimed: 0 });

    // The same newer file again: nothing to write, the claimed listing's pending change included.
    const again = await importRegister(sql, { file: newer });
    expect(again.summary).toMatchObject({ created: 0, updated: 0, claimedProtected: 0, notInLatest: 0, events: 0, unchanged: ROWS - dropped });
  });
});

describe('an extract of the register (--partial)', () => {
  it('marks none of the listings it lacks as missing', async () => {
    await onFreshDatabase(async (db) => {
    const whole = path.join(dir, 'whole.csv');
    const half = path.join(dir, 'half.csv');
    await writeRegisterFile(whole, { rows: 60, seed: 21 });
    await writeRegisterFile(half, { rows: 60, seed: 21, dropEvery: 2 });
    await importRegister(db.sql, { file: whole });
    const partial = await importRegister(db.sql, { file: half, coverage: 'none' });
    expect(partial.summary).toMatchObject({ notInLatest: 0, unchanged: 30 });
    const complete = await importRegister(db.sql, { file: half, coverage: 'full' });
    expect(complete.summary.notInLatest).toBe(30);
    });
  });
});

/** A register file of the given rows (the register's columns; absent ones empty). */
async function writeRows(file: string, rows: Partial<Record<(typeof REGISTER_HEADER)[number], string>>[]) {
  const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  await writeFile(file, [REGISTER_HEADER.join(','), ...rows.map((r) => REGISTER_HEADER.map((c) => cell(r[c] ?? '')).join(','))].join('\n') + '\n');
}

/** The generated file's rows of one state (the register's spelling varies), every `dropEvery`-th of them left out. */
async function rowsOfState(from: string, to: string, stateCode: string, dropEvery: number) {
  const text = await readFile(from, 'utf8');
  const [header, ...lines] = text.trimEnd().split('\n');
  const kept: string[] = [];
  let n = 0;
  let dropped = 0;
  for (const l of lines) {
    const [record] = parseCsv(l) as string[][];
    if (matchNigeriaState(record![REGISTER_HEADER.indexOf('state')])?.code !== stateCode) continue;
    if (++n % dropEvery === 0) dropped++;
    else kept.push(l);
  }
  await writeFile(to, [header, ...kept].join('\n') + '\n');
  return { kept: kept.length, dropped };
}

describe('a file of a few states (issue 48)', () => {
  it('marks missing only the listings of the states it has rows for; --full marks every listing it lacks', async () => {
    await onFreshDatabase(async (db) => {
      const national = path.join(dir, 'national.csv');
      const lagos = path.join(dir, 'lagos.csv');
      await writeRegisterFile(national, { rows: 300, seed: 31 });
      const first = await importRegister(db.sql, { file: national, coverage: 'full' });
      expect(first.summary).toMatchObject({ created: 300, notInLatest: 0, covers: 'all' });
      const { kept, dropped } = await rowsOfState(national, lagos, 'LA', 4);
      expect(kept).toBeGreaterThan(10);
      expect(dropped).toBeGreaterThan(2);

      // The Lagos rows alone, a quarter of them left out: only those are not in the latest register.
      const handed: number[] = [];
      const partial = await importRegister(db.sql, { file: lagos, index: async (ids) => void handed.push(...ids) });
      expect(partial.summary).toMatchObject({ rows: kept, unchanged: kept, notInLatest: dropped, covers: ['Lagos'] });
      const missing = await db.sql<{ state: string; n: number }[]>`
        SELECT i.state, count(*)::int AS n FROM register_listings r JOIN institutions i ON i.id = r.institution_id
        WHERE NOT r.in_latest_register GROUP BY 1`;
      expect(missing).toEqual([{ state: 'Lagos', n: dropped }]);
      // Only what changed is indexed again: the listings marked, not the country.
      expect(handed).toHaveLength(dropped);

      // The same file said to be the national one: every listing outside it is marked.
      const full = await importRegister(db.sql, { file: lagos, coverage: 'full' });
      expect(full.summary.notInLatest).toBe(300 - kept - dropped);
      const [{ n }] = await db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM register_listings WHERE NOT in_latest_register`;
      expect(n).toBe(300 - kept);
    });
  });

  it('npm run import:facilities: a file of one state leaves the others alone and rebuilds nothing; --full says it is the national file', async () => {
    await onFreshDatabase(async (db) => {
      const national = path.join(dir, 'national-cli.csv');
      const lagos = path.join(dir, 'lagos-cli.csv');
      await writeRegisterFile(national, { rows: 300, seed: 32 });
      await importRegister(db.sql, { file: national, coverage: 'full' });
      const { kept, dropped } = await rowsOfState(national, lagos, 'LA', 5);
      const partial = await importCommand(db.url, ['--file', lagos]).exited;
      expect(partial.code, partial.out).toBe(0);
      expect(partial.out).toMatch(new RegExp(`not in latest +${dropped} \\(states covered: Lagos\\)`));
      expect(partial.out).toMatch(new RegExp(`indexed +${dropped}\\n`));
      const full = await importCommand(db.url, ['--file', lagos, '--full']).exited;
      expect(full.code, full.out).toBe(0);
      expect(full.out).toMatch(new RegExp(`not in latest +${300 - kept - dropped} \\(the national file: every state\\)`));
    });
  }, 120_000);
});

describe("a register row without coordinates (issue 48, D23)", () => {
  it("gets its LGA's centre, marked approximate, as does an institution without a pin; a row with coordinates keeps them", async () => {
    await onFreshDatabase(async (db) => {
      const base = { country: 'Nigeria', iso: 'NGA', state: 'Lagos', lga: 'Surulere', lga_name_disagreement: 'No', ward: 'Itire', facility_level: 'Primary', facility_level_option: 'Primary Health Center', ownership: 'Public', last_updated: '2024-11-11' };
      const row = (n: number, lat: string, lng: string) => ({
        ...base, OBJECTID: String(n), globalid: `{00000000-0000-4000-8000-00000000000${n}}`, nhfr_facility_code: `25/17/1/1/1/000${n}`,
        facility_name: `Surulere Health Centre ${n}`, latitude: lat, longitude: lng,
      });
      // Three located facilities in Surulere (Lagos): the centre is the median of each coordinate, 6.50 / 3.35.
      const located = [row(1, '6.49', '3.34'), row(2, '6.5', '3.35'), row(3, '6.9', '3.36')];
      // Surulere in Oyo is another LGA: it does not move Lagos's centre.
      const oyo = { ...row(4, '8.1', '4.3'), state: 'Oyo' };
      // A newly registered institution in Surulere without a pin, before the register placed the LGA.
      await db.sql`INSERT INTO users (id, email, user_type) VALUES ('own-1', 'own@example.com', 'institution')`;
      const [own] = await db.sql<{ id: number }[]>`
        INSERT INTO institutions (user_id, name, type, services, state, lga, status) VALUES ('own-1', 'Itire Family Clinic', 'clinic', '{}', 'Lagos', 'Surulere', 'pending') RETURNING id`;
      const file = path.join(dir, 'unlocated.csv');
      await writeRows(file, [...located, oyo, row(5, '', '')]);
      const { summary } = await importRegister(db.sql, { file, events: true });
      expect(summary).toMatchObject({ created: 5, lgaCentres: 2 });
      const at = async (where: string) => {
        const [r] = await db.sql.unsafe(`SELECT latitude, longitude, location_source FROM institutions WHERE ${where}`);
        return r;
      };
      expect(await at(`name = 'Surulere Health Centre 5'`)).toEqual({ latitude: 6.5, longitude: 3.35, locationSource: 'lga_centre' });
      expect(await at(`id = ${own!.id}`)).toEqual({ latitude: 6.5, longitude: 3.35, locationSource: 'lga_centre' });
      expect(await at(`name = 'Surulere Health Centre 3'`)).toEqual({ latitude: 6.9, longitude: 3.36, locationSource: 'register' });
      // Each one placed goes to the index worker.
      const [events] = await db.sql`SELECT count(*)::int AS n FROM outbox WHERE topic = 'search.institution' AND (payload->>'id')::int = ${own!.id}`;
      expect(events!.n).toBe(1);

      // A newer file moves a facility: the centre moves with it; a second run of it writes nothing more.
      const newer = path.join(dir, 'unlocated-newer.csv');
      await writeRows(newer, [row(1, '6.49', '3.34'), { ...row(2, '6.52', '3.35'), last_updated: '2025-01-01' }, row(3, '6.9', '3.36'), oyo, row(5, '', '')]);
      expect((await importRegister(db.sql, { file: newer })).summary.lgaCentres).toBe(2);
      expect(await at(`id = ${own!.id}`)).toEqual({ latitude: 6.52, longitude: 3.35, locationSource: 'lga_centre' });
      expect((await importRegister(db.sql, { file: newer })).summary.lgaCentres).toBe(0);
      // A pin of its own is never replaced.
      await db.sql`UPDATE institutions SET latitude = 6.48, longitude = 3.36, location_source = 'pin' WHERE id = ${own!.id}`;
      await writeRows(newer, [row(1, '6.49', '3.34'), { ...row(2, '6.55', '3.35'), last_updated: '2025-02-01' }, row(3, '6.9', '3.36'), oyo, row(5, '', '')]);
      expect((await importRegister(db.sql, { file: newer })).summary.lgaCentres).toBe(1);
      expect(await at(`id = ${own!.id}`)).toEqual({ latitude: 6.48, longitude: 3.36, locationSource: 'pin' });
    });
  });
});

describe('a file that is not the register', () => {
  it('is refused before anything is written, naming the header it expected', async () => {
    const other = path.join(dir, 'other.csv');
    await writeFile(other, 'name,state,lat,lng\nGeneral Hospital,Lagos,6.5,3.4\n');
    const before = await versions(sql);
    await expect(importRegister(sql, { file: other })).rejects.toThrow(/not the facility register's header[\s\S]*expected: OBJECTID,globalid/);
    await writeFile(other, '');
    await expect(importRegister(sql, { file: other })).rejects.toThrow(/not the facility register's header/);
    expect(await versions(sql)).toEqual(before);
  });
});

describe('a run killed part-way', () => {
  it('is finished by the next run, ending where a clean run ends', async () => {
    const big = path.join(dir, 'big.csv');
    // Enough batches of 250 to kill it part-way with room to spare (it is killed at 1,000 listings); a
    // bigger file proves nothing more and costs two more imports of it.
    const rows = 10_000;
    await writeRegisterFile(big, { rows, badRows: 20, seed: 9 });
    const killed = await createTestDatabase();
    const clean = await createTestDatabase();
    try {
      // --via-outbox: one search event per listing, which the checks below count.
      const cli = () => importCommand(killed.url, ['--file', big, '--batch', '250', '--via-outbox']);
      const first = cli();
      // Kill it once some batches are in, with no warning (as the kernel's OOM killer would).
      for (;;) {
        if (first.child.exitCode !== null) throw new Error(`the import ended before it could be killed:\n${first.output()}`);
        const [{ n }] = await killed.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM register_listings`;
        if (n >= 1000) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      first.child.kill('SIGKILL');
      expect((await first.exited).signal).toBe('SIGKILL');
      const [part] = await killed.sql`SELECT count(*)::int AS n, (SELECT count(*)::int FROM register_imports WHERE finished_at IS NULL) AS open FROM register_listings`;
      expect(part!.n).toBeLessThan(rows);
      expect(part!.open).toBe(1);

      // The next run, and a clean run of the same file on a database of its own (side by side: neither reads the other's).
      const [{ code, out: out2 }, reference] = await Promise.all([cli().exited, importRegister(clean.sql, { file: big })]);
      expect(code, out2).toBe(0);
      expect(out2).toMatch(/finished a run that had stopped part-way/);
      const resumed = JSON.parse(out2.split('\n').find((l) => l.startsWith('{"summary"'))!).summary;

      expect(await listings(killed.sql)).toEqual(await listings(clean.sql));
      const { importId: _a, resumed: _b, ...same } = reference.summary;
      expect(resumed).toMatchObject({ ...same, resumed: true });
      expect(resumed.created).toBe(rows);
      // No row half-written: every unowned institution has its register row, and every listing one search event.
      const [whole] = await killed.sql`
        SELECT (SELECT count(*)::int FROM institutions) AS institutions, (SELECT count(*)::int FROM register_listings) AS listings,
          (SELECT count(DISTINCT payload->>'id')::int FROM outbox WHERE topic = 'search.institution') AS indexed,
          (SELECT count(*)::int FROM register_imports WHERE finished_at IS NULL) AS open`;
      expect(whole).toEqual({ institutions: rows, listings: rows, indexed: rows, open: 0 });
    } finally {
      await killed.sql.end({ timeout: 2 });
      await clean.sql.end({ timeout: 2 });
    }
  }, 240_000);
});

describe('a run that indexes its listings itself', () => {
  it('hands every listing it wrote to the indexer, and again after a run stopped while indexing', async () => {
    await onFreshDatabase(async (db) => {
    const small = path.join(dir, 'small.csv');
    await writeRegisterFile(small, { rows: 120, seed: 11 });
    const failing = importRegister(db.sql, {
      file: small,
      index: async () => {
        throw new Error('killed while indexing');
      },
    });
    await expect(failing).rejects.toThrow('killed while indexing');
    const [open] = await db.sql`SELECT count(*)::int AS n FROM register_imports WHERE finished_at IS NULL`;
    expect(open!.n).toBe(1);

    const handed: number[] = [];
    const { summary } = await importRegister(db.sql, { file: small, index: async (ids) => void handed.push(...ids) });
    const listed = await db.sql<{ id: number }[]>`SELECT institution_id AS id FROM register_listings ORDER BY 1`;
    expect(handed.sort((a, b) => a - b)).toEqual(listed.map((r) => r.id));
    expect(summary).toMatchObject({ resumed: true, created: 120, indexed: 120, events: 0 });
    // No search events: the run indexed its listings itself.
    const [events] = await db.sql`SELECT count(*)::int AS n FROM outbox`;
    expect(events!.n).toBe(0);
    // Once finished, the same file hands nothing over.
    const again: number[] = [];
    await importRegister(db.sql, { file: small, index: async (ids) => void again.push(...ids) });
    expect(again).toEqual([]);
    });
  });
});

describe('npm run import:facilities', () => {
  it('makes the listings searchable itself (the whole collection rebuilt for a big file), and a second run writes no search document', async () => {
    await onFreshDatabase(async (db) => {
    const mid = path.join(dir, 'mid.csv');
    await writeRegisterFile(mid, { rows: 2100, seed: 12 });
    const run = () => importCommand(db.url, ['--file', mid]).exited;
    const first = await run();
    expect(first.code, first.out).toBe(0);
    expect(first.out).toMatch(/indexed +2100/);
    // It ended with VACUUM (ANALYZE) of what it wrote (issue 38): a fresh database has neither yet.
    const vacuumed = await db.sql<{ relname: string }[]>`
      SELECT relname FROM pg_stat_user_tables WHERE last_vacuum IS NOT NULL AND last_analyze IS NOT NULL`;
    expect(vacuumed.map((t) => t.relname)).toEqual(
      expect.arrayContaining(['institutions', 'register_listings', 'register_imports', 'search_documents', 'search_bodies']),
    );
    const docs = () => db.sql<{ n: number; listed: number; newest: string }[]>`
      SELECT count(*)::int AS n, count(*) FILTER (WHERE b.document->>'listed' = 'true')::int AS listed,
        max(d.xmin::text::bigint)::text AS newest
      FROM search_documents d JOIN search_bodies b USING (collection, id) WHERE d.collection = 'institutions'`;
    const [before] = await docs();
    expect(before).toMatchObject({ n: 2100, listed: 2100 });
    const second = await run();
    expect(second.code, second.out).toBe(0);
    expect(second.out).toMatch(/unchanged +2100/);
    expect(second.out).toMatch(/indexed +0/);
    expect((await docs())[0]).toEqual(before);
    });
  }, 120_000);
});
