-- Issue 13 (seeding 500,000 in minutes): a full reindex's recount reads the documents once, not twice.
-- search_recount (006, 008) counted the cube from every document's terms, then search_recount_days
-- (020) expanded the same terms again for the day rows: 23 s each on 500,000 professionals. Now the
-- counts by day (NULL: no next slot) are made once; the cube's rows are their sums over the days,
-- the day rows those with a day. Same rows as before (search/src/bulk-index.test.ts compares them
-- with what the per-row triggers keep).
CREATE OR REPLACE FUNCTION search_recount(coll text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727320, hashtext(coll));
  DELETE FROM search_cube WHERE collection = coll;
  DELETE FROM search_cube_days WHERE collection = coll;
  DELETE FROM search_terms WHERE collection = coll;
  WITH by_day AS MATERIALIZED (
    SELECT r.term, d.key_id, r.arr_field, r.arr_value, search_slot_day(d.next_slot) AS day, count(*)::int AS n
    FROM search_documents d CROSS JOIN LATERAL search_cube_rows(d.tsv_main, d.tags) r
    WHERE d.collection = coll
    GROUP BY 1, 2, 3, 4, 5
  ), days AS (
    INSERT INTO search_cube_days (collection, term, key_id, arr_field, arr_value, day, count)
    SELECT coll, term, key_id, arr_field, arr_value, day, n FROM by_day WHERE day IS NOT NULL
    ORDER BY 2, 3, 4, 5, 6
  )
  INSERT INTO search_cube (collection, term, key_id, arr_field, arr_value, count)
  SELECT coll, term, key_id, arr_field, arr_value, sum(n)::int FROM by_day
  GROUP BY 2, 3, 4, 5
  ORDER BY 2, 3, 4, 5; -- a term's rows together on disk
  INSERT INTO search_terms (collection, term, docs)
  SELECT coll, lexeme, count(*)::int FROM search_documents d CROSS JOIN LATERAL unnest(d.tsv_main)
  WHERE d.collection = coll GROUP BY 2;
  PERFORM search_bump_generation(coll);
END $$;

DROP FUNCTION search_recount_days(text);
