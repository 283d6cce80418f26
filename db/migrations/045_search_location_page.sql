-- Issue 33 (decision 032, "Nearest first within a radius"): the location indexes of
-- 035_search_location_covering.sql also carry the id and the rating, so that a nearest-first page is
-- read from the index alone. The page was found in two steps: the walk down the location index (`<->`,
-- index-only: it filters key_id and tags from the index) found the distance of the page's last hit, then
-- every document up to that distance was read from the heap by an earth box and filtered there, since the
-- page's rows need their id (and the rating after the distance): a specialty's 20 nearest within 12 km of
-- Ikeja read 5,046 documents and 4,489 heap pages for 20 rows, 27 of the statement's 36 ms at 500,000
-- (2026-11-26). Walked with the id and the rating in the index, the walk's rows are the page's candidates
-- (search/src/postgres-sql.ts hitsQuery). The new indexes are built before the old ones are dropped, so
-- readers keep an index until the migration commits.
CREATE INDEX search_documents_location_page_professionals_idx ON search_documents USING gist (location)
  INCLUDE (key_id, tags, next_slot, id, rating)
  WHERE collection = 'professionals' AND location IS NOT NULL;
CREATE INDEX search_documents_location_page_institutions_idx ON search_documents USING gist (location)
  INCLUDE (key_id, tags, next_slot, id, rating)
  WHERE collection = 'institutions' AND location IS NOT NULL;
DROP INDEX search_documents_location_professionals_idx;
DROP INDEX search_documents_location_institutions_idx;
