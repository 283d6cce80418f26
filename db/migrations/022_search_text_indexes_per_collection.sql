-- Issue 13 (search SQL per request): one GIN index per collection for the text columns, instead of
-- one over both. A word common to both collections ("laboratory", "hospital", a surname that is
-- also in hospital names) matched the other collection's rows in the index, and each of those was
-- read from the heap only to be thrown away by `collection = ...`: "lab" for professionals read
-- 21,158 rows to keep 7,729; a hospital's name word read 6,259 rows to keep 199. Every search
-- statement names its collection as a literal (postgres-engine.ts collectionLiteral), so the
-- planner uses these partial indexes, prepared statements included. A third collection would need
-- its own pair.
CREATE INDEX search_documents_tsv_main_professionals_idx ON search_documents USING gin (tsv_main)
  WHERE collection = 'professionals';
CREATE INDEX search_documents_tsv_main_institutions_idx ON search_documents USING gin (tsv_main)
  WHERE collection = 'institutions';
DROP INDEX search_documents_tsv_main_idx;

CREATE INDEX search_bodies_tsv_professionals_idx ON search_bodies USING gin (tsv)
  WHERE collection = 'professionals';
CREATE INDEX search_bodies_tsv_institutions_idx ON search_bodies USING gin (tsv)
  WHERE collection = 'institutions';
DROP INDEX search_bodies_tsv_idx;
