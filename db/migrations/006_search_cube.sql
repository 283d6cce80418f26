-- Search at national scale (issue 8). On 500,000 professionals the engine of
-- 002_search.sql spent 0.3 to 5 s a search (docs/PERFORMANCE.md): facet counts read
-- every matching row (45,000 heap pages for "doctors in Lagos"), and typo matching
-- computed trigram similarity against every row's text. Three changes:
--
-- 1. Words match the "main" fields (name, specialty or type and services,
--    institution, city, state): `tsv_main`, the A/B/C part of `tsv`. The bio or
--    description (`tsv`, weight D) is searched only when the main fields match
--    nothing. A query word is first resolved against the vocabulary of those
--    fields (`search_terms`: by prefix, else by typo distance) into exact terms.
-- 2. `search_cube` keeps, per term ('' = every document), how many documents
--    have each combination of facet values: the facet counts and `found` of a
--    text-less search, or of a one-term search, with any filters on facet fields,
--    are sums over a few hundred cube rows instead of a count over the documents.
--    Array facets (countries, services) are kept exploded, one row set per value.
-- 3. Exact filters on single-valued facets compare `document ->> field`, which
--    has expression indexes, so the planner knows how selective "state = Lagos" is.

ALTER TABLE search_documents ADD COLUMN IF NOT EXISTS tsv_main tsvector NOT NULL DEFAULT ''::tsvector;
UPDATE search_documents SET tsv_main = ts_filter(tsv, '{a,b,c}') WHERE tsv_main = ''::tsvector;
CREATE INDEX IF NOT EXISTS search_documents_tsv_main_idx ON search_documents USING gin (tsv_main);
-- The exact name (or a name that starts with the query) ranks first.
CREATE INDEX IF NOT EXISTS search_documents_name_idx ON search_documents (collection, name_key text_pattern_ops);
CREATE INDEX IF NOT EXISTS search_documents_type_idx ON search_documents (collection, (document ->> 'professionalType'));
CREATE INDEX IF NOT EXISTS search_documents_inst_type_idx ON search_documents (collection, (document ->> 'type'));
CREATE INDEX IF NOT EXISTS search_documents_specialty_idx ON search_documents (collection, (document ->> 'specialty'));
CREATE INDEX IF NOT EXISTS search_documents_state_idx ON search_documents (collection, (document ->> 'state'));

DROP TRIGGER search_documents_count ON search_documents;
DROP FUNCTION search_documents_count();
DROP FUNCTION search_facet_values(text, jsonb);
DROP TABLE search_facet_counts;

-- The words of the main fields, with how many documents hold each.
CREATE TABLE search_terms (
  collection text NOT NULL,
  term       text NOT NULL,
  docs       integer NOT NULL,
  PRIMARY KEY (collection, term)
);
CREATE INDEX search_terms_empty_idx ON search_terms (collection) WHERE docs <= 0;
CREATE INDEX search_terms_prefix_idx ON search_terms (collection, term text_pattern_ops);
CREATE INDEX search_terms_trgm_idx ON search_terms USING gin (term gin_trgm_ops);

-- The combinations of single-valued facet fields that documents have (a few
-- hundred per collection): cube rows refer to them by id.
CREATE TABLE search_cube_keys (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  collection text NOT NULL,
  key        jsonb NOT NULL,
  UNIQUE (collection, key)
);

CREATE TABLE search_cube (
  collection text NOT NULL,
  term       text NOT NULL,  -- '' for every document
  arr_field  text NOT NULL,  -- '' for the row set of single-valued facets
  arr_value  text NOT NULL,
  key_id     integer NOT NULL REFERENCES search_cube_keys,
  count      integer NOT NULL,
  PRIMARY KEY (collection, term, arr_field, arr_value, key_id)
);
-- Rows an edit or a delete brought to zero, removed right after (a partial index finds them at once).
CREATE INDEX search_cube_empty_idx ON search_cube (collection) WHERE count <= 0;

-- The single-valued facet fields of a collection's key, and its array facets
-- (search/src/schema.ts: the fields with `facet: true`; a test compares them).
CREATE FUNCTION search_cube_key(coll text, doc jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_strip_nulls(CASE coll
    WHEN 'professionals' THEN jsonb_build_object('professionalType', doc -> 'professionalType', 'specialty', doc -> 'specialty',
      'city', doc -> 'city', 'state', doc -> 'state', 'isVerified', doc -> 'isVerified', 'isApproved', doc -> 'isApproved')
    ELSE jsonb_build_object('type', doc -> 'type', 'city', doc -> 'city', 'state', doc -> 'state',
      'isVerified', doc -> 'isVerified', 'isApproved', doc -> 'isApproved') END)
$$;

-- The cube rows a document counts in: for '' and each main-field term, one row
-- for its key and one per value of each array facet.
CREATE FUNCTION search_cube_rows(coll text, doc jsonb, terms tsvector)
RETURNS TABLE (term text, arr_field text, arr_value text, key jsonb)
LANGUAGE sql IMMUTABLE AS $$
  WITH t AS (SELECT '' AS term UNION ALL SELECT lexeme FROM unnest(terms)),
  a AS (
    SELECT '' AS arr_field, '' AS arr_value
    UNION ALL
    SELECT DISTINCT f, v
    FROM unnest(CASE coll WHEN 'professionals' THEN ARRAY['countries'] ELSE ARRAY['services'] END) AS f
    CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(doc -> f) = 'array' THEN doc -> f ELSE '[]' END) AS v
  )
  SELECT t.term, a.arr_field, a.arr_value, search_cube_key(coll, doc) FROM t CROSS JOIN a
$$;

CREATE FUNCTION search_documents_cube() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  coll text := coalesce(NEW.collection, OLD.collection);
BEGIN
  -- A full reindex recounts once at its end instead of row by row.
  IF current_setting('ilera.search_bulk', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.document IS NOT DISTINCT FROM NEW.document AND OLD.tsv_main = NEW.tsv_main THEN
    RETURN NULL;
  END IF;
  -- Writers of one collection take turns here, so they never deadlock on cube rows.
  PERFORM pg_advisory_xact_lock(727320, hashtext(coll));

  IF TG_OP <> 'DELETE' THEN
    INSERT INTO search_cube_keys (collection, key) VALUES (coll, search_cube_key(coll, NEW.document)) ON CONFLICT DO NOTHING;
  END IF;
  WITH d AS (
    SELECT r.term, r.arr_field, r.arr_value, k.id AS key_id, sum(r.delta)::int AS delta
    FROM (
      SELECT o.*, -1 AS delta FROM search_cube_rows(coll, OLD.document, OLD.tsv_main) o WHERE TG_OP <> 'INSERT'
      UNION ALL
      SELECT n.*, 1 FROM search_cube_rows(coll, NEW.document, NEW.tsv_main) n WHERE TG_OP <> 'DELETE'
    ) r
    JOIN search_cube_keys k ON k.collection = coll AND k.key = r.key
    GROUP BY 1, 2, 3, 4
    HAVING sum(r.delta) <> 0
  )
  INSERT INTO search_cube AS c (collection, term, arr_field, arr_value, key_id, count)
  SELECT coll, term, arr_field, arr_value, key_id, delta FROM d ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (collection, term, arr_field, arr_value, key_id) DO UPDATE SET count = c.count + excluded.count;
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
  INSERT INTO search_cube_keys (collection, key)
  SELECT DISTINCT coll, search_cube_key(coll, document) FROM search_documents WHERE collection = coll
  ON CONFLICT DO NOTHING;
  INSERT INTO search_cube (collection, term, arr_field, arr_value, key_id, count)
  SELECT coll, r.term, r.arr_field, r.arr_value, k.id, count(*)::int
  FROM search_documents d CROSS JOIN LATERAL search_cube_rows(d.collection, d.document, d.tsv_main) r
  JOIN search_cube_keys k ON k.collection = coll AND k.key = r.key
  WHERE d.collection = coll
  GROUP BY 2, 3, 4, 5;
  INSERT INTO search_terms (collection, term, docs)
  SELECT coll, lexeme, count(*)::int FROM search_documents d CROSS JOIN LATERAL unnest(d.tsv_main)
  WHERE d.collection = coll GROUP BY 2;
END $$;

SELECT search_recount('professionals');
SELECT search_recount('institutions');
