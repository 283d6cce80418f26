-- Issue 33 (decision 032, "Counts inside a circle"): a near-me search's `found`, facets and
-- availability windows were counted over every document within the radius (a 25 km circle in
-- Lagos holds some 100,000 of 500,000 professionals). The counts of a grid of cells are kept ahead
-- of time, as the cube keeps them per facet key (006, 020): a circle's counts are the sums of the
-- cells wholly inside it, and only the documents of the cells its edge crosses are counted one by
-- one (search/src/postgres-geo.ts cellCover picks the cells, postgres-counts.ts sums them).
--
-- Two grids that nest: 12 cells a degree (about 9 km) and 48 (about 2.3 km); a large cell wholly
-- inside the circle is summed whole, a large cell the edge crosses is looked at as its 16 small
-- ones. A cell is its row and column in its grid: floor(lat * n) * 32768 + floor(lng * n) + 16384, both
-- taken from the small grid's (a large cell's row is a small one's divided by 4, rounded down), so
-- each small cell lies in exactly one large cell whatever the rounding of the coordinates.
CREATE FUNCTION search_cell(n integer, lat double precision, lng double precision) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT (floor(lat * 48)::int >> CASE n WHEN 48 THEN 0 ELSE 2 END) * 32768 + (floor(lng * 48)::int >> CASE n WHEN 48 THEN 0 ELSE 2 END) + 16384
$$;

-- Rows (what search_cube holds for the empty term), per cell of both grids:
-- key_id and '' for the documents of a key; key_id and an array value (a tag) for that value's
-- documents of the key; key_id 0 and a value for that value's documents of every key (what a
-- facet over every key reads: a cell holds a few hundred keys but a few dozen values).
CREATE TABLE search_cube_cells (
  collection text NOT NULL,
  size       smallint NOT NULL,  -- cells a degree: 12 or 48
  cell       integer NOT NULL,
  key_id     integer NOT NULL,   -- 0: every key (value rows only)
  arr_field  text NOT NULL,
  arr_value  text NOT NULL,
  count      integer NOT NULL,
  PRIMARY KEY (collection, size, cell, key_id, arr_field, arr_value) INCLUDE (count)
);
-- The documents' own rows alone (a key's value rows lie between them in the primary key), as
-- 025 does for the cube.
CREATE INDEX search_cube_cells_documents_idx ON search_cube_cells (collection, size, cell, key_id) INCLUDE (count)
  WHERE arr_field = '' AND arr_value = '';
CREATE INDEX search_cube_cells_empty_idx ON search_cube_cells (collection) WHERE count <= 0;

-- The availability windows (decision 022): each key's documents per cell by the Lagos day of their
-- next slot (none: not in it).
CREATE TABLE search_cube_cell_days (
  collection text NOT NULL,
  size       smallint NOT NULL,
  cell       integer NOT NULL,
  key_id     integer NOT NULL,
  day        date NOT NULL,
  count      integer NOT NULL,
  PRIMARY KEY (collection, size, cell, key_id, day) INCLUDE (count)
);
CREATE INDEX search_cube_cell_days_empty_idx ON search_cube_cell_days (collection) WHERE count <= 0;

-- The rows a located document counts in (none without a location).
CREATE FUNCTION search_cell_rows(lat double precision, lng double precision, key_id integer, tags text[])
RETURNS TABLE (size smallint, cell integer, key_id integer, arr_field text, arr_value text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT g.n::smallint, search_cell(g.n, lat, lng), k.key_id, a.arr_field, a.arr_value
  FROM (VALUES (12), (48)) AS g(n)
  CROSS JOIN LATERAL (
    SELECT '' AS arr_field, '' AS arr_value
    UNION ALL
    SELECT split_part(tag, ':', 1), substr(tag, position(':' IN tag) + 1) FROM unnest(tags) AS tag
  ) a
  CROSS JOIN LATERAL (SELECT search_cell_rows.key_id UNION ALL SELECT 0 WHERE a.arr_field <> '') AS k(key_id)
  WHERE lat IS NOT NULL AND lng IS NOT NULL
$$;

-- The small grid's cell of each document, for the documents of the cells a circle's edge crosses:
-- one index per collection (a statement names its collection as a literal), carrying what their
-- counts read and the point for the exact distance, so they are counted from the index alone.
ALTER TABLE search_documents ADD COLUMN cell integer GENERATED ALWAYS AS (search_cell(48, lat, lng)) STORED;
CREATE INDEX search_documents_cell_professionals_idx ON search_documents (cell) INCLUDE (key_id, tags, next_slot, location)
  WHERE collection = 'professionals' AND location IS NOT NULL;
CREATE INDEX search_documents_cell_institutions_idx ON search_documents (cell) INCLUDE (key_id, tags, next_slot, location)
  WHERE collection = 'institutions' AND location IS NOT NULL;

CREATE FUNCTION search_documents_cells() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  coll text := coalesce(NEW.collection, OLD.collection);
BEGIN
  IF current_setting('ilera.search_bulk', true) = 'on' THEN
    RETURN NULL;
  END IF;
  -- Neither place, key, values nor day moved: no count changes (most bookings, every text edit).
  IF TG_OP = 'UPDATE' AND OLD.key_id = NEW.key_id AND OLD.tags = NEW.tags AND OLD.lat IS NOT DISTINCT FROM NEW.lat
     AND OLD.lng IS NOT DISTINCT FROM NEW.lng AND search_slot_day(OLD.next_slot) IS NOT DISTINCT FROM search_slot_day(NEW.next_slot) THEN
    RETURN NULL;
  END IF;
  IF (TG_OP = 'INSERT' OR OLD.lat IS NULL OR OLD.lng IS NULL) AND (TG_OP = 'DELETE' OR NEW.lat IS NULL OR NEW.lng IS NULL) THEN
    RETURN NULL;
  END IF;
  -- The cube's lock (006): writers of one collection take turns, never deadlocking on count rows.
  PERFORM pg_advisory_xact_lock(727320, hashtext(coll));
  IF TG_OP <> 'UPDATE' OR OLD.key_id <> NEW.key_id OR OLD.tags <> NEW.tags OR OLD.lat IS DISTINCT FROM NEW.lat OR OLD.lng IS DISTINCT FROM NEW.lng THEN
    WITH d AS (
      SELECT r.size, r.cell, r.key_id, r.arr_field, r.arr_value, sum(r.delta)::int AS delta
      FROM (
        SELECT o.*, -1 AS delta FROM search_cell_rows(OLD.lat, OLD.lng, OLD.key_id, OLD.tags) o WHERE TG_OP <> 'INSERT'
        UNION ALL
        SELECT n.*, 1 FROM search_cell_rows(NEW.lat, NEW.lng, NEW.key_id, NEW.tags) n WHERE TG_OP <> 'DELETE'
      ) r
      GROUP BY 1, 2, 3, 4, 5
      HAVING sum(r.delta) <> 0
    )
    INSERT INTO search_cube_cells AS c (collection, size, cell, key_id, arr_field, arr_value, count)
    SELECT coll, size, cell, key_id, arr_field, arr_value, delta FROM d ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (collection, size, cell, key_id, arr_field, arr_value) DO UPDATE SET count = c.count + excluded.count;
    DELETE FROM search_cube_cells WHERE collection = coll AND count <= 0;
  END IF;
  WITH d AS (
    SELECT r.size, r.cell, r.key_id, r.day, sum(r.delta)::int AS delta
    FROM (
      SELECT o.size, o.cell, o.key_id, search_slot_day(OLD.next_slot) AS day, -1 AS delta
      FROM search_cell_rows(OLD.lat, OLD.lng, OLD.key_id, '{}') o WHERE TG_OP <> 'INSERT' AND OLD.next_slot IS NOT NULL
      UNION ALL
      SELECT n.size, n.cell, n.key_id, search_slot_day(NEW.next_slot), 1
      FROM search_cell_rows(NEW.lat, NEW.lng, NEW.key_id, '{}') n WHERE TG_OP <> 'DELETE' AND NEW.next_slot IS NOT NULL
    ) r
    GROUP BY 1, 2, 3, 4
    HAVING sum(r.delta) <> 0
  )
  INSERT INTO search_cube_cell_days AS c (collection, size, cell, key_id, day, count)
  SELECT coll, size, cell, key_id, day, delta FROM d ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (collection, size, cell, key_id, day) DO UPDATE SET count = c.count + excluded.count;
  DELETE FROM search_cube_cell_days WHERE collection = coll AND count <= 0;
  RETURN NULL;
END $$;

CREATE TRIGGER search_documents_cells AFTER INSERT OR UPDATE OR DELETE ON search_documents
  FOR EACH ROW WHEN (current_setting('ilera.search_bulk', true) IS DISTINCT FROM 'on') EXECUTE FUNCTION search_documents_cells();

-- One collection's cell rows counted again from its documents.
CREATE FUNCTION search_recount_cells(coll text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727320, hashtext(coll));
  DELETE FROM search_cube_cells WHERE collection = coll;
  DELETE FROM search_cube_cell_days WHERE collection = coll;
  INSERT INTO search_cube_cells (collection, size, cell, key_id, arr_field, arr_value, count)
  SELECT coll, r.size, r.cell, r.key_id, r.arr_field, r.arr_value, count(*)::int
  FROM search_documents d CROSS JOIN LATERAL search_cell_rows(d.lat, d.lng, d.key_id, d.tags) r
  WHERE d.collection = coll AND d.lat IS NOT NULL AND d.lng IS NOT NULL
  GROUP BY 2, 3, 4, 5, 6
  ORDER BY 2, 3, 4, 5, 6;
  INSERT INTO search_cube_cell_days (collection, size, cell, key_id, day, count)
  SELECT coll, r.size, r.cell, r.key_id, search_slot_day(d.next_slot), count(*)::int
  FROM search_documents d CROSS JOIN LATERAL search_cell_rows(d.lat, d.lng, d.key_id, '{}') r
  WHERE d.collection = coll AND d.lat IS NOT NULL AND d.lng IS NOT NULL AND d.next_slot IS NOT NULL
  GROUP BY 2, 3, 4, 5
  ORDER BY 2, 3, 4, 5;
END $$;

-- A full reindex's recount (028) ends with the cells too.
CREATE OR REPLACE FUNCTION search_recount(coll text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727320, hashtext(coll));
  DELETE FROM search_cube WHERE collection = coll;
  DELETE FROM search_cube_days WHERE collection = coll;
  DELETE FROM search_terms WHERE collection = coll;
  CREATE TEMPORARY TABLE search_recount_by_day ON COMMIT DROP AS
    SELECT r.term, d.key_id, r.arr_field, r.arr_value, search_slot_day(d.next_slot) AS day, count(*)::int AS n
    FROM search_documents d CROSS JOIN LATERAL search_cube_rows(d.tsv_main, d.tags) r
    WHERE d.collection = coll
    GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO search_cube_days (collection, term, key_id, arr_field, arr_value, day, count)
  SELECT coll, term, key_id, arr_field, arr_value, day, n FROM pg_temp.search_recount_by_day WHERE day IS NOT NULL
  ORDER BY 2, 3, 4, 5, 6;
  INSERT INTO search_cube (collection, term, key_id, arr_field, arr_value, count)
  SELECT coll, term, key_id, arr_field, arr_value, sum(n)::int FROM pg_temp.search_recount_by_day
  GROUP BY 2, 3, 4, 5
  ORDER BY 2, 3, 4, 5; -- a term's rows together on disk
  DROP TABLE pg_temp.search_recount_by_day;
  CREATE TEMPORARY TABLE search_recount_terms ON COMMIT DROP AS
    SELECT lexeme AS term, count(*)::int AS docs FROM search_documents d CROSS JOIN LATERAL unnest(d.tsv_main)
    WHERE d.collection = coll GROUP BY 1;
  INSERT INTO search_terms (collection, term, docs) SELECT coll, term, docs FROM pg_temp.search_recount_terms;
  DROP TABLE pg_temp.search_recount_terms;
  PERFORM search_recount_cells(coll);
  PERFORM search_bump_generation(coll);
END $$;

SELECT search_recount_cells('professionals');
SELECT search_recount_cells('institutions');
SELECT search_bump_generation('professionals');
SELECT search_bump_generation('institutions');
