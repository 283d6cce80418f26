-- The search index's write generation (docs/decisions/009-search-answer-cache.md):
-- one row per collection whose value changes in every transaction that changes
-- that collection's documents. The API caches search answers under the generation
-- it read before searching, so an answer is never served after the index changed.
--
-- The value is the writing transaction's id (txid_current(), 64 bits, never reused),
-- not a counter: a counter restarts at 1 if the table is emptied (the seed's reset
-- truncates every table) and could come back to a value an answer is cached under.
-- Readers only compare generations for equality.
CREATE TABLE search_generation (
  collection text PRIMARY KEY,
  generation bigint NOT NULL
);

CREATE FUNCTION search_bump_generation(coll text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_generation AS g (collection, generation) VALUES (coll, txid_current())
  ON CONFLICT (collection) DO UPDATE SET generation = excluded.generation
  -- The second write of a transaction changes nothing (no new row version).
  WHERE g.generation IS DISTINCT FROM excluded.generation
$$;

-- Per row, so that it knows the collection: the index worker writes one document
-- at a time. Unlike the cube trigger it also fires when only the document changed
-- (a phone number): the hits carry the documents.
CREATE FUNCTION search_documents_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A full reindex bumps once, in search_recount at its end.
  IF current_setting('ilera.search_bulk', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM search_bump_generation(coalesce(NEW.collection, OLD.collection));
  RETURN NULL;
END $$;

CREATE TRIGGER search_documents_generation AFTER INSERT OR UPDATE OR DELETE ON search_documents
  FOR EACH ROW EXECUTE FUNCTION search_documents_generation();

CREATE FUNCTION search_documents_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_bump_generation('professionals');
  PERFORM search_bump_generation('institutions');
  RETURN NULL;
END $$;

CREATE TRIGGER search_documents_truncated AFTER TRUNCATE ON search_documents
  FOR EACH STATEMENT EXECUTE FUNCTION search_documents_truncated();

-- search_recount (006_search_cube.sql) ends every full reindex of a collection.
CREATE OR REPLACE FUNCTION search_recount(coll text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727320, hashtext(coll));
  DELETE FROM search_cube WHERE collection = coll;
  DELETE FROM search_terms WHERE collection = coll;
  INSERT INTO search_cube (collection, term, key_id, arr_field, arr_value, count)
  SELECT coll, r.term, d.key_id, r.arr_field, r.arr_value, count(*)::int
  FROM search_documents d CROSS JOIN LATERAL search_cube_rows(d.tsv_main, d.tags) r
  WHERE d.collection = coll
  GROUP BY 2, 3, 4, 5
  ORDER BY 2, 3, 4, 5; -- a term's rows together on disk
  INSERT INTO search_terms (collection, term, docs)
  SELECT coll, lexeme, count(*)::int FROM search_documents d CROSS JOIN LATERAL unnest(d.tsv_main)
  WHERE d.collection = coll GROUP BY 2;
  PERFORM search_bump_generation(coll);
END $$;

SELECT search_bump_generation('professionals');
SELECT search_bump_generation('institutions');
