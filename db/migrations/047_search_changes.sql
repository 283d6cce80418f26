-- Issue 33: the documents that changed, for the API's in-memory copy of the located documents
-- (search/src/postgres-near.ts, decision 037). Each transaction that writes search_documents
-- records the ids it wrote, under its own transaction id; a reader that holds a snapshot asks
-- for the ids written by transactions that snapshot did not see (pg_visible_in_snapshot), so a
-- change is never missed whatever order the writers commit in. A bulk write (a full reindex,
-- the seed: ilera.search_bulk on) or a TRUNCATE records one row with no id: every document of
-- the collection, read again.
CREATE TABLE search_changes (
  txid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  collection text NOT NULL,
  id text, -- NULL: the whole collection
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX search_changes_txid ON search_changes (txid);

-- The highest transaction id whose rows were pruned (search_prune_changes): a reader whose snapshot
-- is older than that reads everything again.
CREATE TABLE search_changes_pruned (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  txid xid8 NOT NULL
);
INSERT INTO search_changes_pruned (txid) VALUES ('0'::xid8);

CREATE FUNCTION search_documents_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('ilera.search_bulk', true) = 'on' THEN
    INSERT INTO search_changes (collection, id)
    SELECT DISTINCT c, NULL::text FROM (SELECT collection FROM changed) x(c);
  ELSE
    INSERT INTO search_changes (collection, id) SELECT DISTINCT collection, id FROM changed;
  END IF;
  RETURN NULL;
END $$;

-- A trigger with transition tables fires for one event: three of them, one statement each.
CREATE TRIGGER search_documents_changed_ins AFTER INSERT ON search_documents
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_documents_changed();
CREATE TRIGGER search_documents_changed_upd AFTER UPDATE ON search_documents
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_documents_changed();
CREATE TRIGGER search_documents_changed_del AFTER DELETE ON search_documents
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_documents_changed();

CREATE FUNCTION search_documents_changed_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (collection, id) VALUES ('professionals', NULL), ('institutions', NULL);
  RETURN NULL;
END $$;
CREATE TRIGGER search_documents_changed_truncate AFTER TRUNCATE ON search_documents
  FOR EACH STATEMENT EXECUTE FUNCTION search_documents_changed_truncate();

-- Rows older than `keep` are removed; the highest transaction id removed is kept, so that a reader
-- whose snapshot predates it knows it may have missed a change.
CREATE FUNCTION search_prune_changes(keep interval) RETURNS void LANGUAGE sql AS $$
  WITH gone AS (DELETE FROM search_changes WHERE at < now() - keep RETURNING txid)
  UPDATE search_changes_pruned p SET txid = g.txid
  FROM (SELECT max(txid) AS txid FROM gone) g
  WHERE g.txid IS NOT NULL AND g.txid > p.txid
$$;
