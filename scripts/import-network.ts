/**
 * `npm run import:network -- --payer SLUG [--name "Payer name"] [--kind nhia|state_scheme|hmo] --file PATH`
 *
 * Imports one payer's provider network (issue 45, D29, decision 039) into the configured PostgreSQL
 * (DATABASE_URL, else the embedded server under DATA_DIR) as provider_plans rows of source 'import'.
 *
 * The file: CSV, header `nhfr_facility_code,ilera_id,plan,tier,primary`; each row names its provider by
 * exactly one of
 *   - nhfr_facility_code: a register listing's NHFR facility code (its institution), e.g. 24/16/1/1/1/0007;
 *   - ilera_id: `institution:123` or `professional:45` (the id in the profile's address on Ilera).
 * plan and tier may be empty (no plan = every plan of the payer); primary is true/false (yes/no, 1/0;
 * empty = false): a primary (capitation) provider of that plan.
 * A payer that lists its plans (admin area) takes only those, matched without case and stored as listed.
 *
 * All or nothing: every bad row is reported with its line, and when there is one nothing is written.
 * Otherwise one transaction compares the file with the payer's imported rows: new rows are added,
 * changed ones (tier, primary, or withdrawn before) updated, rows the file lacks withdrawn (withdrawn_at);
 * each provider whose plans changed gets one search event (the outbox, as a profile edit) and its care
 * facts' plans are marked set by the import; the run is kept in network_imports with its summary and in
 * the admin activity log (audit_log). The same file again changes nothing and writes nothing.
 * An unknown slug is added to the payer list (needs_review, for an admin to complete).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse';
import { PAYER_SLUG_RE, payerKinds, type PayerKind } from '@ilera/contracts';
import { createSql, loadConfig, migrate, resolveDatabase } from '@ilera/db';
import type { Db, Sql } from '@ilera/db';

const USAGE = 'usage: npm run import:network -- --payer SLUG [--name "Payer name"] [--kind nhia|state_scheme|hmo] --file PATH';
export const NETWORK_HEADER = ['nhfr_facility_code', 'ilera_id', 'plan', 'tier', 'primary'] as const;

function readArgs(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      payer: { type: 'string' },
      name: { type: 'string' },
      kind: { type: 'string' },
      file: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  if (!values.payer) throw new Error(`--payer is required\n${USAGE}`);
  if (!values.file) throw new Error(`--file is required\n${USAGE}`);
  return { payer: values.payer, name: values.name, kind: values.kind, file: values.file };
}

export interface NetworkImportOptions {
  payer: string;
  /** The name of a payer not yet in the list (else the slug); ignored for a known payer. */
  name?: string;
  /** The kind of a payer not yet in the list (default 'hmo'); ignored for a known payer. */
  kind?: string;
  file: string;
}

export interface NetworkBadRow {
  line: number;
  reason: string;
}

export interface NetworkSummary {
  /** null when nothing changed (nothing was written). */
  importId: number | null;
  payer: string;
  payerCreated: boolean;
  rows: number;
  providers: number;
  added: number;
  updated: number;
  unchanged: number;
  withdrawn: number;
  /** Providers whose plans changed: one search event each. */
  reindexed: number;
}

/** The file (or the options) cannot be imported; `badRows` lists each bad row with its line. */
export class NetworkImportError extends Error {
  constructor(
    message: string,
    readonly badRows: NetworkBadRow[] = [],
  ) {
    super(message);
    this.name = 'NetworkImportError';
  }
}

type Kind = 'professional' | 'institution';

interface Row {
  line: number;
  code: string | null;
  ref: { kind: Kind; id: number } | null;
  plan: string | null;
  tier: string | null;
  primary: boolean;
}

const ILERA_ID_RE = /^(institution|professional):([1-9]\d{0,9})$/;
const TRUE = new Set(['true', 'yes', 'y', '1']);
const FALSE = new Set(['', 'false', 'no', 'n', '0']);
const MAX_TEXT = 120;

/** One data row, judged on its own: the row, or why it is bad. */
function rowOf(line: number, record: string[]): Row | string {
  const [code, ileraId, plan, tier, primary] = record.map((v) => v.trim());
  if (code && ileraId) return 'give either nhfr_facility_code or ilera_id, not both';
  if (!code && !ileraId) return 'no provider: give nhfr_facility_code or ilera_id';
  let ref: Row['ref'] = null;
  if (ileraId) {
    const m = ILERA_ID_RE.exec(ileraId.toLowerCase());
    if (!m || Number(m[2]) > 2_147_483_647) return `ilera_id "${ileraId}" is not institution:N or professional:N`;
    ref = { kind: m[1] as Kind, id: Number(m[2]) };
  }
  if (plan!.length > MAX_TEXT) return `plan is longer than ${MAX_TEXT} characters`;
  if (tier!.length > MAX_TEXT) return `tier is longer than ${MAX_TEXT} characters`;
  const p = primary!.toLowerCase();
  if (!TRUE.has(p) && !FALSE.has(p)) return `primary "${primary}" is not true or false`;
  return { line, code: code || null, ref, plan: plan || null, tier: tier || null, primary: TRUE.has(p) };
}

/** Reads and judges the whole file: its rows, and its bad rows with their lines. */
async function readRows(file: string, text: string): Promise<{ rows: Row[]; bad: NetworkBadRow[] }> {
  const rows: Row[] = [];
  const bad: NetworkBadRow[] = [];
  const parser = parse(text, {
    bom: true,
    info: true,
    skip_records_with_error: true,
    relax_quotes: true,
    skip_empty_lines: true,
  });
  parser.on('skip', (err: Error & { lines?: number }) => bad.push({ line: err.lines ?? 0, reason: `broken CSV line: ${err.message}` }));
  let header = true;
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    // csv-parse gives the line a record ends on; a quoted field may hold line breaks.
    const line = info.lines - record.reduce((n, v) => n + (v.match(/\n/g)?.length ?? 0), 0);
    if (header) {
      header = false;
      const got = record.map((h) => h.trim().toLowerCase()).join(',');
      if (got !== NETWORK_HEADER.join(',')) throw new NetworkImportError(`${path.basename(file)}: the header must be ${NETWORK_HEADER.join(',')} (got ${got})`);
      continue;
    }
    const row = rowOf(line, record);
    if (typeof row === 'string') bad.push({ line, reason: row });
    else rows.push(row);
  }
  if (header) throw new NetworkImportError(`${path.basename(file)} is empty: the header must be ${NETWORK_HEADER.join(',')}`);
  return { rows, bad };
}

/** A row whose plan the payer does not offer (reported, then left out). */
const INVALID = '\u0000invalid';

/**
 * A known payer that lists its plans takes only those (as PUT .../care does), spelt as the list spells them;
 * a payer that lists none (one an import added, say) takes any name.
 */
async function matchPlans(sql: Sql, payer: string, rows: Row[], bad: NetworkBadRow[]): Promise<void> {
  const [known] = await sql<{ plans: { name: string }[] }[]>`SELECT plans FROM payers WHERE slug = ${payer}`;
  const listed = new Map((known?.plans ?? []).map((p) => [p.name.toLowerCase(), p.name]));
  if (!listed.size) return;
  for (const r of rows) {
    if (r.plan === null) continue;
    const name = listed.get(r.plan.toLowerCase());
    if (name) r.plan = name;
    else {
      bad.push({ line: r.line, reason: `${payer} has no plan "${r.plan}" (its plans: ${[...listed.values()].join(', ')}; an admin adds plans to the payer)` });
      r.plan = INVALID;
    }
  }
}

interface Resolved extends Row {
  kind: Kind;
  id: number;
}

/** Each row's provider (NHFR codes through the register's unique key), and the rows naming none or a provider twice. */
async function resolveProviders(sql: Sql, rows: Row[], bad: NetworkBadRow[]): Promise<Resolved[]> {
  const codes = [...new Set(rows.filter((r) => r.code).map((r) => `code:${r.code}`))];
  const byCode = new Map(
    (
      await sql<{ key: string; id: number }[]>`
        SELECT register_key AS key, institution_id AS id FROM register_listings WHERE register_key = ANY(${codes}::text[])`
    ).map((r) => [r.key.slice(5), r.id]),
  );
  const idsOf = (kind: Kind) => [...new Set(rows.filter((r) => r.ref?.kind === kind).map((r) => r.ref!.id))];
  const [professionals, institutions] = await Promise.all([
    sql<{ id: number }[]>`SELECT id FROM professionals WHERE id = ANY(${idsOf('professional')}::int[])`,
    sql<{ id: number }[]>`SELECT id FROM institutions WHERE id = ANY(${idsOf('institution')}::int[])`,
  ]);
  const known = { professional: new Set(professionals.map((r) => r.id)), institution: new Set(institutions.map((r) => r.id)) };
  const resolved: Resolved[] = [];
  const seen = new Map<string, number>();
  for (const r of rows) {
    let target: { kind: Kind; id: number } | null = null;
    if (r.code) {
      const id = byCode.get(r.code);
      if (id === undefined) {
        bad.push({ line: r.line, reason: `no register listing has the NHFR facility code "${r.code}"` });
        continue;
      }
      target = { kind: 'institution', id };
    } else {
      if (!known[r.ref!.kind].has(r.ref!.id)) {
        bad.push({ line: r.line, reason: `no ${r.ref!.kind} ${r.ref!.id} on Ilera` });
        continue;
      }
      target = r.ref!;
    }
    const key = planKey(target.kind, target.id, r.plan);
    const first = seen.get(key);
    if (first !== undefined) {
      bad.push({ line: r.line, reason: `the same provider and plan as line ${first}` });
      continue;
    }
    seen.set(key, r.line);
    resolved.push({ ...r, ...target });
  }
  return resolved;
}

const planKey = (kind: Kind, id: number, plan: string | null) => `${kind}:${id}:${plan ?? ''}`;

interface Existing {
  rowId: string;
  kind: Kind;
  id: number;
  plan: string | null;
  tier: string | null;
  primary: boolean;
  withdrawn: boolean;
}

/** The payer, added (needs_review) when the slug is new. Returns whether it was added. */
async function ensurePayer(tx: Db, o: NetworkImportOptions): Promise<boolean> {
  const [row] = await tx<{ slug: string }[]>`
    INSERT INTO payers (slug, name, kind, needs_review) VALUES (${o.payer}, ${o.name?.trim() || o.payer}, ${o.kind ?? 'hmo'}, true)
    ON CONFLICT (slug) DO NOTHING RETURNING slug`;
  return row !== undefined;
}

function checkOptions(o: NetworkImportOptions): void {
  if (!PAYER_SLUG_RE.test(o.payer) || o.payer.length > 60) {
    throw new NetworkImportError(`--payer "${o.payer}" is not a slug (lower-case letters and digits joined by single hyphens, at most 60)`);
  }
  if (o.kind !== undefined && !payerKinds.includes(o.kind as PayerKind)) throw new NetworkImportError(`--kind must be one of ${payerKinds.join(', ')}`);
  if (o.name !== undefined && (o.name.trim().length < 1 || o.name.trim().length > 120)) throw new NetworkImportError('--name must be 1 to 120 characters');
}

/**
 * Imports one payer's network file (see the file's comment). Throws NetworkImportError, having written
 * nothing, for a bad file, bad options or any bad row.
 */
export async function importNetwork(sql: Sql, o: NetworkImportOptions): Promise<NetworkSummary> {
  checkOptions(o);
  const bytes = await readFile(o.file);
  const digest = createHash('sha256').update(bytes).digest('hex');
  const { rows, bad } = await readRows(o.file, bytes.toString('utf8'));
  if (!rows.length && !bad.length) throw new NetworkImportError(`${path.basename(o.file)} has no rows: a network file lists at least one provider`);
  await matchPlans(sql, o.payer, rows, bad);
  const resolved = await resolveProviders(sql, rows.filter((r) => r.plan !== INVALID), bad);
  if (bad.length) {
    bad.sort((a, b) => a.line - b.line);
    throw new NetworkImportError(`${bad.length} bad row${bad.length === 1 ? '' : 's'} in ${path.basename(o.file)}: nothing was imported`, bad);
  }

  const summary: NetworkSummary = {
    importId: null,
    payer: o.payer,
    payerCreated: false,
    rows: rows.length,
    providers: new Set(resolved.map((r) => `${r.kind}:${r.id}`)).size,
    added: 0,
    updated: 0,
    unchanged: 0,
    withdrawn: 0,
    reindexed: 0,
  };
  // A change that writes nothing (the same file again) rolls back: not even the run is recorded.
  const NOTHING = Symbol('nothing changed');
  try {
    await sql.begin(async (tx) => {
      // Two imports of one payer at once would each withdraw what the other added: one after the other.
      await tx`SELECT pg_advisory_xact_lock(hashtext(${`import-network:${o.payer}`}))`;
      summary.payerCreated = await ensurePayer(tx, o);
      const existing = await tx<Existing[]>`
        SELECT id::text AS row_id, CASE WHEN professional_id IS NOT NULL THEN 'professional' ELSE 'institution' END AS kind,
          coalesce(professional_id, institution_id) AS id, plan, tier, is_primary AS primary, withdrawn_at IS NOT NULL AS withdrawn
        FROM provider_plans WHERE payer_slug = ${o.payer} AND source = 'import'`;
      const byKey = new Map(existing.map((e) => [planKey(e.kind, e.id, e.plan), e]));
      const added: Resolved[] = [];
      const updated: { row: Resolved; rowId: string }[] = [];
      const changed = new Set<string>();
      for (const r of resolved) {
        const key = planKey(r.kind, r.id, r.plan);
        const e = byKey.get(key);
        byKey.delete(key);
        if (!e) added.push(r);
        else if (e.withdrawn || e.tier !== r.tier || e.primary !== r.primary) updated.push({ row: r, rowId: e.rowId });
        else {
          summary.unchanged++;
          continue;
        }
        changed.add(`${r.kind}:${r.id}`);
      }
      const withdrawn = [...byKey.values()].filter((e) => !e.withdrawn);
      for (const e of withdrawn) changed.add(`${e.kind}:${e.id}`);
      if (!changed.size) throw NOTHING;

      const [run] = await tx<{ id: string }[]>`
        INSERT INTO network_imports (payer_slug, file_name, file_sha256) VALUES (${o.payer}, ${path.basename(o.file)}, ${digest}) RETURNING id::text`;
      const importId = Number(run!.id);
      summary.importId = importId;
      if (added.length) {
        const json = JSON.stringify(
          added.map((r) => ({
            professional_id: r.kind === 'professional' ? r.id : null,
            institution_id: r.kind === 'institution' ? r.id : null,
            plan: r.plan,
            tier: r.tier,
            is_primary: r.primary,
          })),
        );
        await tx.unsafe(
          `INSERT INTO provider_plans (professional_id, institution_id, payer_slug, plan, tier, is_primary, source, network_import_id)
           SELECT r.professional_id, r.institution_id, $2, r.plan, r.tier, r.is_primary, 'import', $3
           FROM jsonb_to_recordset($1::text::jsonb) AS r(professional_id int, institution_id int, plan text, tier text, is_primary boolean)`,
          [json, o.payer, importId],
        );
      }
      if (updated.length) {
        const json = JSON.stringify(updated.map(({ row, rowId }) => ({ id: rowId, tier: row.tier, is_primary: row.primary })));
        await tx.unsafe(
          `UPDATE provider_plans p SET tier = r.tier, is_primary = r.is_primary, withdrawn_at = NULL, network_import_id = $2, updated_at = now()
           FROM jsonb_to_recordset($1::text::jsonb) AS r(id bigint, tier text, is_primary boolean) WHERE p.id = r.id`,
          [json, importId],
        );
      }
      if (withdrawn.length) {
        await tx`
          UPDATE provider_plans SET withdrawn_at = now(), network_import_id = ${importId}, updated_at = now()
          WHERE id = ANY(${withdrawn.map((e) => e.rowId)}::bigint[])`;
      }
      summary.added = added.length;
      summary.updated = updated.length;
      summary.withdrawn = withdrawn.length;
      summary.reindexed = changed.size;
      await markChanged(tx, changed);

      await tx`UPDATE network_imports SET finished_at = now(), summary = ${tx.json(summary as never)} WHERE id = ${importId}`;
      await tx`
        INSERT INTO audit_log (admin_id, action, target_type, target_id, outcome, detail)
        VALUES (NULL, 'import_network', 'payer', ${o.payer}, 'success',
          ${tx.json({ ...summary, file: path.basename(o.file), sha256: digest } as never)})`;
    });
  } catch (err) {
    if (err !== NOTHING) throw err;
  }
  return summary;
}

/**
 * The providers whose plans changed: one search event each (the topic and payload of a profile edit, so the
 * index worker rebuilds the document with its plans), and their care facts' plans marked set by the import
 * and confirmed now, unless the provider or an admin set them (their confirmation stays theirs).
 */
async function markChanged(tx: Db, changed: Set<string>): Promise<void> {
  for (const kind of ['professional', 'institution'] as const) {
    const ids = [...changed].filter((k) => k.startsWith(`${kind}:`)).map((k) => Number(k.slice(kind.length + 1)));
    if (!ids.length) continue;
    const column = tx(`${kind}_id`);
    await tx`
      INSERT INTO care_facts (${column}, plans_set_by, plans_confirmed_at)
      SELECT x, 'import', now() FROM unnest(${ids}::int[]) AS x
      ON CONFLICT (${column}) DO UPDATE SET plans_set_by = 'import', plans_confirmed_at = now(), updated_at = now()
      WHERE care_facts.plans_set_by IS NULL OR care_facts.plans_set_by = 'import'`;
    await tx`
      INSERT INTO outbox (topic, payload)
      SELECT ${`search.${kind}`}, jsonb_build_object('id', x) FROM unnest(${ids}::int[]) AS x ORDER BY x`;
  }
}

function summaryText(s: NetworkSummary): string {
  if (s.importId === null) return `payer ${s.payer}: ${s.rows} rows, nothing changed (nothing written)`;
  return [
    `network import ${s.importId} of payer ${s.payer}${s.payerCreated ? ' (new payer: an admin should complete it)' : ''}: ${s.rows} rows, ${s.providers} providers`,
    `  added      ${s.added}`,
    `  updated    ${s.updated}`,
    `  unchanged  ${s.unchanged}`,
    `  withdrawn  ${s.withdrawn}`,
    `  reindexed  ${s.reindexed} providers (search events)`,
  ].join('\n');
}

async function main() {
  const args = readArgs(process.argv.slice(2));
  const config = loadConfig();
  const db = await resolveDatabase(config);
  const sql = createSql(db.url, { max: 4 });
  const started = Date.now();
  try {
    await migrate(sql);
    const summary = await importNetwork(sql, args);
    console.log(summaryText(summary));
    console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    console.log(JSON.stringify({ summary }));
  } catch (err) {
    if (err instanceof NetworkImportError) {
      for (const b of err.badRows) console.error(`line ${b.line}: ${b.reason}`);
    }
    throw err;
  } finally {
    await sql.end({ timeout: 5 });
    await db.stop();
  }
}

// Run as a command, not when a test imports importNetwork.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
