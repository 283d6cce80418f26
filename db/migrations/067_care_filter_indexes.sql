-- Issues 45 and 47 (decision 040): a care filter counted over its matching documents (decision 040: the cube holds no hours,
-- fees or flags) reads one index, not the table. The counts read key_id, tags and next_slot of every match
-- (countQuery's MATERIALIZED m); the pages order by fee or rating. A partial index per care flag finds a
-- flag's few documents (open24h=true matched 0 of 20,000 professionals with a seq scan of the collection),
-- the hours index carries the three columns open now tests, and the fee index gains next_slot so a fee
-- filter's counts are an index-only scan too (with search/src/postgres-sql.ts comparing fee with a bigint bound,
-- which the fee index can use: int4 <= float8 cast every row).
DROP INDEX IF EXISTS search_documents_fee_idx;
CREATE INDEX search_documents_fee_idx ON search_documents (collection, fee ASC NULLS LAST, rating DESC, id) INCLUDE (key_id, tags, next_slot);
CREATE INDEX search_documents_hours_idx ON search_documents (collection, fee, rating DESC, id)
  INCLUDE (key_id, tags, next_slot, open_ranges, closed_days, hours_until) WHERE open_ranges IS NOT NULL;
CREATE INDEX search_documents_open24_idx ON search_documents (collection, fee, rating DESC, id) INCLUDE (key_id, tags, next_slot) WHERE open24;
CREATE INDEX search_documents_free_care_idx ON search_documents (collection, fee, rating DESC, id) INCLUDE (key_id, tags, next_slot) WHERE free_care;
