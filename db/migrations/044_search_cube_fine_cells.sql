-- Issue 33 (decision 032, "Counts inside a circle"): a third, finer grid of cells. With 039's two
-- grids (12 and 48 cells a degree), the documents of the 48 cells (2.3 km) a 5-10 km circle's edge
-- crosses in a city centre were counted one by one: 6,000-27,000 professionals at 500,000. A grid of
-- 192 cells a degree (about 580 m) nests in the 48 one (a 48 cell is 4 x 4 of them): a 48 cell the
-- edge crosses is looked at as its 16 cells of 192, those wholly inside summed from their rows, and
-- only the documents of the 192 cells the edge crosses counted one by one (a quarter as many).
--
-- A 192 cell's id: floor(lat * 192) * 70000 + floor(lng * 192) + 35000 (columns run to 34,560 either
-- side of the meridian; rows to 17,280: an int). floor(lat * 192) is exactly 4 times floor(lat * 48)
-- plus 0-3 (a double times a power of two is exact), so a 192 cell lies in exactly one 48 cell, the one
-- search_cell(48, ...) gives. The 12 and 48 ids are 039's, unchanged (the `cell` column keeps its values).
CREATE OR REPLACE FUNCTION search_cell(n integer, lat double precision, lng double precision) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN n = 192 THEN floor(lat * 192)::int * 70000 + floor(lng * 192)::int + 35000
    ELSE (floor(lat * 48)::int >> CASE n WHEN 48 THEN 0 ELSE 2 END) * 32768 + (floor(lng * 48)::int >> CASE n WHEN 48 THEN 0 ELSE 2 END) + 16384 END
$$;

-- The rows a located document counts in, now in three grids (the trigger of 039 and
-- search_recount_cells read them from here).
CREATE OR REPLACE FUNCTION search_cell_rows(lat double precision, lng double precision, key_id integer, tags text[])
RETURNS TABLE (size smallint, cell integer, key_id integer, arr_field text, arr_value text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT g.n::smallint, search_cell(g.n, lat, lng), k.key_id, a.arr_field, a.arr_value
  FROM (VALUES (12), (48), (192)) AS g(n)
  CROSS JOIN LATERAL (
    SELECT '' AS arr_field, '' AS arr_value
    UNION ALL
    SELECT split_part(tag, ':', 1), substr(tag, position(':' IN tag) + 1) FROM unnest(tags) AS tag
  ) a
  CROSS JOIN LATERAL (SELECT search_cell_rows.key_id UNION ALL SELECT 0 WHERE a.arr_field <> '') AS k(key_id)
  WHERE lat IS NOT NULL AND lng IS NOT NULL
$$;

-- The documents of the 192 cells an edge crosses, from an index on that cell carrying what their
-- counts read and the point for the exact distance (as 039's index on the 48 cell). lat and lng are
-- carried too: an index-only scan needs every column the statement names, and the cell is computed
-- from them (an expression index: a stored column would rewrite search_documents).
CREATE INDEX search_documents_fine_cell_professionals_idx ON search_documents (search_cell(192, lat, lng))
  INCLUDE (key_id, tags, next_slot, location, lat, lng)
  WHERE collection = 'professionals' AND location IS NOT NULL;
CREATE INDEX search_documents_fine_cell_institutions_idx ON search_documents (search_cell(192, lat, lng))
  INCLUDE (key_id, tags, next_slot, location, lat, lng)
  WHERE collection = 'institutions' AND location IS NOT NULL;

-- The 192 grid's rows of the documents already there (the trigger keeps them from now on).
DO $$
DECLARE
  coll text;
BEGIN
  FOREACH coll IN ARRAY ARRAY['professionals', 'institutions'] LOOP
    PERFORM pg_advisory_xact_lock(727320, hashtext(coll));
    INSERT INTO search_cube_cells (collection, size, cell, key_id, arr_field, arr_value, count)
    SELECT coll, r.size, r.cell, r.key_id, r.arr_field, r.arr_value, count(*)::int
    FROM search_documents d CROSS JOIN LATERAL search_cell_rows(d.lat, d.lng, d.key_id, d.tags) r
    WHERE d.collection = coll AND d.lat IS NOT NULL AND d.lng IS NOT NULL AND r.size = 192
    GROUP BY 2, 3, 4, 5, 6
    ORDER BY 2, 3, 4, 5, 6;
    INSERT INTO search_cube_cell_days (collection, size, cell, key_id, day, count)
    SELECT coll, r.size, r.cell, r.key_id, search_slot_day(d.next_slot), count(*)::int
    FROM search_documents d CROSS JOIN LATERAL search_cell_rows(d.lat, d.lng, d.key_id, '{}') r
    WHERE d.collection = coll AND d.lat IS NOT NULL AND d.lng IS NOT NULL AND d.next_slot IS NOT NULL AND r.size = 192
    GROUP BY 2, 3, 4, 5
    ORDER BY 2, 3, 4, 5;
    PERFORM search_bump_generation(coll);
  END LOOP;
END $$;
