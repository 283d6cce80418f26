// SQL of an institution's location (issue 33, D23); each function takes the handle it must use.
import type { Db } from '@ilera/db';

export interface StoredLocation {
  state: string | null;
  lga: string | null;
  latitude: number | null;
  longitude: number | null;
  locationSource: string | null;
}

export async function findLocation(db: Db, id: number): Promise<StoredLocation | null> {
  const [row] = await db<StoredLocation[]>`SELECT state, lga, latitude, longitude, location_source FROM institutions WHERE id = ${id}`;
  return row ?? null;
}

/**
 * An LGA's centre: the median latitude and longitude of the register's facilities in it (issue 33),
 * computed in SQL. The median, not the mean: one facility geocoded into the wrong state moves a
 * mean by kilometres and a median not at all. Null when the register has no facility there.
 */
export async function lgaCentre(db: Db, state: string, lga: string): Promise<{ latitude: number; longitude: number } | null> {
  const [row] = await db<{ latitude: number | null; longitude: number | null }[]>`
    SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY latitude) AS latitude,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY longitude) AS longitude
    FROM institutions
    WHERE state = ${state} AND lga = ${lga} AND location_source = 'register'`;
  return row?.latitude == null || row.longitude == null ? null : { latitude: row.latitude, longitude: row.longitude };
}

export async function saveLocation(db: Db, id: number, l: Omit<StoredLocation, 'state'>): Promise<void> {
  await db`
    UPDATE institutions SET lga = ${l.lga}, latitude = ${l.latitude}, longitude = ${l.longitude}, location_source = ${l.locationSource}
    WHERE id = ${id}`;
}
