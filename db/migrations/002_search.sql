-- Search (issue 5): the PostgreSQL search engine's index, a read model fed by the
-- index worker (PRODUCT.md D15/D16). Only approved profiles are ever written here.
-- `document` is the very JSON document Typesense would hold; the other columns are
-- derived from it by the engine (search/src/postgres-engine.ts) for matching,
-- ranking and sorting with indexes.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE search_documents (
  collection   text NOT NULL CHECK (collection IN ('professionals', 'institutions')),
  id           text NOT NULL,
  document     jsonb NOT NULL CHECK (jsonb_typeof(document) = 'object'),
  -- The name, lower-cased and without title: an exact name match ranks first.
  name_key     text NOT NULL DEFAULT '',
  -- What typo-tolerant (trigram) matching looks at: name, specialty or type and
  -- services, institution, city and state, lower-cased.
  fuzzy_text   text NOT NULL DEFAULT '',
  -- Word and prefix matching over the same fields plus the bio or description,
  -- weighted: name A, specialty/type/services B, institution/city/state C, bio D.
  tsv          tsvector NOT NULL,
  rating       real NOT NULL DEFAULT 0,
  review_count integer NOT NULL DEFAULT 0,
  experience   integer NOT NULL DEFAULT 0,
  updated_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (collection, id)
);

CREATE INDEX search_documents_tsv_idx ON search_documents USING gin (tsv);
CREATE INDEX search_documents_fuzzy_idx ON search_documents USING gin (fuzzy_text gin_trgm_ops);
-- Exact filters (`state:=[Lagos]`, `services:=[Surgery]`) are containment tests: document @> '{"state":"Lagos"}'.
CREATE INDEX search_documents_filter_idx ON search_documents USING gin (document jsonb_path_ops);
-- Free-text city filters compare case-insensitively.
CREATE INDEX search_documents_city_idx ON search_documents (collection, lower(document ->> 'city'));
CREATE INDEX search_documents_rating_idx ON search_documents (collection, rating DESC, review_count DESC, id);
CREATE INDEX search_documents_experience_idx ON search_documents (collection, experience DESC, rating DESC, id);

-- Facet counts of the whole collection, kept ahead of time: broad, text-less
-- browsing (the first view of /search) must not count every row on each request
-- (CONVENTIONS, measured facts). field '' value '' holds the collection's total.
CREATE TABLE search_facet_counts (
  collection text NOT NULL,
  field      text NOT NULL,
  value      text NOT NULL,
  count      integer NOT NULL,
  PRIMARY KEY (collection, field, value)
);

-- The facet values a document counts under (each value once per document).
CREATE FUNCTION search_facet_values(coll text, doc jsonb) RETURNS TABLE (field text, value text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT f, v
  FROM unnest(CASE coll
      WHEN 'professionals' THEN ARRAY['professionalType', 'specialty', 'city', 'state', 'countries', 'isVerified']
      ELSE ARRAY['type', 'services', 'city', 'state', 'isVerified'] END) AS f
  CROSS JOIN LATERAL (
    SELECT jsonb_array_elements_text(doc -> f) AS v WHERE jsonb_typeof(doc -> f) = 'array'
    UNION ALL
    SELECT doc ->> f WHERE jsonb_typeof(doc -> f) IN ('string', 'boolean', 'number')
  ) x
  UNION ALL
  SELECT '', ''
$$;

CREATE FUNCTION search_documents_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  coll text := coalesce(NEW.collection, OLD.collection);
BEGIN
  -- A full reindex recounts once at its end instead of row by row.
  IF current_setting('ilera.search_bulk', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.document IS NOT DISTINCT FROM NEW.document THEN
    RETURN NULL;
  END IF;
  -- Every writer takes the collection's total row first, so concurrent writers
  -- queue up here instead of deadlocking on the value rows.
  INSERT INTO search_facet_counts (collection, field, value, count) VALUES (coll, '', '', 0)
    ON CONFLICT DO NOTHING;
  PERFORM 1 FROM search_facet_counts WHERE collection = coll AND field = '' AND value = '' FOR UPDATE;

  INSERT INTO search_facet_counts AS c (collection, field, value, count)
  SELECT coll, d.field, d.value, sum(d.delta)::int
  FROM (
    SELECT o.field, o.value, -1 AS delta FROM search_facet_values(coll, OLD.document) o WHERE TG_OP <> 'INSERT'
    UNION ALL
    SELECT n.field, n.value, 1 FROM search_facet_values(coll, NEW.document) n WHERE TG_OP <> 'DELETE'
  ) d
  GROUP BY d.field, d.value
  HAVING sum(d.delta) <> 0
  ORDER BY d.field, d.value
  ON CONFLICT (collection, field, value) DO UPDATE SET count = c.count + excluded.count;

  DELETE FROM search_facet_counts WHERE collection = coll AND count <= 0 AND field <> '';
  RETURN NULL;
END $$;

CREATE TRIGGER search_documents_count AFTER INSERT OR UPDATE OR DELETE ON search_documents
  FOR EACH ROW EXECUTE FUNCTION search_documents_count();
