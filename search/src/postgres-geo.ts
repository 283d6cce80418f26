// The PostgreSQL engine's distances (D23, migration 035): a document's `location` is a point of
// cube's 3-D space (search_earth: earthdistance's ll_to_earth, schema-qualified) on a sphere of
// earthdistance's radius. The straight line between two such points (`<->`, the chord) grows
// with the distance along the sphere, so "within R km" is an earth box (GiST) and a chord bound,
// and nearest first is the GiST index's own order; distances are the chord's arc on the mean
// earth radius, which is what a haversine of the two coordinates gives.
import type { FilterClause, ParsedSearch } from './protocol';
import type { Params } from './postgres-params';

/** earthdistance's earth(): the radius of the sphere the points lie on, in metres. */
export const CUBE_RADIUS_M = 6378168;
/** The mean earth radius (IUGG), in metres: distances in km as a haversine gives them. */
export const EARTH_RADIUS_M = 6371008.8;

/** The chord, in cube space, of an arc of `km` on the earth. */
export const chordOfKm = (km: number): number => 2 * CUBE_RADIUS_M * Math.sin(Math.min(Math.PI, (km * 1000) / EARTH_RADIUS_M) / 2);

export const point = (p: Params, lat: number, lng: number): string => `public.search_earth(${p.add(lat)}::float8, ${p.add(lng)}::float8)`;

/**
 * Radius filters narrowed to the cells their circle's edge crosses (cellCover's `edge`): the
 * documents of those cells within the radius, the rest of the circle being counted from the cells.
 */
const edges = new WeakMap<FilterClause, { cells: number[]; grid: number; keyIds?: readonly number[] }>();

/**
 * The radius filter `f`, matching only its documents in `cells` of `grid`: 48 (the `cell` column,
 * migration 039) or 192 (the index on search_cell(192, lat, lng), migration 044); and, given `keyIds`,
 * only those keys' documents, the key column hidden from the planner (`+ 0`): with a few keys it read
 * them from the key and rating index over the whole country instead of the cells' (11,643 documents
 * and 50 ms for a 39 km circle's 16 keys, 2026-11-26).
 */
export function inCells(f: FilterClause, cells: number[], grid: number, keyIds?: readonly number[]): FilterClause {
  const narrowed = { ...f };
  edges.set(narrowed, { cells, grid, keyIds });
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
  const edge = edges.get(f);
  // The cells' documents from a cell index (039, 044), which carries the point for the exact chord.
  if (edge) {
    const cell = edge.grid === FINE_CELLS ? `public.search_cell(${FINE_CELLS}, lat, lng)` : 'cell';
    const keys = edge.keyIds ? ` AND key_id + 0 = ANY(${p.add(edge.keyIds)}::int[])` : '';
    return `location IS NOT NULL AND ${cell} = ANY(${p.add(edge.cells)}::int[])${keys} AND (location <-> ${at}) <= ${chord}`;
  }
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

/**
 * The radius of the sphere a hit's distance is given on: Typesense 27.1's (include/field.h GeoPoint:
 * 3958.75 miles of 1609 m), so a hit's distance is the same on both engines (issue 46). Radius filters
 * stay on the mean radius (chordOfKm), which 27.1's S2 cap on S2's Earth (6,371,010 m) is within 0.1 m of at 500 km.
 */
export const DISTANCE_RADIUS_M = 3958.75 * 1609;

/** The distance in metres from the point, as SQL: the chord's arc on DISTANCE_RADIUS_M, truncated to whole metres as 27.1's. */
export function distanceSql(at: { lat: number; lng: number }, p: Params): string {
  return `trunc(2 * asin(least(1, (location <-> ${point(p, at.lat, at.lng)}) / ${2 * CUBE_RADIUS_M})) * ${DISTANCE_RADIUS_M})`;
}

/**
 * The grids of migrations 039 and 044 (search_cube_cells), coarsest first: 12, 48 and 192 cells a
 * degree (about 9 km, 2.3 km and 580 m), each cell of one lying in exactly one of the one before (4 x 4
 * of them). A cell's id is its row and column in its own grid (cellId), as search_cell gives it: for
 * 12 and 48 both taken from the 48 grid's (a 12 cell's row is a 48 one's divided by 4, rounded down);
 * for 192 from floor(lat * 192) and floor(lng * 192), which are exactly 4 times floor(lat * 48)'s
 * (a power of two scales a double exactly), so a 192 cell lies in the 48 cell search_cell gives too.
 */
export const LARGE_CELLS = 12;
export const SMALL_CELLS = 48;
export const FINE_CELLS = 192;
export const GRIDS = [LARGE_CELLS, SMALL_CELLS, FINE_CELLS] as const;
/** A cell's id in grid `n` (cells a degree) from its row and column in that grid: search_cell's. */
export function cellId(n: number, row: number, col: number): number {
  // The 192 grid's columns run to 34,560 either side of the meridian: a wider row, still an int.
  return n === FINE_CELLS ? row * 70000 + col + 35000 : row * 32768 + col + 16384;
}

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
export function cellPlace(lat: number, lng: number, km: number, n: number, row: number, col: number): 'in' | 'out' | 'edge' {
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
 * The cells of a circle (decision 032, "Counts inside a circle"; migration 044): the cells wholly
 * inside it, each of the coarsest grid that has one there (`sizes[i]` cells a degree, id `cells[i]`),
 * looked at grid by grid where the edge crosses; and the cells its edge may cross, by grid (`edges`:
 * their documents are counted one by one, with the exact distance). A cell the edge crosses is looked
 * at as its cells of the next grid if it is of the first grid (which has no index of its documents) or
 * `refine` says so (postgres-cells.ts: where it holds many documents); else it is an edge cell itself.
 * Every document within the radius is in exactly one of them; none of the cells wholly inside lies
 * outside. `grids` (coarsest first, each dividing the next) defaults to every grid.
 */
export interface CellCover {
  sizes: number[];
  cells: number[];
  edges: { grid: number; cells: number[] }[];
}

export function cellCover(
  lat: number,
  lng: number,
  km: number,
  grids: readonly number[] = GRIDS,
  refine: (grid: number, id: number) => boolean = () => true,
): CellCover {
  const cover: CellCover = { sizes: [], cells: [], edges: grids.slice(1).map((grid) => ({ grid, cells: [] })) };
  const visit = (level: number, row: number, col: number) => {
    const n = grids[level];
    const at = cellPlace(lat, lng, km, n, row, col);
    if (at === 'out') return;
    if (at === 'in') {
      cover.sizes.push(n);
      cover.cells.push(cellId(n, row, col));
    } else if (level === grids.length - 1 || (level > 0 && !refine(n, cellId(n, row, col)))) {
      cover.edges[level - 1].cells.push(cellId(n, row, col));
    } else {
      const k = grids[level + 1] / n;
      for (let r = row * k; r < (row + 1) * k; r++) for (let c = col * k; c < (col + 1) * k; c++) visit(level + 1, r, c);
    }
  };
  const dLat = (km + 1) / 110.5; // a degree of latitude is at least 110.5 km
  const dLng = dLat / Math.max(0.01, Math.cos((Math.min(89, Math.abs(lat) + dLat) * Math.PI) / 180));
  const n = grids[0];
  for (let row = Math.floor((lat - dLat) * n); row <= Math.floor((lat + dLat) * n); row++) {
    for (let col = Math.floor((lng - dLng) * n); col <= Math.floor((lng + dLng) * n); col++) visit(0, row, col);
  }
  return { ...cover, edges: cover.edges.filter((e) => e.cells.length > 0) };
}

/**
 * Every 48 cell the circle's documents may lie in (the `cell` column of migration 039): the cover of
 * the two coarser grids, a 12 cell counted as its 16 cells of 48.
 */
export function smallCells(lat: number, lng: number, km: number): number[] {
  const cover = cellCover(lat, lng, km, [LARGE_CELLS, SMALL_CELLS]);
  const k = SMALL_CELLS / LARGE_CELLS;
  const out = cover.edges.flatMap((e) => e.cells);
  cover.cells.forEach((id, i) => {
    if (cover.sizes[i] === SMALL_CELLS) {
      out.push(id);
      return;
    }
    const row = Math.floor(id / 32768);
    const col = id - row * 32768 - 16384;
    for (let r = row * k; r < (row + 1) * k; r++) for (let c = col * k; c < (col + 1) * k; c++) out.push(cellId(SMALL_CELLS, r, c));
  });
  return out.sort((a, b) => a - b);
}
