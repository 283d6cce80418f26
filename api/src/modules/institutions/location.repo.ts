// SQL of an institution's location (issue 33, D23); each function takes the handle it must use.
import type { Db } from '@ilera/db';

export interface StoredLocation {
  state: string | null;
  lga: string | null;
  latitude: number | null;
  longitude: number | null;
  locationSource: string | null;
}

/** Whose location: an institution's, or (issue 48) a professional's own practice location. */
export type LocatedKind = 'institution' | 'professional';
const tableOf = (kind: LocatedKind) => (kind === 'institution' ? 'institutions' : 'professionals');

export async function findLocation(db: Db, id: number, kind: LocatedKind = 'institution'): Promise<StoredLocation | null> {
  const [row] = await db<StoredLocation[]>`SELECT state, lga, latitude, longitude, location_source FROM ${db(tableOf(kind))} WHERE id = ${id}`;
  return row ?? null;
}

// The median, not the mean: one facility geocoded into the wrong state moves a mean by kilometres and a
// median not at all. Both centres below are this one aggregate.
const median = (column: string) => `percentile_cont(0.5) WITHIN GROUP (ORDER BY ${column})`;

/**
 * An LGA's centre: the median latitude and longitude of the register's facilities in it (issue 33),
 * computed in SQL. Null when the register has no facility there.
 */
export async function lgaCentre(db: Db, state: string, lga: string): Promise<{ latitude: number; longitude: number } | null> {
  const [row] = await db<{ latitude: number | null; longitude: number | null }[]>`
    SELECT ${db.unsafe(median('latitude'))} AS latitude, ${db.unsafe(median('longitude'))} AS longitude
    FROM institutions
    WHERE state = ${state} AND lga = ${lga} AND location_source = 'register'`;
  return row?.latitude == null || row.longitude == null ? null : { latitude: row.latitude, longitude: row.longitude };
}

/** A typed place as a point: where it is, the name as matched, and that it is approximate. */
export interface PlaceCentre {
  lat: number;
  lng: number;
  label: string;
  approximate: true;
}

/**
 * A typed place (a ward or area, an LGA, a town or a state, most specific first) as the median of the
 * located public facilities that carry that name: the emergency page's and the search page's "type a
 * place". One statement a kind of name, stopping at the first that matches; each is an index-only
 * lookup on the lowered name (migration 040's institutions_place_*_idx, which carry the name and the
 * coordinates): at 60,000 institutions 0.1 ms for a name that is not there, 0.2-0.3 ms for a ward, LGA or
 * town of a few hundred facilities, 3 ms for Lagos state (3,500), where each was a scan of every
 * institution before (20-85 ms quiet; docs/PERFORMANCE.md). The WHERE must stay as the indexes' (the
 * lowered column, `latitude IS NOT NULL AND status = 'approved'`) for them to be used.
 */
export async function placeCentre(db: Db, typed: string): Promise<PlaceCentre | undefined> {
  const name = typed.replace(/\s+/g, ' ').trim().toLowerCase().slice(0, 100);
  if (!name) return undefined;
  for (const column of ['ward', 'lga', 'city', 'state'] as const) {
    const [row] = await db<{ lat: number | null; lng: number | null; label: string | null }[]>`
      SELECT ${db.unsafe(median('latitude'))} AS lat, ${db.unsafe(median('longitude'))} AS lng, min(${db(column)}) AS label
      FROM institutions
      WHERE latitude IS NOT NULL AND status = 'approved' AND lower(${db(column)}) = ${name}`;
    if (row?.lat != null && row.lng != null) return { lat: row.lat, lng: row.lng, label: row.label ?? typed, approximate: true };
  }
  return undefined;
}

export async function saveLocation(db: Db, id: number, l: Omit<StoredLocation, 'state'>, kind: LocatedKind = 'institution'): Promise<void> {
  await db`
    UPDATE ${db(tableOf(kind))} SET lga = ${l.lga}, latitude = ${l.latitude}, longitude = ${l.longitude}, location_source = ${l.locationSource}
    WHERE id = ${id}`;
}
