-- Issue 47 (decision 053): a search without text under one array value (a service, a plan, a language)
-- that counts array facets (the REST search counts plans, services and languages on every search) was
-- counted over every matching document's tags: the cube (006) holds each key's documents per single
-- array value, but no pair of values, and a facet under an array filter is a pair. At 100,000
-- professionals and 13,000 institutions (bench database, 2026-11-29) those statements were 48-58 ms a call
-- at load 11, the dearest counts of the search mix (issue 47's "17 ms form" at load 2).
--
-- The pairs: per key, the documents holding an array tag (`tag`, field:value as in search_documents.tags)
-- and each of their tags (arr_field, arr_value), that one too, for the empty term only (a search with text
-- is counted as before). A search under the tag reads its facets from the tag's rows alone, which lie
-- together by field; for a key list, each key's rows. Near-me keeps its own cells' pairs (046).
-- Measured on the bench database (100,000 professionals, 13,000 institutions): 536,701 rows (professionals
-- 346,283, institutions 190,418), 108 MB with its key, beside the cube's 1.95 M rows and 409 MB.
CREATE TABLE search_cube_tag_pairs (
  collection text NOT NULL,
  tag        text NOT NULL,
  arr_field  text NOT NULL,
  key_id     integer NOT NULL,
  arr_value  text NOT NULL,
  count      integer NOT NULL,
  PRIMARY KEY (collection, tag, arr_field, key_id, arr_value) INCLUDE (count)
);
CREATE INDEX search_cube_tag_pairs_empty_idx ON search_cube_tag_pairs (collection) WHERE count <= 0;

-- The pair rows a document counts in: each distinct tag with each of its tags.
CREATE FUNCTION search_tag_pair_rows(key_id integer, tags text[])
RETURNS TABLE (tag text, arr_field text, key_id integer, arr_value text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT a.tag, split_part(b.tag, ':', 1), search_tag_pair_rows.key_id, substr(b.tag, position(':' IN b.tag) + 1)
  FROM (SELECT DISTINCT t AS tag FROM unnest(tags) AS t) a
  CROSS JOIN LATERAL (SELECT t AS tag FROM unnest(tags) AS t) b
$$;

CREATE FUNCTION search_documents_tag_pairs() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  coll text := coalesce(NEW.collection, OLD.collection);
BEGIN
  IF current_setting('ilera.search_bulk', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.key_id = NEW.key_id AND OLD.tags = NEW.tags AND OLD.collection = NEW.collection THEN
    RETURN NULL;
  END IF;
  -- The cube's lock (006): writers of one collection take turns, so they never deadlock on pair rows.
  PERFORM pg_advisory_xact_lock(727320, hashtext(coll));
  WITH d AS (
    SELECT r.tag, r.arr_field, r.key_id, r.arr_value, sum(r.delta)::int AS delta
    FROM (
      SELECT o.*, -1 AS delta FROM search_tag_pair_rows(OLD.key_id, OLD.tags) o WHERE TG_OP <> 'INSERT'
      UNION ALL
      SELECT n.*, 1 FROM search_tag_pair_rows(NEW.key_id, NEW.tags) n WHERE TG_OP <> 'DELETE'
    ) r
    GROUP BY 1, 2, 3, 4
    HAVING sum(r.delta) <> 0
  )
  INSERT INTO search_cube_tag_pairs AS c (collection, tag, arr_field, key_id, arr_value, count)
  SELECT coll, tag, arr_field, key_id, arr_value, delta FROM d ORDER BY 2, 3, 4, 5
  ON CONFLICT (collection, tag, arr_field, key_id, arr_value) DO UPDATE SET count = c.count + excluded.count;
  DELETE FROM search_cube_tag_pairs WHERE collection = coll AND count <= 0;
  RETURN NULL;
END $$;

CREATE TRIGGER search_documents_tag_pairs AFTER INSERT OR UPDATE OR DELETE ON search_documents
  FOR EACH ROW WHEN (current_setting('ilera.search_bulk', true) IS DISTINCT FROM 'on') EXECUTE FUNCTION search_documents_tag_pairs();

-- One collection's tag pairs counted again from its documents.
CREATE FUNCTION search_recount_tag_pairs(coll text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727320, hashtext(coll));
  DELETE FROM search_cube_tag_pairs WHERE collection = coll;
  INSERT INTO search_cube_tag_pairs (collection, tag, arr_field, key_id, arr_value, count)
  SELECT coll, r.tag, r.arr_field, r.key_id, r.arr_value, count(*)::int
  FROM search_documents d CROSS JOIN LATERAL search_tag_pair_rows(d.key_id, d.tags) r
  WHERE d.collection = coll
  GROUP BY 2, 3, 4, 5
  ORDER BY 2, 3, 4, 5;
END $$;

-- search_recount (a full reindex's end) ends with search_recount_cells: it recounts the tag pairs too, so
-- that every table counted from the documents is recounted in one place. 046's body is kept as it was.
CREATE OR REPLACE FUNCTION search_recount_cells(coll text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_recount_cell_rows(coll);
  PERFORM search_recount_cell_pairs(coll);
  PERFORM search_recount_tag_pairs(coll);
END $$;

SELECT search_recount_tag_pairs('professionals');
SELECT search_recount_tag_pairs('institutions');
SELECT search_bump_generation('professionals');
SELECT search_bump_generation('institutions');
