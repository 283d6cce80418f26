/**
 * EXPLAIN ANALYZE of the PostgreSQL search engine's main searches on 100,000
 * professionals (docs/PERFORMANCE.md, "Search on 100,000 professionals").
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/search-explain.ts [--rows 100000] [--plans]
 *
 * Creates (and afterwards drops) a scratch database `ilera_search_bench` on that
 * server, migrates it, generates the search documents with one generate_series
 * INSERT (the derived columns computed the way the engine computes them), then
 * prints, for each search, the plan's index use and timings: the EXPLAIN ANALYZE
 * execution time of the hits and count/facet queries, and the engine's
 * end-to-end p50/p95 over 20 runs.
 */
import postgres from 'postgres';
import { createSql, migrate, withDatabase } from '@ilera/db';
import { countQuery, hitsQuery, parseSearch, PostgresEngine, sortBy, type SearchRequest } from '@ilera/search';

const server = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const argRows = process.argv.indexOf('--rows');
const ROWS = argRows > 0 ? Number(process.argv[argRows + 1]) : 100_000;
const SHOW_PLANS = process.argv.includes('--plans');
const DB = 'ilera_search_bench';

const sqlArray = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;
const first = ['Adaeze', 'Chinedu', 'Ngozi', 'Emeka', 'Fatima', 'Ibrahim', 'Bisi', 'Tunde', 'Halima', 'Uche', 'Kemi', 'Segun', 'Amaka', 'Musa', 'Yetunde', 'Ifeoma', 'Olumide', 'Zainab', 'Chiamaka', 'Babajide'];
const last = ['Okonkwo', 'Adeyemi', 'Bello', 'Nwosu', 'Eze', 'Musa', 'Okafor', 'Balogun', 'Ibekwe', 'Lawal', 'Okoro', 'Salami', 'Uzor', 'Danjuma', 'Ajayi', 'Adebayo', 'Nwachukwu', 'Ogunleye', 'Sani', 'Obi', 'Etim', 'Garba', 'Chukwu', 'Aina', 'Fashola', 'Amadi', 'Iheanacho', 'Oyelaran', 'Bakare', 'Onyeka'];
const doctor = ['General Practice', 'Cardiology', 'Neurology', 'Orthopedics', 'Pediatrics', 'Obstetrics & Gynecology', 'Psychiatry', 'Dermatology', 'Ophthalmology', 'ENT (Ear, Nose & Throat)', 'Radiology', 'Pathology', 'Anesthesiology', 'Emergency Medicine', 'Surgery', 'Internal Medicine'];
const pharmacist = ['Community Pharmacy', 'Hospital Pharmacy', 'Clinical Pharmacy', 'Industrial Pharmacy', 'Pharmaceutical Care'];
const nurse = ['General Nursing', 'Pediatric Nursing', 'Surgical Nursing', 'Critical Care Nursing', 'Midwifery'];
// Ten locations of the state filter, Lagos the most common, plus a few more cities.
const cities = ['Lagos', 'Lagos', 'Lagos', 'Ikeja', 'Abuja', 'Abuja', 'Kano', 'Ibadan', 'Port Harcourt', 'Kaduna', 'Benin City', 'Jos', 'Enugu', 'Calabar', 'Abeokuta', 'Owerri'];
const states = ['Lagos', 'Lagos', 'Lagos', 'Lagos', 'FCT', 'FCT', 'Kano', 'Oyo', 'Rivers', 'Kaduna', 'Edo', 'Plateau', 'Enugu', 'Cross River', 'Ogun', 'Imo'];

async function generate(sql: postgres.Sql) {
  // Deterministic "random" picks: (g * prime) % n.
  await sql.unsafe(`
    SELECT set_config('ilera.search_bulk', 'on', false);
    INSERT INTO search_documents (collection, id, document, name_key, fuzzy_text, tsv, rating, review_count, experience)
    SELECT 'professionals', g::text, doc, lower(fn || ' ' || ln),
      lower(concat_ws(' ', title, fn, ln, spec, ptype, city, state)),
      setweight(to_tsvector('simple', lower(concat_ws(' ', title, fn, ln, fn, ln))), 'A') ||
      setweight(to_tsvector('simple', lower(concat_ws(' ', spec, ptype))), 'B') ||
      setweight(to_tsvector('simple', lower(concat_ws(' ', city, state))), 'C') ||
      setweight(to_tsvector('simple', lower(bio)), 'D'),
      rating, reviews, years
    FROM (
      SELECT g, fn, ln, ptype, spec, city, state, title, rating, reviews, years, bio,
        jsonb_build_object('id', g::text, 'name', title || ' ' || fn || ' ' || ln, 'title', title, 'firstName', fn, 'lastName', ln,
          'professionalType', ptype, 'specialty', spec, 'city', city, 'state', state, 'countries', jsonb_build_array('Nigeria'),
          'yearsOfExperience', years, 'phone', '0803 123 4567', 'bio', bio, 'rating', rating, 'reviewCount', reviews,
          'isVerified', g % 3 <> 0, 'isApproved', true) AS doc
      FROM (
        SELECT g,
          (${sqlArray(first)})[(1 + (g * 7919) % ${first.length})::int] AS fn,
          (${sqlArray(last)})[(1 + (g * 104729) % ${last.length})::int] AS ln,
          CASE WHEN g % 10 < 6 THEN 'doctor' WHEN g % 10 < 8 THEN 'pharmacist' ELSE 'nurse' END AS ptype,
          CASE WHEN g % 10 < 6 THEN (${sqlArray(doctor)})[(1 + (g * 31) % ${doctor.length})::int]
               WHEN g % 10 < 8 THEN (${sqlArray(pharmacist)})[(1 + (g * 31) % ${pharmacist.length})::int]
               ELSE (${sqlArray(nurse)})[(1 + (g * 31) % ${nurse.length})::int] END AS spec,
          (${sqlArray(cities)})[(1 + (g * 13) % ${cities.length})::int] AS city,
          (${sqlArray(states)})[(1 + (g * 13) % ${states.length})::int] AS state,
          CASE WHEN g % 10 < 6 THEN 'Dr.' ELSE 'Mx.' END AS title,
          round(((g * 37) % 51) / 10.0, 1)::real AS rating,
          ((g * 17) % 120)::int AS reviews,
          ((g * 11) % 41)::int AS years,
          'Experienced practitioner serving patients with care and clear explanations. Practice number ' || g AS bio
        FROM generate_series(1::bigint, ${ROWS}) g
      ) x
    ) y;
    SELECT set_config('ilera.search_bulk', 'off', false);
    INSERT INTO search_facet_counts (collection, field, value, count)
    SELECT 'professionals', f.field, f.value, count(*)::int
    FROM search_documents d CROSS JOIN LATERAL search_facet_values(d.collection, d.document) f
    GROUP BY f.field, f.value;
    ANALYZE search_documents;
    ANALYZE search_facet_counts;
  `);
}

const FACETS = 'professionalType,specialty,city,state';
const searches: { name: string; search: SearchRequest }[] = [
  { name: 'browse (no text, no filter), facets, best match', search: { collection: 'professionals', q: '*', facet_by: FACETS, max_facet_values: 50, per_page: 10 } },
  { name: 'text "okonkwo", facets', search: { collection: 'professionals', q: 'okonkwo', facet_by: FACETS, max_facet_values: 50, per_page: 10 } },
  { name: 'typo "cardiolgy", facets', search: { collection: 'professionals', q: 'cardiolgy', facet_by: FACETS, max_facet_values: 50, per_page: 10 } },
  { name: 'prefix "okonk"', search: { collection: 'professionals', q: 'okonk', facet_by: FACETS, max_facet_values: 50, per_page: 10 } },
  { name: 'two words "adaeze okonkwo" (exact name first)', search: { collection: 'professionals', q: 'adaeze okonkwo', per_page: 10 } },
  {
    name: 'filters state=Lagos & type=doctor, facets',
    search: { collection: 'professionals', q: '*', filter_by: 'state:=[`Lagos`] && professionalType:=[`doctor`]', facet_by: 'specialty,city', max_facet_values: 50, per_page: 10 },
  },
  {
    name: 'selective filters specialty=Neurology & state=Kano, facets',
    search: { collection: 'professionals', q: '*', filter_by: 'specialty:=[`Neurology`] && state:=[`Kano`]', facet_by: 'city', max_facet_values: 50, per_page: 10 },
  },
  {
    name: 'text + filter "cardiology" in Lagos, facets',
    search: { collection: 'professionals', q: 'cardiology', filter_by: 'state:=[`Lagos`]', facet_by: FACETS, max_facet_values: 50, per_page: 10 },
  },
  {
    name: 'filter type=nurse, sorted by experience',
    search: { collection: 'professionals', q: '*', filter_by: 'professionalType:=[`nurse`]', sort_by: 'yearsOfExperience:desc,rating:desc', per_page: 10 },
  },
  { name: 'typed city "ikeja" (case-insensitive)', search: { collection: 'professionals', q: '*', filter_by: 'city:`ikeja`', per_page: 10 } },
];

function planSummary(plan: string[]): { indexes: string[]; seqScan: boolean; ms: number } {
  const indexes = [
    ...new Set(plan.flatMap((l) => [...l.matchAll(/(?:Index Only Scan|Index Scan)(?: Backward)? using (\w+)|Bitmap Index Scan on (\w+)/g)].map((m) => m[1] ?? m[2]))),
  ];
  const seqScan = plan.some((l) => /Seq Scan on search_documents/.test(l));
  const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan.join('\n'))?.[1] ?? NaN);
  return { indexes, seqScan, ms };
}

async function main() {
  const admin = postgres(server, { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await admin.unsafe(`CREATE DATABASE ${DB}`);
  const url = withDatabase(server, DB);
  const sql = createSql(url, { max: 4 });
  try {
    await migrate(sql);
    const t0 = Date.now();
    await generate(sql);
    const [{ n }] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM search_documents`;
    console.log(`Generated ${n} professional documents in ${((Date.now() - t0) / 1000).toFixed(1)} s.\n`);
    const engine = new PostgresEngine(sql);
    const rows: string[] = [];
    for (const { name, search: given } of searches) {
      // As the API sends them: best match (relevance, then rating) unless another order is asked for.
      const search = { sort_by: sortBy.professionals.relevance, ...given };
      const parsed = parseSearch(search);
      const parts: { label: string; text: string; values: unknown[] }[] = [
        { label: 'hits', ...hitsQuery(parsed) },
        { label: 'count+facets', ...countQuery(parsed) },
      ];
      const summaries = [];
      for (const part of parts) {
        // Warm once, then explain.
        await sql.unsafe(part.text, part.values as never[]);
        const plan = (await sql.unsafe(`EXPLAIN (ANALYZE, BUFFERS) ${part.text}`, part.values as never[])).map((r) => String(Object.values(r)[0]));
        summaries.push({ label: part.label, ...planSummary(plan) });
        if (SHOW_PLANS) console.log(`--- ${name} / ${part.label}\n${plan.join('\n')}\n`);
      }
      const times: number[] = [];
      let found = 0;
      for (let i = 0; i < 20; i++) {
        const start = performance.now();
        const [r] = await engine.multiSearch([search]);
        times.push(performance.now() - start);
        found = (r as { found: number }).found;
      }
      times.sort((a, b) => a - b);
      const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
      rows.push(
        `| ${name} | ${found} | ${summaries
          .map((s) => `${s.label}: ${s.ms.toFixed(1)} ms, ${s.indexes.length ? s.indexes.join(' + ') : 'no index'}${s.seqScan ? ' (seq scan)' : ''}`)
          .join('<br>')} | ${p(0.5)} / ${p(0.95)} ms |`,
      );
    }
    console.log('| search | found | EXPLAIN ANALYZE (execution time, indexes used) | engine p50 / p95 |');
    console.log('|---|---|---|---|');
    for (const r of rows) console.log(r);
  } finally {
    await sql.end({ timeout: 5 });
    if (!process.argv.includes('--keep')) await admin.unsafe(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
