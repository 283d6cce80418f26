import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '@ilera/db';
import { createTestDatabase } from '../test/support';
import { createInstitution, createProfessional, createRegisterListing } from '../test/factories';
import { importNetwork, NetworkImportError } from './import-network';

/**
 * `npm run import:network` (issue 45) on small CSV files written here, against a real PostgreSQL: what a
 * first file adds, what a bad row refuses (with its line) and leaves unwritten, that the same file again
 * writes nothing, what a newer file withdraws, the run's record, audit row and search events.
 */
let sql: Sql;
let dir: string;
let listingA: { id: number; code: string };
let listingB: { id: number; code: string };
let hospital: { id: number };
let doctor: { id: number };

beforeAll(async () => {
  ({ sql } = await createTestDatabase());
  dir = await mkdtemp(path.join(os.tmpdir(), 'ilera-network-'));
  listingA = await createRegisterListing(sql, { name: 'Sabo Yaba PHC', facilityCode: '24/16/1/1/1/0007' });
  listingB = await createRegisterListing(sql, { name: 'Onike PHC', facilityCode: '24/16/1/1/1/0008' });
  hospital = await createInstitution(sql, { name: 'Lagoon General Hospital' });
  doctor = await createProfessional(sql);
});
afterAll(async () => {
  await sql.end({ timeout: 2 });
  await rm(dir, { recursive: true, force: true });
});

let files = 0;
async function csv(lines: string[]): Promise<string> {
  const file = path.join(dir, `network-${++files}.csv`);
  await writeFile(file, ['nhfr_facility_code,ilera_id,plan,tier,primary', ...lines].join('\n') + '\n');
  return file;
}

/** The payer's imported rows as a reader sees them: provider, plan, tier, primary, withdrawn. */
async function plans(payer: string) {
  return sql<{ provider: string; plan: string | null; tier: string | null; primary: boolean; withdrawn: boolean }[]>`
    SELECT CASE WHEN professional_id IS NOT NULL THEN 'professional:' || professional_id ELSE 'institution:' || institution_id END AS provider,
      plan, tier, is_primary AS primary, withdrawn_at IS NOT NULL AS withdrawn
    FROM provider_plans WHERE payer_slug = ${payer} AND source = 'import' ORDER BY 1, 2`;
}

/** Every row version of the tables an import writes: PostgreSQL gives a row a new xmin on any write. */
async function versions() {
  const [v] = await sql<Record<string, string | number | null>[]>`
    SELECT (SELECT string_agg(id || ':' || xmin::text, ',' ORDER BY id) FROM provider_plans) AS plans,
      (SELECT string_agg(id || ':' || xmin::text, ',' ORDER BY id) FROM care_facts) AS facts,
      (SELECT string_agg(slug || ':' || xmin::text, ',' ORDER BY slug) FROM payers) AS payers,
      (SELECT count(*)::int FROM outbox) AS outbox, (SELECT count(*)::int FROM network_imports) AS runs,
      (SELECT count(*)::int FROM audit_log) AS audit`;
  return v!;
}

const searchEvents = async (afterId: number) =>
  (
    await sql<{ topic: string; id: string }[]>`
      SELECT topic, payload->>'id' AS id FROM outbox WHERE id > ${afterId} ORDER BY topic, (payload->>'id')::int`
  ).map((e) => `${e.topic}:${e.id}`);
const lastOutboxId = async () => (await sql<{ id: number }[]>`SELECT coalesce(max(id), 0)::int AS id FROM outbox`)[0]!.id;

describe('import:network', () => {
  it('adds a new payer for review and its network, one search event per provider, the run and its audit row', async () => {
    const before = await lastOutboxId();
    const file = await csv([
      `${listingA.code},,Standard,Tier 1,true`,
      `${listingA.code},,Premium,Tier 2,false`,
      `,institution:${hospital.id},,,`,
      `,professional:${doctor.id},Standard,,yes`,
    ]);
    const summary = await importNetwork(sql, { payer: 'lagoon-care-hmo', name: 'Lagoon Care HMO', file });
    expect(summary).toMatchObject({ payerCreated: true, rows: 4, providers: 3, added: 4, updated: 0, unchanged: 0, withdrawn: 0, reindexed: 3 });

    const [payer] = await sql`SELECT name, kind, needs_review FROM payers WHERE slug = 'lagoon-care-hmo'`;
    expect(payer).toEqual({ name: 'Lagoon Care HMO', kind: 'hmo', needsReview: true });
    expect(await plans('lagoon-care-hmo')).toEqual([
      { provider: `institution:${hospital.id}`, plan: null, tier: null, primary: false, withdrawn: false },
      { provider: `institution:${listingA.id}`, plan: 'Premium', tier: 'Tier 2', primary: false, withdrawn: false },
      { provider: `institution:${listingA.id}`, plan: 'Standard', tier: 'Tier 1', primary: true, withdrawn: false },
      { provider: `professional:${doctor.id}`, plan: 'Standard', tier: null, primary: true, withdrawn: false },
    ].sort((a, b) => (a.provider + a.plan).localeCompare(b.provider + b.plan)));
    expect(await searchEvents(before)).toEqual(
      [`search.institution:${hospital.id}`, `search.institution:${listingA.id}`, `search.professional:${doctor.id}`].sort((a, b) =>
        a.localeCompare(b, undefined, { numeric: true }),
      ),
    );
    // The care facts say who set the plans.
    const facts = await sql`SELECT plans_set_by FROM care_facts WHERE institution_id = ${listingA.id}`;
    expect(facts).toEqual([{ plansSetBy: 'import' }]);

    const [run] = await sql`SELECT id::int, payer_slug, file_name, finished_at IS NOT NULL AS finished, summary FROM network_imports ORDER BY id DESC LIMIT 1`;
    expect(run).toMatchObject({ id: summary.importId, payerSlug: 'lagoon-care-hmo', fileName: path.basename(file), finished: true });
    expect(run!.summary).toMatchObject({ added: 4, withdrawn: 0 });
    const [audit] = await sql`SELECT action, target_type, target_id, outcome, detail FROM audit_log ORDER BY id DESC LIMIT 1`;
    expect(audit).toMatchObject({ action: 'import_network', targetType: 'payer', targetId: 'lagoon-care-hmo', outcome: 'success' });
    expect(audit!.detail).toMatchObject({ importId: summary.importId, added: 4 });
  });

  it('writes nothing when the same file is imported again', async () => {
    const file = await csv([
      `${listingA.code},,Standard,Tier 1,true`,
      `${listingA.code},,Premium,Tier 2,false`,
      `,institution:${hospital.id},,,`,
      `,professional:${doctor.id},Standard,,yes`,
    ]);
    const before = await versions();
    const summary = await importNetwork(sql, { payer: 'lagoon-care-hmo', file });
    expect(summary).toMatchObject({ importId: null, rows: 4, added: 0, updated: 0, unchanged: 4, withdrawn: 0, reindexed: 0 });
    expect(await versions()).toEqual(before);
  });

  it('withdraws the rows a newer file lacks, updates changed ones, reindexes only those providers', async () => {
    const before = await lastOutboxId();
    const file = await csv([
      `${listingA.code},,Standard,Tier 1,false`, // primary changed
      `,institution:${hospital.id},,,`, // unchanged
      `${listingB.code},,Standard,Tier 1,true`, // new
      // listingA's Premium and the doctor's Standard are gone
    ]);
    const summary = await importNetwork(sql, { payer: 'lagoon-care-hmo', file });
    expect(summary).toMatchObject({ rows: 3, added: 1, updated: 1, unchanged: 1, withdrawn: 2, reindexed: 3 });
    const rows = await plans('lagoon-care-hmo');
    expect(rows.filter((r) => r.withdrawn).map((r) => `${r.provider}/${r.plan}`).sort()).toEqual(
      [`institution:${listingA.id}/Premium`, `professional:${doctor.id}/Standard`].sort(),
    );
    expect(rows.find((r) => r.provider === `institution:${listingA.id}` && r.plan === 'Standard')).toMatchObject({ primary: false, withdrawn: false });
    expect(rows.find((r) => r.provider === `institution:${listingB.id}`)).toMatchObject({ plan: 'Standard', primary: true, withdrawn: false });
    // The hospital's row did not change: no event for it.
    expect(await searchEvents(before)).toEqual(
      [`search.institution:${listingA.id}`, `search.institution:${listingB.id}`, `search.professional:${doctor.id}`].sort((a, b) =>
        a.localeCompare(b, undefined, { numeric: true }),
      ),
    );

    // A withdrawn row named again comes back.
    const again = await importNetwork(sql, {
      payer: 'lagoon-care-hmo',
      file: await csv([`${listingA.code},,Standard,Tier 1,false`, `,institution:${hospital.id},,,`, `${listingB.code},,Standard,Tier 1,true`, `,professional:${doctor.id},Standard,,true`]),
    });
    expect(again).toMatchObject({ added: 0, updated: 1, unchanged: 3, withdrawn: 0, reindexed: 1 });
    expect((await plans('lagoon-care-hmo')).find((r) => r.provider === `professional:${doctor.id}`)).toMatchObject({ withdrawn: false, primary: true });
  });

  it('reports every bad row with its line and writes nothing', async () => {
    const before = await versions();
    const file = await csv([
      `${listingA.code},,Standard,,true`, // line 2: good
      `${listingA.code},institution:${hospital.id},Standard,,`, // 3: both ids
      `,,Standard,,`, // 4: no id
      `,hospital:12,,,`, // 5: bad ilera_id
      `99/99/9/9/9/9999,,,,`, // 6: unknown code
      `,professional:999999,,,`, // 7: unknown professional
      `,institution:${hospital.id},,,maybe`, // 8: bad primary
      `${listingA.code},,Standard,Tier 3,false`, // 9: same provider and plan as line 2
      `,institution:${hospital.id},,`, // 10: a field too few
    ]);
    const err = await importNetwork(sql, { payer: 'lagoon-care-hmo', file }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkImportError);
    const bad = (err as NetworkImportError).badRows;
    expect(bad.map((b) => b.line)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    expect(bad.find((b) => b.line === 6)!.reason).toContain('99/99/9/9/9/9999');
    expect(bad.find((b) => b.line === 9)!.reason).toContain('line 2');
    expect(await versions()).toEqual(before);

    // A bad row in a file of a new payer: the payer is not added either.
    const other = await importNetwork(sql, { payer: 'not-yet-a-payer', file: await csv([`,professional:999999,,,`]) }).catch((e: unknown) => e);
    expect(other).toBeInstanceOf(NetworkImportError);
    expect(await sql`SELECT 1 FROM payers WHERE slug = 'not-yet-a-payer'`).toHaveLength(0);
  });

  it('refuses a wrong header, an empty file, a bad slug or kind', async () => {
    const wrong = path.join(dir, 'wrong-header.csv');
    await writeFile(wrong, 'code,id,plan,tier,primary\n1,,,,\n');
    await expect(importNetwork(sql, { payer: 'lagoon-care-hmo', file: wrong })).rejects.toThrow(/header must be nhfr_facility_code,ilera_id,plan,tier,primary/);
    await expect(importNetwork(sql, { payer: 'lagoon-care-hmo', file: await csv([]) })).rejects.toThrow(/no rows/);
    await expect(importNetwork(sql, { payer: 'Lagoon Care', file: await csv([`,institution:${hospital.id},,,`]) })).rejects.toThrow(/not a slug/);
    await expect(importNetwork(sql, { payer: 'x-hmo', kind: 'bank', file: await csv([`,institution:${hospital.id},,,`]) })).rejects.toThrow(/--kind/);
  });

  it('keeps other payers and the provider’s own plans as they are', async () => {
    await sql`INSERT INTO payers (slug, name, kind) VALUES ('nhia', 'NHIA', 'nhia') ON CONFLICT DO NOTHING`;
    await sql`INSERT INTO provider_plans (institution_id, payer_slug, plan, source) VALUES (${hospital.id}, 'lagoon-care-hmo', 'Gold', 'provider')`;
    await sql`UPDATE care_facts SET plans_set_by = 'provider' WHERE institution_id = ${hospital.id}`;
    const summary = await importNetwork(sql, { payer: 'nhia', kind: 'nhia', name: 'ignored for a known payer', file: await csv([`,institution:${hospital.id},,,true`]) });
    expect(summary).toMatchObject({ payerCreated: false, added: 1 });
    expect(await sql`SELECT name FROM payers WHERE slug = 'nhia'`).toEqual([{ name: 'NHIA' }]);
    // The hospital's lagoon-care-hmo rows (imported and its own) are untouched by another payer's file.
    expect((await plans('lagoon-care-hmo')).find((r) => r.provider === `institution:${hospital.id}`)).toMatchObject({ withdrawn: false });
    expect(await sql`SELECT 1 FROM provider_plans WHERE source = 'provider' AND withdrawn_at IS NULL AND institution_id = ${hospital.id}`).toHaveLength(1);
    // The provider set its plans itself: an import does not take the setter over.
    expect(await sql`SELECT plans_set_by FROM care_facts WHERE institution_id = ${hospital.id}`).toEqual([{ plansSetBy: 'provider' }]);
  });

  it('takes a listed payer’s plans only, spelt as the payer lists them', async () => {
    await sql`INSERT INTO payers (slug, name, kind, plans) VALUES ('lshs', 'Lagos State Health Scheme', 'state_scheme',
      ${sql.json([{ name: 'Ilera Eko', tier: null }, { name: 'Ilera Eko Plus', tier: 'Tier 2' }])})`;
    const err = await importNetwork(sql, { payer: 'lshs', file: await csv([`,institution:${hospital.id},ilera eko,,`, `,institution:${hospital.id},Gold,,`]) }).catch((e: unknown) => e);
    expect((err as NetworkImportError).badRows).toEqual([{ line: 3, reason: expect.stringContaining('no plan "Gold"') }]);
    expect(await plans('lshs')).toEqual([]);
    const ok = await importNetwork(sql, { payer: 'lshs', file: await csv([`,institution:${hospital.id},ilera eko,,`, `,institution:${hospital.id},,,`]) });
    expect(ok).toMatchObject({ added: 2 });
    expect((await plans('lshs')).map((p) => p.plan)).toEqual(['Ilera Eko', null]);
  });

  it('runs as an npm command and prints the bad rows with their lines', async () => {
    const file = await csv([`,institution:${hospital.id},,,`, `,professional:0,,,`]);
    const run = promisify(execFile);
    const root = path.resolve(import.meta.dirname, '..');
    const fresh = await createTestDatabase();
    await fresh.sql.end({ timeout: 2 });
    const url = fresh.url;
    const failed = await run(process.execPath, ['--import', 'tsx', 'scripts/import-network.ts', '--payer', 'cli-hmo', '--file', file], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url },
    }).catch((e: { code: number; stderr: string }) => e);
    expect((failed as { code: number }).code).toBe(1);
    expect((failed as { stderr: string }).stderr).toContain('line 3: ilera_id "professional:0" is not institution:N or professional:N');
  });
});
