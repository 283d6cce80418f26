-- Issue 33: the location indexes of 035_search_location.sql carry what a near-me search's counts
-- read (key_id for `found` and the key facets, tags for the LGA/ownership/level/array facets,
-- next_slot for the availability windows), so that counting the documents within a radius is an
-- index-only scan: cube's GiST operator class returns the point itself, so the exact chord is
-- checked from the index too. Measured at 100,000 professionals (docs/PERFORMANCE.md, 2026-11-26):
-- the radius's documents were read from the heap, one page of it per few documents.
DROP INDEX search_documents_location_professionals_idx;
DROP INDEX search_documents_location_institutions_idx;
CREATE INDEX search_documents_location_professionals_idx ON search_documents USING gist (location) INCLUDE (key_id, tags, next_slot)
  WHERE collection = 'professionals' AND location IS NOT NULL;
CREATE INDEX search_documents_location_institutions_idx ON search_documents USING gist (location) INCLUDE (key_id, tags, next_slot)
  WHERE collection = 'institutions' AND location IS NOT NULL;
