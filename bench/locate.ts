/**
 * Bench data for near-me search (issue 33). The seed files its professionals and owned institutions
 * under a city, with no coordinates (only register listings have them). This gives each one without
 * a location a point around its city's centre, as a practice address would be (a deterministic
 * spread from its id, denser near the centre), and an LGA of that city (contracts' nigeria-lgas),
 * then rebuilds the search index. Run it once after `npm run seed` on a bench database:
 *
 *   npx tsx bench/locate.ts --database-url URL [--no-reindex]
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { createSql, type Sql } from '@ilera/db';
import { nigeriaLgas } from '@ilera/contracts';
import { reindexAll } from '@ilera/search';

/** The seed's cities (db/src/seed/data.ts): centre and spread either way, in degrees. */
const CENTRES: [city: string, lat: number, lng: number, spread: number][] = [
  ['Lagos', 6.5244, 3.3792, 0.2],
  ['Ikeja', 6.6018, 3.3515, 0.06],
  ['Lekki', 6.4698, 3.5852, 0.08],
  ['Abuja', 9.0765, 7.3986, 0.15],
  ['Kano', 12.0022, 8.592, 0.1],
  ['Ibadan', 7.3775, 3.947, 0.1],
  ['Port Harcourt', 4.8156, 7.0498, 0.1],
  ['Kaduna', 10.5105, 7.4165, 0.08],
  ['Benin City', 6.335, 5.6037, 0.08],
  ['Jos', 9.8965, 8.8583, 0.06],
  ['Enugu', 6.4584, 7.5464, 0.06],
  ['Calabar', 4.9757, 8.3417, 0.05],
  ['Abeokuta', 7.1475, 3.3619, 0.06],
  ['Owerri', 5.4836, 7.0333, 0.05],
  ['Onitsha', 6.1413, 6.8029, 0.05],
  ['Awka', 6.2104, 7.0741, 0.04],
  ['Ilorin', 8.4966, 4.5421, 0.06],
  ['Uyo', 5.0377, 7.9128, 0.05],
  ['Warri', 5.5544, 5.7932, 0.05],
  ['Maiduguri', 11.8311, 13.151, 0.06],
  ['Sokoto', 13.0059, 5.2476, 0.05],
  ['Osogbo', 7.7827, 4.5418, 0.04],
  ['Akure', 7.2571, 5.2058, 0.05],
];

/** Gives every seeded professional and institution without a location one around its city; returns how many. */
export async function locateByCity(sql: Sql): Promise<{ professionals: number; institutions: number }> {
  const centres = CENTRES.map(([city, lat, lng, spread]) => {
    const lgas = nigeriaLgas.filter((l) => l.city === city).map((l) => l.name);
    return { city, lat, lng, spread, lgas: lgas.length ? lgas : [city] };
  });
  // Two hashes of the id, summed: a triangular spread, most near the centre.
  const offset = (salt: string) => `((abs(hashtext(t.id || '${salt}1')) % 10000 + abs(hashtext(t.id || '${salt}2')) % 10000) / 10000.0 - 1)`;
  const located = { professionals: 0, institutions: 0 };
  for (const table of ['professionals', 'institutions'] as const) {
    const rows = await sql.unsafe(
      `UPDATE ${table} AS t SET latitude = c.lat + ${offset('a')} * c.spread, longitude = c.lng + ${offset('o')} * c.spread,
         location_source = 'pin', lga = coalesce(t.lga, c.lgas[1 + abs(hashtext(t.id || 'l')) % cardinality(c.lgas)])
       FROM jsonb_to_recordset($1::text::jsonb) AS c(city text, lat float8, lng float8, spread float8, lgas text[])
       WHERE t.city = c.city AND t.latitude IS NULL`,
      [JSON.stringify(centres)],
    );
    located[table] = rows.count;
  }
  return located;
}

async function main() {
  const { values: argv } = parseArgs({ options: { 'database-url': { type: 'string' }, 'no-reindex': { type: 'boolean' } } });
  const url = argv['database-url'] ?? process.env.DATABASE_URL;
  if (!url) throw new Error('--database-url is required');
  const sql = createSql(url, { max: 4, parallel: true }); // as the seed's: the index builds take connections of their own
  try {
    const started = Date.now();
    console.log(JSON.stringify(await locateByCity(sql)), `located in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await sql`ANALYZE`;
    if (!argv['no-reindex']) {
      const t = Date.now();
      const n = await reindexAll(sql, { progress: true, indexesAfter: true, log: console.log });
      console.log(`reindexed ${n.professionals} professionals, ${n.institutions} institutions in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
