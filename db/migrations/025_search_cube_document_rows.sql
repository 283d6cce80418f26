-- Issue 13 (search SQL per request): the cubes' rows that count documents themselves (arr_field '')
-- in indexes of their own. The primary keys (collection, term, key_id, arr_field, arr_value) keep each
-- key's array value rows (countries, services) between its document rows, so the document rows of a
-- term over many keys or all of them stepped over every array row too: for the empty term at 500,000
-- professionals, 15,250 index entries read for 2,254 rows (2.6-3.4 ms a statement with its rows sent,
-- 1.4 ms from this index; postgres-engine.ts ownRows names these rows by constants so that the
-- planner can prove a statement reads only them, prepared or not).
CREATE INDEX search_cube_documents_idx ON search_cube (collection, term, key_id) INCLUDE (count)
  WHERE arr_field = '' AND arr_value = '';
CREATE INDEX search_cube_days_documents_idx ON search_cube_days (collection, term, key_id, day) INCLUDE (count)
  WHERE arr_field = '' AND arr_value = '';
