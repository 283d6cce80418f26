-- Issue 46: one rebuild of a search collection at a time (a reindex, the register import's bulk path,
-- a schema change found at start), across processes. A lease rather than an advisory lock: a rebuild
-- keeps no connection of the pool for its whole length (the PostgreSQL engine's rebuild holds a
-- transaction and builds documents on other connections; a lock held on a third would starve a
-- small pool). The holder renews expires_at while it works; a holder that died frees the row when
-- it expires (search/src/index.ts withRebuildLock).
CREATE TABLE search_rebuild_locks (
  collection text PRIMARY KEY,
  holder text NOT NULL,
  expires_at timestamptz NOT NULL
);
