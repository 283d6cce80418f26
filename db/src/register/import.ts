// `npm run import:facilities` (issue 33, D22): the national facility register as institution listings.
//
// The file is streamed and written in batches of a few hundred rows, each batch one transaction
// holding its listings, their register rows, their search events (the outbox) and the run's counts
// so far: a row is written whole or not at all, and a killed run leaves whole batches behind. Running
// the same file again continues that run (register_imports, matched by the file's SHA-256): rows the
// killed run wrote compare equal (fields_hash) and are skipped, the rest are written, and the run is
// finished with the counts a clean run would have given.
//
// What a re-import writes: nothing for a row whose fields are unchanged (no listing, no register row,
// no search event); the new fields for an unclaimed listing; for a claimed one (user_id set) the new
// fields wait in register_listings.pending for an admin and the owner's profile stays as it is. A file
// covers the states it has rows for (issue 48): the listings of those states it no longer has are marked
// in_latest_register = false, and no other; the national file (`coverage: 'full'`, the command's --full)
// marks every listing it lacks. At the end every institution without a point of its own whose LGA has
// located facilities gets that LGA's centre, marked approximate (D23: a register row without coordinates,
// an institution that never set a pin).
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse';
import type { Db, Sql } from '../client';
import { REGISTER_HEADER, registerListingOf, type BadRowReason, type RegisterFields, type RegisterListing, type RegisterRow } from './rows';

/** A file whose first line is not the register's header: refused before anything is written. */
export class RegisterHeaderError extends Error {
  constructor(file: string, got: string) {
    super(`${file}: not the facility register's header.\nexpected: ${REGISTER_HEADER.join(',')}\ngot:      ${got}`);
  }
}

export interface BadRow {
  /** The file's line (1 is the header) where the row starts. */
  line: number;
  reason: BadRowReason;
  detail: string;
}

/** Counts a run keeps in register_imports.summary as it goes, so a resumed run ends with a clean run's. */
interface WrittenCounts {
  created: number;
  updated: number;
  /** Claimed listings whose new register fields went to `pending` for admins. */
  claimedProtected: number;
  /** Listings marked not in the latest register by an earlier file and back in this one. */
  returned: number;
  /** Search events written (one per listing created or changed). */
  events: number;
}

export interface ImportSummary extends WrittenCounts {
  importId: number;
  /** This run finished one that was killed part-way. */
  resumed: boolean;
  rows: number;
  unchanged: number;
  bad: Partial<Record<BadRowReason, number>>;
  notInLatest: number;
  /** Rows the register flags with lga_name_disagreement, kept with their LGA as given. */
  lgaDisagreements: number;
  /** Rows whose LGA names none of their state's LGAs (kept as given). */
  lgaUnmatched: number;
  /** Listings indexed by the run itself (options.index). */
  indexed: number;
  /** The states the file has rows for (whose listings it lacks are marked not in the latest register),
   *  or 'all' for the national file. */
  covers: string[] | 'all' | 'none';
  /** Institutions given their LGA's centre (or a new one) by this run. */
  lgaCentres: number;
}

/**
 * Which listings a file's absence marks not in the latest register: 'states' (the default) those of the
 * states the file has rows for, so an extract of a few states leaves the rest of the country alone;
 * 'full' every listing it lacks (the national file); 'none' nothing at all.
 */
export type RegisterCoverage = 'states' | 'full' | 'none';

export interface ImportOptions {
  file: string;
  /** Default 'states' (RegisterCoverage). */
  coverage?: RegisterCoverage;
  batchSize?: number;
  /** Write a search event per changed listing (default) for the index worker. The demo seed, which
   *  rebuilds the whole index right after, turns them off. */
  events?: boolean;
  /** Index the listings the run changed itself (called once, with all of them) instead of one search
   *  event per listing: a whole register is too much for the index worker's batches of 30 (5,000
   *  listings in 16 s, docs/PERFORMANCE.md). The run is finished only once they are indexed: a run
   *  killed while indexing indexes them again. */
  index?: (ids: number[]) => Promise<void>;
  /** Bytes read so far and the file's size. */
  onProgress?: (bytes: number, total: number) => void;
  onBadRow?: (bad: BadRow) => void;
}

export interface ImportResult {
  summary: ImportSummary;
  badRows: BadRow[];
}

const DEFAULT_BATCH = 500;

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The unfinished run of this same file, to finish, or a new run. */
async function openRun(sql: Sql, file: string, digest: string): Promise<{ id: number; resumed: boolean; written: WrittenCounts }> {
  const zero: WrittenCounts = { created: 0, updated: 0, claimedProtected: 0, returned: 0, events: 0 };
  const [open] = await sql<{ id: string; summary: Partial<WrittenCounts> | null }[]>`
    SELECT id::text, summary FROM register_imports
    WHERE file_sha256 = ${digest} AND finished_at IS NULL ORDER BY id DESC LIMIT 1`;
  if (open) return { id: Number(open.id), resumed: true, written: { ...zero, ...(open.summary ?? {}) } };
  const [run] = await sql<{ id: string }[]>`
    INSERT INTO register_imports (file_name, file_sha256) VALUES (${path.basename(file)}, ${digest}) RETURNING id::text`;
  return { id: Number(run!.id), resumed: false, written: zero };
}

interface Existing {
  id: number;
  key: string;
  hash: string;
  pendingHash: string | null;
  latest: boolean;
  lastImportId: number | null;
  claimed: boolean;
}

/** The institution columns a register row sets (a listing's own fields; never an owner's). */
const institutionColumns = (id: number, f: RegisterFields) => ({
  id,
  name: f.name,
  type: f.type,
  city: f.city,
  state: f.state,
  lga: f.lga,
  ward: f.ward,
  ownership: f.ownership,
  ownership_type: f.ownershipType,
  facility_level: f.level,
  latitude: f.latitude,
  longitude: f.longitude,
  location_source: f.latitude === null ? null : 'register',
});

const registerColumns = (id: number, l: RegisterListing, importId: number) => ({
  institution_id: id,
  register_key: l.key,
  globalid: l.fields.globalid,
  nhfr_uid: l.fields.nhfrUid,
  nhfr_facility_code: l.fields.nhfrCode,
  facility_level_option: l.fields.levelOption,
  name_source: l.fields.nameSource,
  coordinates_source: l.fields.coordinatesSource,
  register_updated: l.fields.registerUpdated,
  fields: l.fields,
  fields_hash: l.hash,
  lga_disagrees: l.fields.lgaDisagrees,
  last_import_id: importId,
});

// jsonb_to_recordset's column lists: a batch travels as one JSON parameter, one statement per table.
const INSTITUTION_RECORD = oneLine(`id int, name text, type text, city text, state text, lga text, ward text,
  ownership text, ownership_type text, facility_level text, latitude float8, longitude float8, location_source text`);
const REGISTER_RECORD = oneLine(`institution_id int, register_key text, globalid text, nhfr_uid text,
  nhfr_facility_code text, facility_level_option text, name_source text, coordinates_source text,
  register_updated date, fields jsonb, fields_hash text, lga_disagrees boolean, last_import_id bigint`);

function oneLine(def: string) {
  return def.replace(/\s+/g, ' ').trim();
}

/** Writes one batch in its own transaction (its counts added to run.written); returns the rows it found unchanged. */
async function writeBatch(sql: Sql, run: { id: number; written: WrittenCounts }, batch: RegisterListing[], events: boolean): Promise<number> {
  return sql.begin(async (tx) => {
    const keys = batch.map((l) => l.key);
    // Locks the listings and their institutions: a claim approved meanwhile waits, so no register
    // update lands on a listing that has just got its owner.
    const found = await tx<Existing[]>`
      SELECT r.institution_id AS id, r.register_key AS key, r.fields_hash AS hash, r.pending->>'fieldsHash' AS pending_hash,
        r.in_latest_register AS latest, r.last_import_id::int AS last_import_id, i.user_id IS NOT NULL AS claimed
      FROM register_listings r JOIN institutions i ON i.id = r.institution_id
      WHERE r.register_key = ANY(${keys}::text[])
      FOR UPDATE OF r, i`;
    const byKey = new Map(found.map((e) => [e.key, e]));
    const creates: RegisterListing[] = [];
    const updates: [Existing, RegisterListing][] = [];
    const pending: [Existing, RegisterListing][] = [];
    const returned: Existing[] = [];
    let unchanged = 0;
    for (const l of batch) {
      const e = byKey.get(l.key);
      if (!e) creates.push(l);
      else if (l.hash === e.hash || (e.claimed && l.hash === e.pendingHash)) {
        if (!e.latest) returned.push(e);
        // Written by the killed part of this same run: counted there already.
        else if (e.lastImportId !== run.id) unchanged++;
      } else if (e.claimed) pending.push([e, l]);
      else updates.push([e, l]);
    }
    const changed: number[] = [];
    if (creates.length) {
      const ids = await tx<{ id: number }[]>`SELECT nextval('institutions_id_seq')::int AS id FROM generate_series(1, ${creates.length})`;
      const rows = creates.map((l, n) => ({ listing: l, id: ids[n]!.id }));
      await tx.unsafe(
        `INSERT INTO institutions (id, user_id, status, booking_mode, name, type, city, state, lga, ward, ownership,
           ownership_type, facility_level, latitude, longitude, location_source)
         SELECT r.id, NULL, 'approved', 'directory', r.name, r.type, r.city, r.state, r.lga, r.ward, r.ownership,
           r.ownership_type, r.facility_level, r.latitude, r.longitude, r.location_source
         FROM jsonb_to_recordset($1::text::jsonb) AS r(${INSTITUTION_RECORD})`,
        [JSON.stringify(rows.map((r) => institutionColumns(r.id, r.listing.fields)))],
      );
      await tx.unsafe(
        `INSERT INTO register_listings (institution_id, register_key, globalid, nhfr_uid, nhfr_facility_code,
           facility_level_option, name_source, coordinates_source, register_updated, fields, fields_hash, lga_disagrees, last_import_id)
         SELECT r.* FROM jsonb_to_recordset($1::text::jsonb) AS r(${REGISTER_RECORD})`,
        [JSON.stringify(rows.map((r) => registerColumns(r.id, r.listing, run.id)))],
      );
      changed.push(...rows.map((r) => r.id));
    }
    if (updates.length) {
      await tx.unsafe(
        `UPDATE institutions i SET name = r.name, type = r.type, city = r.city, state = r.state, lga = r.lga, ward = r.ward,
           ownership = r.ownership, ownership_type = r.ownership_type, facility_level = r.facility_level,
           latitude = r.latitude, longitude = r.longitude, location_source = r.location_source, updated_at = now()
         FROM jsonb_to_recordset($1::text::jsonb) AS r(${INSTITUTION_RECORD})
         WHERE i.id = r.id`,
        [JSON.stringify(updates.map(([e, l]) => institutionColumns(e.id, l.fields)))],
      );
      await tx.unsafe(
        `UPDATE register_listings t SET globalid = r.globalid, nhfr_uid = r.nhfr_uid, nhfr_facility_code = r.nhfr_facility_code,
           facility_level_option = r.facility_level_option, name_source = r.name_source, coordinates_source = r.coordinates_source,
           register_updated = r.register_updated, fields = r.fields, fields_hash = r.fields_hash, lga_disagrees = r.lga_disagrees,
           last_import_id = r.last_import_id, in_latest_register = true, updated_at = now()
         FROM jsonb_to_recordset($1::text::jsonb) AS r(${REGISTER_RECORD})
         WHERE t.institution_id = r.institution_id`,
        [JSON.stringify(updates.map(([e, l]) => registerColumns(e.id, l, run.id)))],
      );
      changed.push(...updates.map(([e]) => e.id));
    }
    if (pending.length) {
      // The owner's profile is theirs: the register's new fields wait for an admin (D22).
      await tx.unsafe(
        `UPDATE register_listings t SET pending = jsonb_build_object('fields', r.fields, 'fieldsHash', r.fields_hash,
           'importId', r.last_import_id, 'at', now()), last_import_id = r.last_import_id, in_latest_register = true, updated_at = now()
         FROM jsonb_to_recordset($1::text::jsonb) AS r(institution_id int, fields jsonb, fields_hash text, last_import_id bigint)
         WHERE t.institution_id = r.institution_id`,
        [JSON.stringify(pending.map(([e, l]) => ({ institution_id: e.id, fields: l.fields, fields_hash: l.hash, last_import_id: run.id })))],
      );
    }
    if (returned.length) {
      const ids = returned.map((e) => e.id);
      await tx`UPDATE register_listings SET in_latest_register = true, last_import_id = ${run.id}, updated_at = now()
        WHERE institution_id = ANY(${ids}::int[])`;
      changed.push(...returned.filter((e) => !e.claimed).map((e) => e.id));
    }
    if (events && changed.length) await emitSearchEvents(tx, changed);
    run.written.created += creates.length;
    run.written.updated += updates.length;
    run.written.claimedProtected += pending.length;
    run.written.returned += returned.length;
    if (events) run.written.events += changed.length;
    await tx`UPDATE register_imports SET summary = ${tx.json({ ...run.written } as never)} WHERE id = ${run.id}`;
    return unchanged;
  });
}

/** One search event per listing, in the caller's transaction (the index worker re-reads each). */
async function emitSearchEvents(tx: Db, ids: readonly number[]): Promise<void> {
  await tx`INSERT INTO outbox (topic, payload)
    SELECT 'search.institution', jsonb_build_object('id', id) FROM unnest(${ids as number[]}::int[]) AS id ORDER BY id`;
}

/**
 * register_wards (migration 040) in line with the listings: the wards they name, with their LGA and
 * state, which query understanding reads as places. One statement; rows that did not change are not
 * written. Run at the end of every import, before it is marked finished (each API process reloads the
 * wards when a run has finished since it last looked).
 */
export async function refreshRegisterWards(db: Db): Promise<void> {
  await db`
    WITH now AS (
      SELECT state, lga, ward, count(*)::int AS facilities FROM institutions
      WHERE ward IS NOT NULL AND lga IS NOT NULL AND status = 'approved'
      GROUP BY state, lga, ward
    ), gone AS (
      DELETE FROM register_wards w
      WHERE NOT EXISTS (SELECT 1 FROM now n WHERE n.state = w.state AND n.lga = w.lga AND n.ward = w.ward)
    )
    INSERT INTO register_wards (state, lga, ward, facilities) SELECT state, lga, ward, facilities FROM now
    ON CONFLICT (state, lga, ward) DO UPDATE SET facilities = excluded.facilities
    WHERE register_wards.facilities <> excluded.facilities`;
}

/**
 * D23 (issue 48): each institution without a point of its own (no location, or an LGA's centre) in an LGA
 * where the register has located facilities gets that LGA's centre, marked approximate ('lga_centre'): the
 * median of those facilities' coordinates, as api/src/modules/institutions/location.repo.ts lgaCentre
 * computes it for one LGA (a register row without coordinates; an institution that registered without a
 * pin, whose LGA the register placed since). One statement; rows already there are not written. Returns
 * the ids it moved.
 */
export async function placeAtLgaCentres(db: Db): Promise<number[]> {
  const rows = await db<{ id: number }[]>`
    WITH centre AS (
      SELECT state, lga, percentile_cont(0.5) WITHIN GROUP (ORDER BY latitude) AS latitude,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY longitude) AS longitude
      FROM institutions WHERE location_source = 'register' AND lga IS NOT NULL
      GROUP BY state, lga
    )
    UPDATE institutions i SET latitude = c.latitude, longitude = c.longitude, location_source = 'lga_centre', updated_at = now()
    FROM centre c
    WHERE c.state = i.state AND c.lga = i.lga AND (i.location_source IS NULL OR i.location_source = 'lga_centre')
      AND (i.latitude IS DISTINCT FROM c.latitude OR i.longitude IS DISTINCT FROM c.longitude OR i.location_source IS NULL)
    RETURNING i.id`;
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** The row a CSV record is, or why it is not: the header decides which value is which. */
function recordOf(values: string[]): RegisterRow {
  const row = {} as RegisterRow;
  REGISTER_HEADER.forEach((name, n) => (row[name] = values[n] ?? ''));
  return row;
}

/** The file's first line as header names (no BOM, no quotes), read before anything is written. */
async function headerOf(file: string): Promise<string> {
  let first = '';
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 4096 })) {
    first += chunk as string;
    if (first.includes('\n') || first.length > 65_536) break;
  }
  return first.split(/\r?\n/)[0]!.replace(/^\uFEFF/, '').split(',').map((h) => h.trim().replace(/^"(.*)"$/, '$1').trim()).join(',');
}

export async function importRegister(sql: Sql, options: ImportOptions): Promise<ImportResult> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const events = (options.events ?? true) && !options.index;
  const total = (await stat(options.file)).size;
  const got = await headerOf(options.file);
  if (got !== REGISTER_HEADER.join(',')) throw new RegisterHeaderError(options.file, got);
  const run = await openRun(sql, options.file, await sha256(options.file));
  const badRows: BadRow[] = [];
  const bad = (b: BadRow) => {
    badRows.push(b);
    options.onBadRow?.(b);
  };
  // Every key the file names (a bad row's too: a facility whose coordinates are wrong this time is
  // still in the register), so the listings it lacks can be marked at the end.
  const seen = new Map<string, number>();
  const states = new Set<string>();
  const coverage = options.coverage ?? 'states';
  const summary: ImportSummary = {
    importId: run.id,
    resumed: run.resumed,
    rows: 0,
    ...run.written,
    unchanged: 0,
    bad: {},
    notInLatest: 0,
    lgaDisagreements: 0,
    lgaUnmatched: 0,
    indexed: 0,
    covers: coverage === 'full' ? 'all' : coverage === 'none' ? 'none' : [],
    lgaCentres: 0,
  };

  let bytes = 0;
  const input = createReadStream(options.file);
  input.on('data', (chunk) => {
    bytes += chunk.length;
    options.onProgress?.(bytes, total);
  });
  const parser = input.pipe(
    parse({
      bom: true,
      info: true,
      // A broken line (a field too many or too few) is reported and skipped; a stray quote inside a
      // field is kept as text rather than swallowing the lines after it.
      skip_records_with_error: true,
      relax_quotes: true,
      skip_empty_lines: true,
    }),
  );
  parser.on('skip', (err: Error & { lines?: number }) => {
    summary.rows++;
    bad({ line: err.lines ?? 0, reason: 'broken_line', detail: err.message });
  });

  let header = true;
  let batch: RegisterListing[] = [];
  // One batch is written while the next is parsed and judged (Node's thread and PostgreSQL each busy);
  // the writes themselves stay one after another, so the run's stored counts are always whole batches.
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    if (!batch.length) return;
    const full = batch;
    batch = [];
    await writing;
    writing = writeBatch(sql, run, full, events).then((unchanged) => void (summary.unchanged += unchanged));
    writing.catch(() => {}); // awaited at the next flush or after the last row
  };
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    // csv-parse gives the line a record ends on; a quoted field may hold line breaks.
    const line = info.lines - record.reduce((n, v) => n + (v.match(/\n/g)?.length ?? 0), 0);
    if (header) {
      header = false;
      const got = record.map((h) => h.trim()).join(',');
      if (got !== REGISTER_HEADER.join(',')) {
        input.destroy();
        throw new RegisterHeaderError(options.file, got);
      }
      continue;
    }
    summary.rows++;
    const verdict = registerListingOf(recordOf(record));
    if (!verdict.ok) {
      bad({ line, reason: verdict.reason, detail: verdict.detail });
      continue;
    }
    const { listing } = verdict;
    const first = seen.get(listing.key);
    if (first !== undefined) {
      bad({ line, reason: 'duplicate_key', detail: `${listing.key} is already on line ${first}` });
      continue;
    }
    seen.set(listing.key, line);
    states.add(listing.fields.state);
    if (listing.fields.lgaDisagrees) summary.lgaDisagreements++;
    if (listing.lgaUnknown) summary.lgaUnmatched++;
    batch.push(listing);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  await writing;

  // Listings of the states this file covers (every state for the national file) that it lacks are marked
  // (with the run's id, so that a resumed run counts them). The register's own state (fields), not the
  // institution's, which a claimed facility's owner may have edited.
  const covered = [...states].sort();
  if (Array.isArray(summary.covers)) summary.covers = covered;
  if (coverage !== 'none' && (coverage === 'full' || covered.length > 0)) {
    await sql.begin(async (tx) => {
      const gone = await tx<{ id: number; claimed: boolean }[]>`
        UPDATE register_listings r SET in_latest_register = false, last_import_id = ${run.id}, updated_at = now()
        FROM institutions i
        WHERE i.id = r.institution_id AND r.in_latest_register
          ${coverage === 'full' ? tx`` : tx`AND r.fields->>'state' = ANY(${covered}::text[])`}
          AND NOT EXISTS (SELECT 1 FROM unnest(${[...seen.keys()]}::text[]) AS k WHERE k = r.register_key)
        RETURNING r.institution_id AS id, i.user_id IS NOT NULL AS claimed`;
      const ids = gone.filter((g) => !g.claimed).map((g) => g.id);
      if (events && ids.length) {
        await emitSearchEvents(tx, ids);
        run.written.events += ids.length;
        await tx`UPDATE register_imports SET summary = ${tx.json({ ...run.written } as never)} WHERE id = ${run.id}`;
      }
    });
  }
  const [{ gone }] = await sql<{ gone: number }[]>`
    SELECT count(*)::int AS gone FROM register_listings WHERE last_import_id = ${run.id} AND NOT in_latest_register`;
  summary.notInLatest = gone;

  // D23: every institution without a point of its own at its LGA's centre, as this register places it.
  const centred = await placeAtLgaCentres(sql);
  summary.lgaCentres = centred.length;
  if (events && centred.length) await emitSearchEvents(sql, centred);

  if (options.index) {
    // Every unowned listing this run wrote, the killed part of it included (a claimed one's profile did not
    // change), and every institution it placed at its LGA's centre.
    const ids = await sql<{ id: number }[]>`
      SELECT r.institution_id AS id FROM register_listings r JOIN institutions i ON i.id = r.institution_id
      WHERE r.last_import_id = ${run.id} AND i.user_id IS NULL
      UNION SELECT unnest(${centred}::int[]) ORDER BY 1`;
    if (ids.length) await options.index(ids.map((r) => r.id));
    summary.indexed = ids.length;
  }

  await refreshRegisterWards(sql);

  Object.assign(summary, run.written);
  for (const b of badRows) summary.bad[b.reason] = (summary.bad[b.reason] ?? 0) + 1;
  await sql`UPDATE register_imports SET finished_at = now(), summary = ${sql.json(summary as never)} WHERE id = ${run.id}`;
  badRows.sort((a, b) => a.line - b.line);
  return { summary, badRows };
}
