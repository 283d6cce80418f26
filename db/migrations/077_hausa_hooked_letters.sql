-- Issue 50: search words fold Hausa's hooked letters (ɓ ɗ ƙ ƴ as b d k y: searchWords), as they fold tone marks,
-- so "Dan Musa" finds "Ɗan Musa" and "ɗan" finds "Dan". The PostgreSQL engine's documents that hold one are
-- written again by one bulk job (workers/src/care-reindex.ts), not by a whole reindex. Typesense's own tokenizer
-- folds them already (search_bodies is empty under it, and this does nothing).
INSERT INTO outbox (topic, payload)
SELECT 'search.bulk', jsonb_build_object(
  'professionals', coalesce(jsonb_agg(id::int ORDER BY id::int) FILTER (WHERE collection = 'professionals'), '[]'),
  'institutions', coalesce(jsonb_agg(id::int ORDER BY id::int) FILTER (WHERE collection = 'institutions'), '[]'))
FROM search_bodies
WHERE document::text ~ '[ɓɗƙƴƁƊƘƳ]' AND id ~ '^[0-9]+$'
HAVING count(*) > 0;
