-- Issue 47 (decision 060): fewer most-common values kept for search_documents.key_id, 300 -> 140, so that the
-- column's statistics row stays below the size at which PostgreSQL compresses it (about 2 KB: 300 values, their
-- frequencies and a 301-bound histogram made a 3.4 KB row, stored compressed). A statement filtering on up to 64 keys
-- (`key_id = ANY(...)`, search/src/postgres-sql.ts keyCondition) is planned for its values, and the planner estimates
-- each listed key on its own: every one decompressed the whole row again (pglz_decompress was 10% of the CPU of
-- planning a 40-key name search). With 140 values (4 bytes each, whatever the collection's size) the row is 1.9 KB,
-- read in place. The largest keys are still among the 140; the rest share the average (as 023 did from 2,000).
ALTER TABLE search_documents ALTER COLUMN key_id SET STATISTICS 140;
ANALYZE search_documents;
