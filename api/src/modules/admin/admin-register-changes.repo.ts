// SQL of register changes waiting for an administrator (issue 33, decision 030): a claimed
// listing's newer register fields in register_listings.pending.
import type { Db } from '@ilera/db';
import type { RegisterFields } from '@ilera/db/register/rows';

/** The profile's own columns a register field can write. */
export interface ListingColumns {
  id: number;
  name: string;
  type: string;
  state: string;
  city: string | null;
  lga: string | null;
  ward: string | null;
  ownership: string | null;
  ownershipType: string | null;
  facilityLevel: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** What import.ts stores for a claimed listing's newer register row. */
export interface PendingChange {
  fields: RegisterFields;
  fieldsHash: string;
  importId: number | null;
  at: string;
}

export interface PendingRow {
  institution: ListingColumns;
  ownerEmail: string | null;
  registerKey: string;
  fields: RegisterFields;
  pending: PendingChange;
}

const listingColumns = (db: Db) => db`
  json_build_object('id', i.id, 'name', i.name, 'type', i.type, 'state', i.state, 'city', i.city, 'lga', i.lga, 'ward', i.ward,
    'ownership', i.ownership, 'ownershipType', i.ownership_type, 'facilityLevel', i.facility_level,
    'latitude', i.latitude, 'longitude', i.longitude) AS institution`;

/** One page of listings with a waiting change, the oldest change first. */
export async function pendingPage(db: Db, limit: number, offset: number): Promise<(PendingRow & { total: number })[]> {
  return db<(PendingRow & { total: number })[]>`
    SELECT ${listingColumns(db)}, u.email AS owner_email, r.register_key, r.fields, r.pending, count(*) OVER ()::int AS total
    FROM register_listings r JOIN institutions i ON i.id = r.institution_id LEFT JOIN users u ON u.id = i.user_id
    WHERE r.pending IS NOT NULL
    ORDER BY r.pending->>'at', r.institution_id
    LIMIT ${limit} OFFSET ${offset}`;
}

/**
 * The listing's waiting change, its register row and institution locked in the import's order
 * (register row, then institution): an import writing the same listing meanwhile queues behind.
 */
export async function lockPending(db: Db, institutionId: number): Promise<PendingRow | null> {
  const [row] = await db<PendingRow[]>`
    SELECT ${listingColumns(db)}, NULL AS owner_email, r.register_key, r.fields, r.pending
    FROM register_listings r JOIN institutions i ON i.id = r.institution_id
    WHERE r.institution_id = ${institutionId} AND r.pending IS NOT NULL
    FOR UPDATE OF r, i`;
  return row ?? null;
}

/** Writes register values onto the profile (only the columns given). */
export async function updateInstitution(db: Db, id: number, columns: Record<string, string | number | null>): Promise<void> {
  await db`UPDATE institutions SET ${db(columns, ...Object.keys(columns))}, updated_at = now() WHERE id = ${id}`;
}

/**
 * The pending fields become the listing's register fields (as import.ts writes a changed unclaimed
 * row's), and nothing waits any more: the same file imported again compares equal to fields_hash.
 */
export async function acceptPending(db: Db, id: number, p: PendingChange): Promise<void> {
  const f = p.fields;
  await db`
    UPDATE register_listings SET fields = ${db.json(f as never)}, fields_hash = ${p.fieldsHash}, pending = NULL,
      globalid = ${f.globalid}, nhfr_uid = ${f.nhfrUid}, nhfr_facility_code = ${f.nhfrCode}, facility_level_option = ${f.levelOption},
      name_source = ${f.nameSource}, coordinates_source = ${f.coordinatesSource}, register_updated = ${f.registerUpdated},
      lga_disagrees = ${f.lgaDisagrees}, updated_at = now()
    WHERE institution_id = ${id}`;
}
