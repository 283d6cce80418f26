/**
 * What a near-me search's counts read at the edge of its circle (issue 33, decision 032), per
 * request of the bench's search-near scenario: the documents of the cells the edge crosses, counted
 * one by one, and the cells summed: with the two grids of migration 039, with 044's third split
 * everywhere the edge crosses, and split where the cells are dense (postgres-cells.ts).
 * Read-only.
 *
 *   npx tsx bench/near-edge.ts --database-url URL [--samples 100]
 */
import { parseArgs } from 'node:util';
import { createSql } from '@ilera/db';
import { DenseCells } from '@ilera/search/postgres-cells';
import { cellCover, cellId, FINE_CELLS, GRIDS, LARGE_CELLS, SMALL_CELLS, type CellCover } from '@ilera/search/postgres-geo';
import type { CollectionName } from '@ilera/search/schema';
import { loadFixtures, scenarios } from './scenarios';

const { values: argv } = parseArgs({ options: { 'database-url': { type: 'string' }, samples: { type: 'string' } } });
const url = argv['database-url'] ?? process.env.DATABASE_URL;
if (!url) throw new Error('--database-url is required');
const sql = createSql(url, { max: 1 });

/** A request's point, radius and collection (GET near=&radius=, or a multi_search body's filter). */
function circleOf(r: { path: string; body?: unknown }): { lat: number; lng: number; km: number; collection: string } | undefined {
  const body = r.body as { searches?: { collection: string; filter_by: string }[] } | undefined;
  const f = body?.searches?.[0];
  if (f) {
    const m = /location:\(([-\d.]+), ([-\d.]+), ([\d.]+) km\)/.exec(f.filter_by);
    return m ? { lat: Number(m[1]), lng: Number(m[2]), km: Number(m[3]), collection: f.collection } : undefined;
  }
  const u = new URL(r.path, 'http://x');
  const near = u.searchParams.get('near');
  if (!near) return undefined;
  const [lat, lng] = near.split(',').map(Number);
  return { lat, lng, km: Number(u.searchParams.get('radius') ?? 25), collection: u.pathname.includes('institutions') ? 'institutions' : 'professionals' };
}

/** The documents of a cover's edge cells (the 192 ones written out as search_cell gives them since 044). */
async function edgeDocuments(collection: string, cover: CellCover): Promise<number> {
  const small = cover.edges.find((e) => e.grid === SMALL_CELLS)?.cells ?? [];
  const fine = cover.edges.find((e) => e.grid === FINE_CELLS)?.cells ?? [];
  // A 192 cell the edge crosses lies in a 48 cell the edge crosses: the 48 cell narrows the fine count.
  const [n] = await sql.unsafe<{ n: number }[]>(
    `SELECT (SELECT count(*) FROM search_documents WHERE collection = $1 AND location IS NOT NULL AND cell = ANY($2::int[]))::int
          + (SELECT count(*) FROM search_documents WHERE collection = $1 AND location IS NOT NULL AND cell = ANY($3::int[])
               AND floor(lat * 192)::int * 70000 + floor(lng * 192)::int + 35000 = ANY($4::int[]))::int AS n`,
    [collection, small, fine.map(toSmall), fine] as never[],
  );
  return n.n;
}

/** The 48 cell a 192 cell lies in. */
function toSmall(id: number): number {
  const row = Math.floor(id / 70000);
  return cellId(SMALL_CELLS, Math.floor(row / 4), Math.floor((id - row * 70000 - 35000) / 4));
}

async function main() {
  const fx = await loadFixtures(sql);
  const samples = Number(argv.samples ?? 100);
  const dense = new DenseCells(sql);
  dense.refine('professionals');
  dense.refine('institutions');
  await new Promise((resolve) => setTimeout(resolve, 2000)); // the lists, read in the background
  type Figures = { docs: number; summed: number; edgeCells: number };
  const rows: { i: number; at: string; two: Figures; all: Figures; dense: Figures }[] = [];
  const figures = async (collection: string, cover: CellCover): Promise<Figures> => ({
    docs: await edgeDocuments(collection, cover),
    summed: cover.cells.length,
    edgeCells: cover.edges.reduce((n, e) => n + e.cells.length, 0),
  });
  for (let i = 0; i < samples; i++) {
    const c = circleOf(scenarios['search-near'].request(fx, i));
    if (!c) continue;
    const coll = c.collection as CollectionName;
    rows.push({
      i,
      at: `${c.collection.slice(0, 4)} ${c.lat},${c.lng} ${c.km} km`,
      two: await figures(coll, cellCover(c.lat, c.lng, c.km, [LARGE_CELLS, SMALL_CELLS])),
      all: await figures(coll, cellCover(c.lat, c.lng, c.km)),
      dense: await figures(coll, cellCover(c.lat, c.lng, c.km, GRIDS, dense.refine(coll))),
    });
  }
  rows.sort((a, b) => b.two.docs - a.two.docs);
  const sum = (k: 'two' | 'all' | 'dense') => `edge documents ${rows.reduce((s, r) => s + r[k].docs, 0)}, cells summed ${rows.reduce((s, r) => s + r[k].summed, 0)}, edge cells ${rows.reduce((s, r) => s + r[k].edgeCells, 0)}`;
  console.log(`${rows.length} requests (distinct circles may repeat)\n  two grids (039): ${sum('two')}\n  three, split everywhere: ${sum('all')}\n  three, split where dense (${dense.threshold}+): ${sum('dense')}`);
  const f = (x: Figures) => `${x.docs} docs, ${x.summed} summed, ${x.edgeCells} edge cells`;
  for (const r of rows.slice(0, 15)) console.log(`  #${r.i} ${r.at}: ${f(r.two)} | ${f(r.all)} | ${f(r.dense)}`);
  await sql.end({ timeout: 2 });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
