-- Narrow search rows and the fee order (issue 13 and issue 14; decision 008, second addendum).
--
-- 1. The document and the full tsvector (bio included) move to `search_bodies`, read only for
--    the page's ~20 hits and for words only the bios hold. Rows of search_documents were
--    1.3 kB on average at 500,000 professionals: toast_tuple_target (006) only applies once a
--    row passes PostgreSQL's 2 kB toasting threshold, so the compressed document and the full
--    tsvector stayed in the row, and every scan that read the rows of many matches (counts,
--    ranking) read about 4 times the pages it needed (docs/PERFORMANCE.md, issue 13).
-- 2. `fee`: the consultation fee as a column with an index in the order sort=fee asks for
--    (consultationFee:asc, rating:desc), as experience has. Before, the fee was read from each
--    candidate's document: 1.3 s for a broad fee sort at 100,000.
--
-- A body lives and dies with its row: a delete or truncate of search_documents removes the
-- bodies too (triggers, not a foreign key, so that nothing else that truncates or deletes
-- search_documents has to know about this table).
--
-- On 550,000 documents this migration copies the bodies, builds their GIN index and rewrites
-- search_documents once (CLUSTER): see docs/PERFORMANCE.md for how long it took.

-- No cube, vocabulary or generation work per row while the rows are rewritten (006, 008).
SELECT set_config('ilera.search_bulk', 'on', true);
SELECT set_config('maintenance_work_mem', '256MB', true);

CREATE TABLE search_bodies (
  collection text NOT NULL,
  id         text NOT NULL,
  document   jsonb NOT NULL CHECK (jsonb_typeof(document) = 'object'),
  tsv        tsvector NOT NULL,
  PRIMARY KEY (collection, id)
);
INSERT INTO search_bodies (collection, id, document, tsv)
  SELECT collection, id, document, tsv FROM search_documents ORDER BY collection, id;
CREATE INDEX search_bodies_tsv_idx ON search_bodies USING gin (tsv);

DROP INDEX search_documents_tsv_idx;
ALTER TABLE search_documents ADD COLUMN fee integer;
UPDATE search_documents SET fee = (document ->> 'consultationFee')::numeric::integer
  WHERE jsonb_typeof(document -> 'consultationFee') = 'number';
ALTER TABLE search_documents DROP COLUMN document, DROP COLUMN tsv;
-- Dropped columns keep their bytes in every row until the row is rewritten: rewrite them all.
CLUSTER search_documents USING search_documents_pkey;
ALTER TABLE search_documents SET WITHOUT CLUSTER;

CREATE INDEX search_documents_fee_idx ON search_documents (collection, fee ASC NULLS LAST, rating DESC, id)
  INCLUDE (key_id, tags);

CREATE FUNCTION search_documents_bodies_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_bodies b USING gone g WHERE b.collection = g.collection AND b.id = g.id;
  RETURN NULL;
END $$;
CREATE TRIGGER search_documents_bodies_deleted AFTER DELETE ON search_documents
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION search_documents_bodies_deleted();

CREATE FUNCTION search_documents_bodies_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE search_bodies;
  RETURN NULL;
END $$;
CREATE TRIGGER search_documents_bodies_truncated AFTER TRUNCATE ON search_documents
  FOR EACH STATEMENT EXECUTE FUNCTION search_documents_bodies_truncated();

ANALYZE search_documents;
ANALYZE search_bodies;
SELECT search_bump_generation('professionals');
SELECT search_bump_generation('institutions');
