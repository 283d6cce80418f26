-- Issue 33 (decision 032, "Counts inside a circle"): an institution near-me search under an array
-- value of a small field (a level, an ownership, an LGA) with array facets (lga, ownership, level,
-- services) was counted over the circle's documents from the cell index: the cells (039, 044) hold
-- each key's documents per single array value and each value over every key, but no pair of values,
-- and a facet under a filter is a pair (12-260 ms a request at 101,000 institutions, 2026-11-26).
--
-- The pairs: per cell of the three grids and per key, the documents holding a tag of a small field
-- (`tag`, field:value as in search_documents.tags) and each of their tags (arr_field, arr_value), that
-- one too: a search under the value reads its documents per key and its facets from the tag's rows
-- alone, which lie together (a tag's rows of a grid in cell order: a run of cells is one range).
-- Only for the small fields, of the institutions: a level, an ownership and an LGA are one value a
-- document, a few a cell; services are many, never the filter here (a services filter with array
-- facets is counted over the documents as before). Measured on ilera_bench (101,000 institutions):
-- 623,923 pairs of two tags and 203,000 of a tag with itself a grid, kept per key 373,020 + 615,728 +
-- 783,218 rows (12, 48, 192 cells a degree; 306 MB with the primary key), a little more than what
-- search_cube_cells holds for the institutions (1,596,644 rows).
-- search/src/postgres-counts.ts CELL_PAIR_FIELDS names the same fields.
CREATE TABLE search_cube_cell_pairs (
  collection text NOT NULL,
  tag        text NOT NULL,
  size       smallint NOT NULL,
  cell       integer NOT NULL,
  key_id     integer NOT NULL,
  arr_field  text NOT NULL,
  arr_value  text NOT NULL,
  count      integer NOT NULL,
  PRIMARY KEY (collection, tag, size, cell, key_id, arr_field, arr_value) INCLUDE (count)
);
CREATE INDEX search_cube_cell_pairs_empty_idx ON search_cube_cell_pairs (collection) WHERE count <= 0;

-- The pair rows a located document counts in (none without a location, none but the institutions').
CREATE FUNCTION search_cell_pair_rows(coll text, lat double precision, lng double precision, key_id integer, tags text[])
RETURNS TABLE (size smallint, cell integer, key_id integer, tag text, arr_field text, arr_value text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT g.n::smallint, search_cell(g.n, lat, lng), search_cell_pair_rows.key_id, a.tag,
    split_part(b.tag, ':', 1), substr(b.tag, position(':' IN b.tag) + 1)
  FROM (VALUES (12), (48), (192)) AS g(n)
  CROSS JOIN (SELECT DISTINCT t AS tag FROM unnest(tags) AS t WHERE split_part(t, ':', 1) IN ('level', 'ownership', 'lga')) a
  CROSS JOIN LATERAL (SELECT t AS tag FROM unnest(tags) AS t) b
  WHERE coll = 'institutions' AND lat IS NOT NULL AND lng IS NOT NULL
$$;

CREATE FUNCTION search_documents_cell_pairs() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  coll text := coalesce(NEW.collection, OLD.collection);
BEGIN
  IF current_setting('ilera.search_bulk', true) = 'on' OR coll <> 'institutions' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.key_id = NEW.key_id AND OLD.tags = NEW.tags AND OLD.lat IS NOT DISTINCT FROM NEW.lat
     AND OLD.lng IS NOT DISTINCT FROM NEW.lng AND OLD.collection = NEW.collection THEN
    RETURN NULL;
  END IF;
  -- The cube's lock (006), as 039's trigger takes it.
  PERFORM pg_advisory_xact_lock(727320, hashtext(coll));
  WITH d AS (
    SELECT r.size, r.cell, r.key_id, r.tag, r.arr_field, r.arr_value, sum(r.delta)::int AS delta
    FROM (
      SELECT o.*, -1 AS delta FROM search_cell_pair_rows(OLD.collection, OLD.lat, OLD.lng, OLD.key_id, OLD.tags) o WHERE TG_OP <> 'INSERT'
      UNION ALL
      SELECT n.*, 1 FROM search_cell_pair_rows(NEW.collection, NEW.lat, NEW.lng, NEW.key_id, NEW.tags) n WHERE TG_OP <> 'DELETE'
    ) r
    GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(r.delta) <> 0
  )
  INSERT INTO search_cube_cell_pairs AS c (collection, tag, size, cell, key_id, arr_field, arr_value, count)
  SELECT coll, tag, size, cell, key_id, arr_field, arr_value, delta FROM d ORDER BY 2, 3, 4, 5, 6, 7
  ON CONFLICT (collection, tag, size, cell, key_id, arr_field, arr_value) DO UPDATE SET count = c.count + excluded.count;
  DELETE FROM search_cube_cell_pairs WHERE collection = coll AND count <= 0;
  RETURN NULL;
END $$;

CREATE TRIGGER search_documents_cell_pairs AFTER INSERT OR UPDATE OR DELETE ON search_documents
  FOR EACH ROW WHEN (current_setting('ilera.search_bulk', true) IS DISTINCT FROM 'on') EXECUTE FUNCTION search_documents_cell_pairs();

-- One collection's pair rows counted again from its documents.
CREATE FUNCTION search_recount_cell_pairs(coll text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727320, hashtext(coll));
  DELETE FROM search_cube_cell_pairs WHERE collection = coll;
  INSERT INTO search_cube_cell_pairs (collection, tag, size, cell, key_id, arr_field, arr_value, count)
  SELECT coll, r.tag, r.size, r.cell, r.key_id, r.arr_field, r.arr_value, count(*)::int
  FROM search_documents d CROSS JOIN LATERAL search_cell_pair_rows(d.collection, d.lat, d.lng, d.key_id, d.tags) r
  WHERE d.collection = coll AND d.lat IS NOT NULL AND d.lng IS NOT NULL
  GROUP BY 2, 3, 4, 5, 6, 7
  ORDER BY 2, 3, 4, 5, 6, 7;
END $$;

-- 039's recount of the cells (which a full reindex's search_recount ends with) recounts the pairs too:
-- its body kept under another name, the name now both.
ALTER FUNCTION search_recount_cells(text) RENAME TO search_recount_cell_rows;
CREATE FUNCTION search_recount_cells(coll text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_recount_cell_rows(coll);
  PERFORM search_recount_cell_pairs(coll);
END $$;

SELECT search_recount_cell_pairs('institutions');
SELECT search_bump_generation('institutions');
