-- Search (issue 5), after 002_search.sql was first committed: pg_trgm declares its
-- word-similarity operators as cheap as an integer comparison, so on a large
-- table the planner prefers a sequential scan that computes the similarity for
-- every row (630 ms on 100,000 rows, against 46 ms through the indexes:
-- docs/PERFORMANCE.md). Tell it the truth. Only the extension's owner may: where
-- we are not, the searches still work, slower.
DO $$
BEGIN
  ALTER FUNCTION word_similarity_op(text, text) COST 100;
  ALTER FUNCTION word_similarity_commutator_op(text, text) COST 100;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm operator costs left unchanged: %', SQLERRM;
END $$;
