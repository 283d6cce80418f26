-- Search pages by index-only scans (issue 13; docs/PERFORMANCE.md, "Search at
-- national scale, round 2"). On 500,000 professionals the page of a word held by a
-- few thousand documents ("essien": 1,784) walked the rating index and read the
-- heap row of every candidate to test its words: 4,600 rows, 15 to 60 ms. A
-- text-less page over a few facet keys walked 12,000 index entries to find 20.
--
-- 1. The professionals' rating index carries what the filters of a page test
--    (key_id, tags, and now name_key and tsv_main), so candidates are refused
--    without a heap visit. Partial, per collection: an institution's main words
--    (up to 50 services) can outgrow a B-tree entry (2,704 bytes); a
--    professional's (names, specialty, institution, place) cannot. Queries name
--    the collection as a literal, so their plans can use it.
-- 2. A (key_id, rating) index: the page of a few keys is each key's first rows,
--    already in order (search/src/postgres-engine.ts, PER_KEY_MAX). It also serves
--    every lookup of search_documents_key_idx, which goes.
DROP INDEX search_documents_rating_idx;
CREATE INDEX search_documents_rating_idx ON search_documents (rating DESC, review_count DESC, id)
  INCLUDE (key_id, tags, name_key, tsv_main) WHERE collection = 'professionals';
CREATE INDEX search_documents_institutions_rating_idx ON search_documents (rating DESC, review_count DESC, id)
  INCLUDE (key_id, tags) WHERE collection = 'institutions';
CREATE INDEX search_documents_key_rating_idx ON search_documents (collection, key_id, rating DESC, review_count DESC, id)
  INCLUDE (experience, tags);
DROP INDEX search_documents_key_idx;
