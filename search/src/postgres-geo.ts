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

/**
 * Radius filters narrowed to the small cells their circle's edge crosses (cellCover's `edge`): the
 * documents of those cells within the radius, the rest of the circle being counted from the cells.
 */
const edges = new WeakMap<FilterClause, number[]>();

/** The radius filter `f`, matching only its documents in `cells` (small cells of migration 039). */
export function inCells(f: FilterClause, cells: number[]): FilterClause {
  const narrowed = { ...f };
  edges.set(narrowed, cells);
  return narrowed;
}

/** Radius filters written as the chord alone (no earth box): see unboxed. */
const chordOnly = new WeakSet<FilterClause>();

/**
 * The radius filter `f` without its earth box: no index is used for it, so a page in another order
 * (rating) is found by walking that order's index and testing each row's distance, as when the radius
 * holds many documents it should be (hitsQuery).
 */
export function unboxed(f: FilterClause): FilterClause {
  const copy = { ...f };
  chordOnly.add(copy);
  return copy;
}

/** A `location:(lat, lng, R km)` filter: inside the earth box (the GiST index), then within the chord. */
export function geoFilterSql(f: FilterClause, p: Params): string {
  const [lat, lng, km] = f.values as number[];
  const at = point(p, lat, lng);
  const chord = `${p.add(chordOfKm(km))}::float8`;
  const cells = edges.get(f);
  // The cells' documents from the cell index (039), which carries the point for the exact chord.
  if (cells) return `location IS NOT NULL AND cell = ANY(${p.add(cells)}::int[]) AND (location <-> ${at}) <= ${chord}`;
  if (chordOnly.has(f)) return `(location <-> ${at}) <= ${chord}`;
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

/**
 * The grids of migration 039 (search_cube_cells): 12 and 48 cells a degree, the small ones nesting in
 * the large ones. A cell's id is its row and column, both taken from the small grid's as search_cell
 * takes them (a large cell's row is a small one's divided by 4, rounded down).
 */
export const LARGE_CELLS = 12;
export const SMALL_CELLS = 48;
const cellId = (row: number, col: number): number => row * 32768 + col + 16384;

/** The haversine distance in km on the mean earth radius: the arc the engine's chord stands for. */
function arcKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return (2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)))) / 1000;
}

/**
 * How sure the cover must be, in km: a cell counted whole lies within the radius by at least this
 * much at its farthest corner, a cell left out beyond it by at least this much at its nearest point;
 * every other cell the edge may cross is counted document by document. It absorbs the rounding of
 * the distances (the database's chord, this haversine) and the nearest point's approximation below.
 */
const SURE_KM = 0.05;
/**
 * The nearest point of a cell across a meridian lies slightly poleward of the point's latitude, so the
 * clamped point below is a little farther than it: under a metre at 55 km, 4 m at 300 km (12 degrees
 * north), 250 m at 300 km and 60 degrees (computed against a search along the meridian). A margin
 * that grows with the radius covers it (1.55 km at 300 km; cellRadius takes no latitude beyond 60).
 */
const sureKm = (km: number): number => SURE_KM + km / 200;

/** Where a cell (rows and columns of `n` a degree) lies from a point: wholly within `km`, wholly beyond, or across the edge. */
function place(lat: number, lng: number, km: number, n: number, row: number, col: number): 'in' | 'out' | 'edge' {
  const south = row / n;
  const north = (row + 1) / n;
  const west = col / n;
  const east = (col + 1) / n;
  // The farthest point of a small lat/lng rectangle from a point is one of its corners.
  const far = Math.max(arcKm(lat, lng, south, west), arcKm(lat, lng, south, east), arcKm(lat, lng, north, west), arcKm(lat, lng, north, east));
  if (far <= km - SURE_KM) return 'in';
  // The nearest: the point clamped into the rectangle (exact along a meridian; across one, off by far
  // less than sureKm: see there).
  const near = arcKm(lat, lng, Math.min(north, Math.max(south, lat)), Math.min(east, Math.max(west, lng)));
  return near > km + sureKm(km) ? 'out' : 'edge';
}

/**
 * The cells of a circle (decision 032, "Counts inside a circle"): the large cells wholly inside it,
 * the small cells wholly inside it within the large ones its edge crosses, and the small cells its edge
 * may cross (`edge`: their documents are counted one by one, with the exact distance). Every document
 * within the radius is in exactly one of them; none of `large` or `small` lies outside.
 */
export function cellCover(lat: number, lng: number, km: number): { large: number[]; small: number[]; edge: number[] } {
  const large: number[] = [];
  const small: number[] = [];
  const edge: number[] = [];
  const dLat = (km + 1) / 110.5; // a degree of latitude is at least 110.5 km
  const dLng = dLat / Math.max(0.01, Math.cos((Math.min(89, Math.abs(lat) + dLat) * Math.PI) / 180));
  const k = SMALL_CELLS / LARGE_CELLS;
  const rows = [Math.floor((lat - dLat) * LARGE_CELLS), Math.floor((lat + dLat) * LARGE_CELLS)];
  const cols = [Math.floor((lng - dLng) * LARGE_CELLS), Math.floor((lng + dLng) * LARGE_CELLS)];
  for (let row = rows[0]; row <= rows[1]; row++) {
    for (let col = cols[0]; col <= cols[1]; col++) {
      const at = place(lat, lng, km, LARGE_CELLS, row, col);
      if (at === 'in') large.push(cellId(row, col));
      if (at !== 'edge') continue;
      for (let r = row * k; r < (row + 1) * k; r++) {
        for (let c = col * k; c < (col + 1) * k; c++) {
          const inner = place(lat, lng, km, SMALL_CELLS, r, c);
          if (inner === 'in') small.push(cellId(r, c));
          else if (inner === 'edge') edge.push(cellId(r, c));
        }
      }
    }
  }
  return { large, small, edge };
}

/** Every small cell of a cover (a large cell is its 16 small ones): all the cells the circle's documents lie in. */
export function smallCells(cover: { large: number[]; small: number[]; edge: number[] }): number[] {
  const k = SMALL_CELLS / LARGE_CELLS;
  const out = [...cover.small, ...cover.edge];
  for (const id of cover.large) {
    const row = Math.floor(id / 32768);
    const col = id - row * 32768 - 16384;
    for (let r = row * k; r < (row + 1) * k; r++) for (let c = col * k; c < (col + 1) * k; c++) out.push(cellId(r, c));
  }
  return out.sort((a, b) => a - b);
}
