-- Issue 13 (search SQL per request): the first relevance tier of a text search ("the name is the
-- query or starts with it", postgres-engine.ts hitsQuery) is read from the name index alone. It was
-- found through the text index and each candidate's name checked in the heap: "sani", a common first
-- name, read 4,117 matches in 3,731 heap pages to keep 1,402 (8-10 ms at 500,000 professionals, a
-- page of which is the free-text and typo scenarios' slowest statements). The index now carries what
-- the tier filters and orders on: id, rating, review count, facet key and tags. The text condition is
-- left out of that tier when the name implies it (every word is its own term), so no heap row is read.
DROP INDEX search_documents_name_idx;
CREATE INDEX search_documents_name_idx ON search_documents (collection, name_key text_pattern_ops)
  INCLUDE (id, rating, review_count, key_id, tags);
