-- Issues 13 and 17 (decision 022): the Lagos day of a document's next free slot as one more
-- dimension of the counts kept ahead of time. The search page's availability windows ("today",
-- "within 3 days", "this week") end at a Lagos midnight, so `next_slot < that midnight` is exactly
-- "the Lagos day of next_slot is before that day": a window's count, and the facet counts of a search
-- under the availability filter, are sums of a few day rows instead of a count of every match.
--
-- search_cube_days holds, like search_cube (006), per term ('' = every document), facet key and
-- array value, how many documents there are, split by the Lagos day of their next slot (documents
-- without one are not in it). Kept by a trigger beside the cube's, under the same lock; a full
-- reindex recounts it at its end (search_recount_days, after search_recount).
CREATE TABLE search_cube_days (
  collection text NOT NULL,
  term       text NOT NULL,
  key_id     integer NOT NULL REFERENCES search_cube_keys,
  arr_field  text NOT NULL,
  arr_value  text NOT NULL,
  day        date NOT NULL,  -- the Lagos day of next_slot
  count      integer NOT NULL,
  PRIMARY KEY (collection, term, key_id, arr_field, arr_value, day) INCLUDE (count)
);
CREATE INDEX search_cube_days_empty_idx ON search_cube_days (collection) WHERE count <= 0;

-- Nigeria keeps West Africa Time all year (UTC+1, no daylight saving).
CREATE FUNCTION search_slot_day(slot timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE AS $$ SELECT (slot AT TIME ZONE 'Africa/Lagos')::date $$;

CREATE FUNCTION search_documents_cube_days() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  coll text := coalesce(NEW.collection, OLD.collection);
BEGIN
  IF current_setting('ilera.search_bulk', true) = 'on' THEN
    RETURN NULL;
  END IF;
  -- A booking that moves the next slot within the same day changes no count.
  IF TG_OP = 'UPDATE' AND OLD.key_id = NEW.key_id AND OLD.tags = NEW.tags AND OLD.tsv_main = NEW.tsv_main
     AND search_slot_day(OLD.next_slot) IS NOT DISTINCT FROM search_slot_day(NEW.next_slot) THEN
    RETURN NULL;
  END IF;
  IF (TG_OP = 'INSERT' OR OLD.next_slot IS NULL) AND (TG_OP = 'DELETE' OR NEW.next_slot IS NULL) THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(727320, hashtext(coll));

  WITH d AS (
    SELECT r.term, r.key_id, r.arr_field, r.arr_value, r.day, sum(r.delta)::int AS delta
    FROM (
      SELECT o.*, OLD.key_id AS key_id, search_slot_day(OLD.next_slot) AS day, -1 AS delta
      FROM search_cube_rows(OLD.tsv_main, OLD.tags) o WHERE TG_OP <> 'INSERT' AND OLD.next_slot IS NOT NULL
      UNION ALL
      SELECT n.*, NEW.key_id, search_slot_day(NEW.next_slot), 1
      FROM search_cube_rows(NEW.tsv_main, NEW.tags) n WHERE TG_OP <> 'DELETE' AND NEW.next_slot IS NOT NULL
    ) r
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(r.delta) <> 0
  )
  INSERT INTO search_cube_days AS c (collection, term, key_id, arr_field, arr_value, day, count)
  SELECT coll, term, key_id, arr_field, arr_value, day, delta FROM d ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (collection, term, key_id, arr_field, arr_value, day) DO UPDATE SET count = c.count + excluded.count;
  DELETE FROM search_cube_days WHERE collection = coll AND count <= 0;
  RETURN NULL;
END $$;

CREATE TRIGGER search_documents_cube_days AFTER INSERT OR UPDATE OR DELETE ON search_documents
  FOR EACH ROW EXECUTE FUNCTION search_documents_cube_days();

-- The day rows of one collection counted again from its documents: a full reindex runs it after
-- search_recount (006, 008), in the same transaction; and this migration, for the documents indexed before it.
CREATE FUNCTION search_recount_days(coll text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727320, hashtext(coll));
  DELETE FROM search_cube_days WHERE collection = coll;
  INSERT INTO search_cube_days (collection, term, key_id, arr_field, arr_value, day, count)
  SELECT coll, r.term, d.key_id, r.arr_field, r.arr_value, search_slot_day(d.next_slot), count(*)::int
  FROM search_documents d CROSS JOIN LATERAL search_cube_rows(d.tsv_main, d.tags) r
  WHERE d.collection = coll AND d.next_slot IS NOT NULL
  GROUP BY 2, 3, 4, 5, 6
  ORDER BY 2, 3, 4, 5, 6;
END $$;

SELECT search_recount_days('professionals');
SELECT search_recount_days('institutions');
SELECT search_bump_generation('professionals');
SELECT search_bump_generation('institutions');
