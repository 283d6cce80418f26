-- Issue 13 (search SQL per request): the cubes' array value rows (a service's, a country's) by value,
-- then key. The primary keys order a term's rows by key first, so one value's rows over every key
-- ("Maternity Services" among all institutions, the count of a search filtered on that service) were
-- found by reading all the term's rows: 8,554 index entries for 434 rows, 1.05 ms at 500,000
-- professionals and 50,000 institutions; from this index 0.16 ms (2026-11-25). postgres-engine.ts
-- ownRows names `arr_field <> ''` by a constant so that a prepared statement's generic plan can use it.
CREATE INDEX search_cube_values_idx ON search_cube (collection, term, arr_field, arr_value, key_id) INCLUDE (count)
  WHERE arr_field <> '';
CREATE INDEX search_cube_days_values_idx ON search_cube_days (collection, term, arr_field, arr_value, key_id, day) INCLUDE (count)
  WHERE arr_field <> '';
