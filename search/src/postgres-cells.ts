// Which cells of 48 a degree hold enough documents that a circle's edge crossing them is looked at as
// their 16 cells of 192 (migration 044, decision 032 "Counts inside a circle"). Reading a cell's rows or
// an edge cell's documents costs an index descent each (about 12 µs under EXPLAIN ANALYZE at load 7,
// 2026-11-26), a document at the edge about 1 µs: splitting a cell of N documents costs about a dozen
// descents and saves about 0.6-0.75 N documents, so it pays from a few hundred documents (a city centre's
// cells hold thousands) and costs where the edge runs through empty country (a 39 km circle around Port
// Harcourt listed 1,003 cells to sum split everywhere, 17 ms). Which cells are dense changes only the
// cost, never a count (every split is exact), so the list is read now and then, not per write.
import type { Sql } from '@ilera/db';
import { SMALL_CELLS } from './postgres-geo';
import type { CollectionName } from './schema';

/** A 48 cell with at least this many documents of a collection is split at a circle's edge. */
export const DENSE_CELL_DOCUMENTS = 256;
/** How long a read list of dense cells is used before it is read again (in the background). */
const DENSE_CELLS_TTL_MS = 5 * 60_000;

export class DenseCells {
  /** The documents that make a cell dense: 0 splits every cell the edge crosses, Infinity none. */
  threshold = DENSE_CELL_DOCUMENTS;
  private readonly held = new Map<CollectionName, { at: number; threshold: number; cells: Set<number> }>();
  private readonly reading = new Set<CollectionName>();

  constructor(private readonly sql: Sql) {}

  /**
   * Whether cellCover should look at a cell of `grid` the edge crosses as its cells of the next grid.
   * No search waits for the list: until it is first read (0.1 s at 500,000), no cell is split.
   */
  refine(collection: CollectionName): (grid: number, id: number) => boolean {
    const threshold = this.threshold;
    if (threshold <= 0) return () => true;
    if (threshold === Infinity) return () => false;
    const entry = this.held.get(collection);
    if (!entry || entry.threshold !== threshold || Date.now() - entry.at > DENSE_CELLS_TTL_MS) this.reread(collection, threshold);
    const cells = entry?.threshold === threshold ? entry.cells : undefined;
    return (grid, id) => grid === SMALL_CELLS && cells !== undefined && cells.has(id);
  }

  /** The list read again in the background (once at a time); the one held serves until then, and if the read fails. */
  private reread(collection: CollectionName, threshold: number): void {
    if (this.reading.has(collection)) return;
    this.reading.add(collection);
    this.read(collection, threshold)
      .then((cells) => this.held.set(collection, { at: Date.now(), threshold, cells }))
      .catch(() => {})
      .finally(() => this.reading.delete(collection));
  }

  /** The dense 48 cells, from their documents' rows (039's partial index of them). */
  private async read(collection: CollectionName, threshold: number): Promise<Set<number>> {
    const rows = await this.sql<{ cell: number }[]>`
      SELECT cell FROM search_cube_cells
      WHERE collection = ${collection} AND size = ${SMALL_CELLS} AND key_id <> 0 AND arr_field = '' AND arr_value = ''
      GROUP BY cell HAVING sum(count) >= ${threshold}`;
    return new Set(rows.map((r) => Number(r.cell)));
  }
}
