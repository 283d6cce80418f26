-- Issue 13 (search SQL per request): fewer most-common values kept for search_documents.key_id.
-- 006 kept 2,000, so that the planner knows how many rows a key filter keeps. But a statement
-- filtering on up to 64 keys (`key_id = ANY(...)`, postgres-engine.ts keyCondition) is planned for
-- its values, and the planner compares every listed key with every one of those values, in each
-- branch and index path it costs: at 500,000 professionals a page over 54 keys took 7.0 ms to
-- plan for 7.4 ms to run, its counts 3.3 ms to plan. With 300 values: 2.1 and 0.9 ms, the same
-- plans and run times (the largest keys are still among the 300; the rest share the average).
ALTER TABLE search_documents ALTER COLUMN key_id SET STATISTICS 300;
ANALYZE search_documents;
