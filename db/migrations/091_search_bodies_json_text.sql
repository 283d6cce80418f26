-- Issue 47 (decision 068): search_bodies.document as json, holding the exact text jsonb printed for it. Every page of
-- hits ends by reading its documents as text (`document::text`, search/src/postgres-sql.ts hitsQuery; near-me pages
-- and exportAll the same). jsonb's output function rebuilds that text from the binary form each time: about 10 µs
-- a professional's document at 100,000 (1.3 KB of text), 15-20 documents a page. json keeps its text as written,
-- and its output is a copy. The text stored is jsonb's own output (the cast below; the engine's writer casts its
-- jsonb to json the same way), so every document reads back byte for byte as before: same key order, spacing,
-- numbers. Nothing in the engine compares or indexes documents as jsonb but the writer's "changed?" test, which now
-- compares the texts; `document ->> field` (filters and orders on institutionId, professionalCount) parses the text.
-- One rewrite of the table and its three indexes.
SET LOCAL maintenance_work_mem = '256MB';
ALTER TABLE search_bodies
  DROP CONSTRAINT search_bodies_document_check,
  ALTER COLUMN document TYPE json USING document::json,
  ADD CONSTRAINT search_bodies_document_check CHECK (json_typeof(document) = 'object');
ANALYZE search_bodies;
