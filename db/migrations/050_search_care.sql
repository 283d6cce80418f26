-- Issue 45: care facts in search (search/src/schema.ts careFields, contracts/src/care-search.ts).
-- plans, primaryPlans and (for professionals) services are array facets: tags, counted by the cube
-- like the others. The hours and the two flags are columns of their own, NULL when unknown, so rows
-- without care facts stay as narrow as they were:
-- - open_ranges: the document's openSlots (quarter hours of the week, 0 = Monday 00:00 WAT) as runs
--   [from, to): "open in quarter q" is `open_ranges @> q`, a few ranges a row instead of ~200 numbers;
-- - closed_days: its closedDays (WAT day numbers); hours_until: hoursValidUntil (epoch seconds);
-- - open24, free_care: open24Hours, freeAtPointOfCare. The fee is the existing `fee` column
--   (consultationFeeNaira, or a professional's consultationFee: the same number).
ALTER TABLE search_documents
  ADD COLUMN open_ranges int4multirange,
  ADD COLUMN closed_days int[],
  ADD COLUMN hours_until bigint,
  ADD COLUMN open24 boolean,
  ADD COLUMN free_care boolean;

-- Open in a quarter hour, among the documents with hours (a third of them at most).
CREATE INDEX search_documents_open_idx ON search_documents USING gist (open_ranges) WHERE open_ranges IS NOT NULL;

-- The tags as search/src/postgres-rows.ts makes them (a test compares the two).
CREATE OR REPLACE FUNCTION search_doc_tags(coll text, doc jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(DISTINCT f || ':' || v ORDER BY f || ':' || v), '{}')
  FROM unnest(CASE coll WHEN 'professionals' THEN ARRAY['countries', 'lga', 'services', 'plans', 'primaryPlans']
    ELSE ARRAY['services', 'lga', 'ownership', 'level', 'plans', 'primaryPlans'] END) AS f
  CROSS JOIN LATERAL jsonb_array_elements_text(CASE jsonb_typeof(doc -> f)
    WHEN 'array' THEN doc -> f WHEN 'string' THEN jsonb_build_array(doc -> f) ELSE '[]' END) AS v
$$;
