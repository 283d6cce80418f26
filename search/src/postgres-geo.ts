// The PostgreSQL engine's distances (D23, migration 035): a document's `location` is a point of
// cube's 3-D space (search_earth: earthdistance's ll_to_earth, schema-qualified) on a sphere of
// earthdistance's radius. The straight line between two such points (`<->`, the chord) grows
// with the distance along the sphere, so "within R km" is an earth box (GiST) and a chord bound,
// and nearest first is the GiST index's own order; distances are the chord's arc on the mean
// earth radius, which is what a haversine of the two coordinates gives.
import type { FilterClause, ParsedSearch } from './protocol';
import type { Params } from './postgres-sql';

/** earthdistance's earth(): the radius of the sphere the points lie on, in metres. */
const CUBE_RADIUS_M = 6378168;
/** The mean earth radius (IUGG), in metres: distances in km as a haversine gives them. */
export const EARTH_RADIUS_M = 6371008.8;

/** The chord, in cube space, of an arc of `km` on the earth. */
export const chordOfKm = (km: number): number => 2 * CUBE_RADIUS_M * Math.sin(Math.min(Math.PI, (km * 1000) / EARTH_RADIUS_M) / 2);

export const point = (p: Params, lat: number, lng: number): string => `public.search_earth(${p.add(lat)}::float8, ${p.add(lng)}::float8)`;

/** A `location:(lat, lng, R km)` filter: inside the earth box (the GiST index), then within the chord. */
export function geoFilterSql(f: FilterClause, p: Params): string {
  const [lat, lng, km] = f.values as number[];
  const at = point(p, lat, lng);
  const chord = `${p.add(chordOfKm(km))}::float8`;
  return `location <@ public.cube_enlarge(${at}, ${chord}, 3) AND (location <-> ${at}) <= ${chord}`;
}

/** A `location(lat, lng)` sort's expression: the chord, in the order of the distance (the GiST index's `<->`). */
export const geoSortExpr = (lat: number, lng: number, p: Params): string => `(location <-> ${point(p, lat, lng)})`;

/**
 * The point a search's hits measure their distance from (Typesense's geo_distance_meters): its geo
 * sort's, else its first radius filter's; none without either.
 */
export function distancePoint(s: ParsedSearch): { lat: number; lng: number } | undefined {
  const sorted = s.sort.find((c) => c.point)?.point;
  if (sorted) return sorted;
  const f = s.filters.find((c) => c.def.type === 'geopoint');
  return f ? { lat: Number(f.values[0]), lng: Number(f.values[1]) } : undefined;
}

/** The distance in metres from the point, as SQL: the chord's arc on the mean radius. */
export function distanceSql(at: { lat: number; lng: number }, p: Params): string {
  return `(2 * asin(least(1, (location <-> ${point(p, at.lat, at.lng)}) / ${2 * CUBE_RADIUS_M})) * ${EARTH_RADIUS_M})`;
}
