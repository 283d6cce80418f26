-- Search at national scale (issue 8). On 500,000 professionals the engine of
-- 002_search.sql spent 0.3 to 5 s a search (docs/PERFORMANCE.md): facet counts read
-- every matching row (45,000 heap pages of 8 kB for "doctors in Lagos": each row
-- carried its whole document), and typo matching computed trigram similarity
-- against every row's text. What changes:
--
-- 1. Words match the "main" fields (name, specialty or type and services,
--    institution, city, state): `tsv_main`, the A/B/C part of `tsv`. The bio or
--    description (`tsv`, weight D) is searched only for a word that no main field
--    holds. A query word is first resolved against the vocabulary of the main
--    fields (`search_terms`: by prefix, else by typo distance) into exact terms.
-- 2. Each document's single-valued facet values (type, specialty, city, state,
--    verified...) are one row of `search_cube_keys` (a few hundred combinations
--    per collection); the document keeps its `key_id`, and its array facet values
--    (countries, services) as `tags` ('services:X-Ray'). A filter on facet fields
--    becomes "key_id is one of these" and "tags contain this".
-- 3. `search_cube` keeps, per term ('' = every document), key and array value,
--    how many documents there are: the facet counts and `found` of a text-less
--    search, or of a one-term search, are sums over a few hundred cube rows
--    instead of a count over the documents.
-- 4. The wide columns (the document, the full tsvector) are stored out of line
--    (toast_tuple_target), so the rows that searches scan and count are narrow.

DROP TRIGGER search_documents_count ON search_documents;
DROP FUNCTION search_documents_count();
DROP FUNCTION search_facet_values(text, jsonb);
DROP TABLE search_facet_counts;
DROP INDEX search_documents_fuzzy_idx;
DROP INDEX search_documents_filter_idx;
DROP INDEX search_documents_city_idx;
ALTER TABLE search_documents DROP COLUMN fuzzy_text;

CREATE TABLE search_cube_keys (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  collection text NOT NULL,
  key        jsonb NOT NULL,
  UNIQUE (collection, key)
);

-- The single-valued facet fields of a document, and its array facets as tags
-- (search/src/schema.ts: the fields with `facet: true`; a test compares them).
CREATE FUNCTION search_cube_key(coll text, doc jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_strip_nulls(CASE coll
    WHEN 'professionals' THEN jsonb_build_object('professionalType', doc -> 'professionalType', 'specialty', doc -> 'specialty',
      'city', doc -> 'city', 'state', doc -> 'state', 'isVerified', doc -> 'isVerified', 'isApproved', doc -> 'isApproved')
    ELSE jsonb_build_object('type', doc -> 'type', 'city', doc -> 'city', 'state', doc -> 'state',
      'isVerified', doc -> 'isVerified', 'isApproved', doc -> 'isApproved') END)
$$;

CREATE FUNCTION search_doc_tags(coll text, doc jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(DISTINCT f || ':' || v ORDER BY f || ':' || v), '{}')
  FROM unnest(CASE coll WHEN 'professionals' THEN ARRAY['countries'] ELSE ARRAY['services'] END) AS f
  CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(doc -> f) = 'array' THEN doc -> f ELSE '[]' END) AS v
$$;

-- The id of a document's key, added when new.
CREATE FUNCTION search_key_id(coll text, doc jsonb) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  k jsonb := search_cube_key(coll, doc);
  kid integer;
BEGIN
  SELECT id INTO kid FROM search_cube_keys WHERE collection = coll AND key = k;
  IF kid IS NULL THEN
    INSERT INTO search_cube_keys (collection, key) VALUES (coll, k) ON CONFLICT DO NOTHING;
    SELECT id INTO kid FROM search_cube_keys WHERE collection = coll AND key = k;
  END IF;
  RETURN kid;
END $$;

ALTER TABLE search_documents
  ADD COLUMN tsv_main tsvector NOT NULL DEFAULT ''::tsvector,
  ADD COLUMN key_id integer REFERENCES search_cube_keys,
  ADD COLUMN tags text[] NOT NULL DEFAULT '{}';
UPDATE search_documents SET tsv_main = ts_filter(tsv, '{a,b,c}'), key_id = search_key_id(collection, document),
  tags = search_doc_tags(collection, document);
ALTER TABLE search_documents ALTER COLUMN key_id SET NOT NULL;
-- Rows of about 200 bytes instead of 1.5 kB: the document and the full tsvector
-- go out of line (read for the page of hits only); tsv_main stays in the row.
ALTER TABLE search_documents SET (toast_tuple_target = 128);
ALTER TABLE search_documents ALTER COLUMN tsv_main SET STORAGE MAIN;

CREATE INDEX search_documents_tsv_main_idx ON search_documents USING gin (tsv_main);
-- The orders of a text-less page carry the facet filter columns, so the page is
-- found by an index-only scan (no heap row read for rows the filters refuse).
DROP INDEX search_documents_rating_idx;
DROP INDEX search_documents_experience_idx;
CREATE INDEX search_documents_rating_idx ON search_documents (collection, rating DESC, review_count DESC, id) INCLUDE (key_id, tags);
CREATE INDEX search_documents_experience_idx ON search_documents (collection, experience DESC, rating DESC, id) INCLUDE (key_id, tags);
-- A few thousand keys: statistics for each, so the planner knows how many rows a key filter keeps.
ALTER TABLE search_documents ALTER COLUMN key_id SET STATISTICS 2000;
CREATE INDEX search_documents_key_idx ON search_documents (collection, key_id);
CREATE INDEX search_documents_tags_idx ON search_documents USING gin (tags);
-- The exact name (or a name that starts with the query) ranks first.
CREATE INDEX search_documents_name_idx ON search_documents (collection, name_key text_pattern_ops);

-- The words of the main fields, with how many documents hold each.
CREATE TABLE search_terms (
  collection text NOT NULL,
  term       text NOT NULL,
  docs       integer NOT NULL,
  PRIMARY KEY (collection, term)
);
CREATE INDEX search_terms_prefix_idx ON search_terms (collection, term text_pattern_ops);
CREATE INDEX search_terms_trgm_idx ON search_terms USING gin (term gin_trgm_ops);
CREATE INDEX search_terms_empty_idx ON search_terms (collection) WHERE docs <= 0;

CREATE TABLE search_cube (
  collection text NOT NULL,
  term       text NOT NULL,  -- '' for every document
  key_id     integer NOT NULL REFERENCES search_cube_keys,
  arr_field  text NOT NULL,  -- '' for the documents themselves, else one row per array value
  arr_value  text NOT NULL,
  count      integer NOT NULL,
  PRIMARY KEY (collection, term, key_id, arr_field, arr_value) INCLUDE (count)
);
-- Rows an edit or a delete brought to zero, removed right after (a partial index finds them at once).
CREATE INDEX search_cube_empty_idx ON search_cube (collection) WHERE count <= 0;

-- The cube rows a document counts in: for '' and each main-field term, one row
-- for itself and one per array value.
CREATE FUNCTION search_cube_rows(terms tsvector, tags text[])
RETURNS TABLE (term text, arr_field text, arr_value text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT t.term, a.arr_field, a.arr_value
  FROM (SELECT '' AS term UNION ALL SELECT lexeme FROM unnest(terms)) t
  CROSS JOIN (
    SELECT '' AS arr_field, '' AS arr_value
    UNION ALL
    SELECT split_part(tag, ':', 1), substr(tag, position(':' IN tag) + 1) FROM unnest(tags) AS tag
  ) a
$$;

CREATE FUNCTION search_documents_cube() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  coll text := coalesce(NEW.collection, OLD.collection);
BEGIN
  -- A full reindex recounts once at its end instead of row by row.
  IF current_setting('ilera.search_bulk', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.key_id = NEW.key_id AND OLD.tags = NEW.tags AND OLD.tsv_main = NEW.tsv_main THEN
    RETURN NULL;
  END IF;
  -- Writers of one collection take turns here, so they never deadlock on cube rows.
  PERFORM pg_advisory_xact_lock(727320, hashtext(coll));

  WITH d AS (
    SELECT r.term, r.key_id, r.arr_field, r.arr_value, sum(r.delta)::int AS delta
    FROM (
      SELECT o.*, OLD.key_id AS key_id, -1 AS delta FROM search_cube_rows(OLD.tsv_main, OLD.tags) o WHERE TG_OP <> 'INSERT'
      UNION ALL
      SELECT n.*, NEW.key_id, 1 FROM search_cube_rows(NEW.tsv_main, NEW.tags) n WHERE TG_OP <> 'DELETE'
    ) r
    GROUP BY 1, 2, 3, 4
    HAVING sum(r.delta) <> 0
  )
  INSERT INTO search_cube AS c (collection, term, key_id, arr_field, arr_value, count)
  SELECT coll, term, key_id, arr_field, arr_value, delta FROM d ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (collection, term, key_id, arr_field, arr_value) DO UPDATE SET count = c.count + excluded.count;
  -- (A separate statement: a WITH sub-statement cannot see the rows the upsert changed.)
  DELETE FROM search_cube WHERE collection = coll AND count <= 0;

  WITH d AS (
    SELECT lexeme AS term, sum(delta)::int AS delta
    FROM (
      SELECT lexeme, -1 AS delta FROM unnest(OLD.tsv_main) WHERE TG_OP <> 'INSERT'
      UNION ALL
      SELECT lexeme, 1 FROM unnest(NEW.tsv_main) WHERE TG_OP <> 'DELETE'
    ) x
    GROUP BY 1
    HAVING sum(delta) <> 0
  )
  INSERT INTO search_terms AS t (collection, term, docs)
  SELECT coll, term, delta FROM d ORDER BY 2
  ON CONFLICT (collection, term) DO UPDATE SET docs = t.docs + excluded.docs;
  DELETE FROM search_terms WHERE collection = coll AND docs <= 0;
  RETURN NULL;
END $$;

CREATE TRIGGER search_documents_cube AFTER INSERT OR UPDATE OR DELETE ON search_documents
  FOR EACH ROW EXECUTE FUNCTION search_documents_cube();

-- Rebuilds one collection's cube and vocabulary from its documents (a reindex,
-- and this migration for documents indexed before it).
CREATE FUNCTION search_recount(coll text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727320, hashtext(coll));
  DELETE FROM search_cube WHERE collection = coll;
  DELETE FROM search_terms WHERE collection = coll;
  INSERT INTO search_cube (collection, term, key_id, arr_field, arr_value, count)
  SELECT coll, r.term, d.key_id, r.arr_field, r.arr_value, count(*)::int
  FROM search_documents d CROSS JOIN LATERAL search_cube_rows(d.tsv_main, d.tags) r
  WHERE d.collection = coll
  GROUP BY 2, 3, 4, 5
  ORDER BY 2, 3, 4, 5; -- a term's rows together on disk
  INSERT INTO search_terms (collection, term, docs)
  SELECT coll, lexeme, count(*)::int FROM search_documents d CROSS JOIN LATERAL unnest(d.tsv_main)
  WHERE d.collection = coll GROUP BY 2;
END $$;

SELECT search_recount('professionals');
SELECT search_recount('institutions');
