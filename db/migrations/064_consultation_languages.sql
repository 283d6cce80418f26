-- Issue 50, "speaks my language" (decision 047): the languages a professional consults in, as codes of
-- contracts' list (contracts/src/languages.ts: ISO 639, BCP 47 primary subtags), in the list's order. The
-- spec's free-text `languages` stays; the API keeps the two together (the codes, given, write the text).
ALTER TABLE professionals ADD COLUMN language_codes text[] NOT NULL DEFAULT '{}';

-- The codes of the languages the free text already names, as contracts' languagesFromText reads them
-- (the list and its other names as they are today).
WITH names (code, name, pos) AS (
  VALUES ('en', 'english', 1), ('ha', 'hausa', 2), ('yo', 'yoruba', 3), ('ig', 'igbo', 4),
    ('pcm', 'nigerian pidgin', 5), ('pcm', 'pidgin', 5), ('pcm', 'pidgin english', 5), ('pcm', 'naija', 5),
    ('ff', 'fulfulde', 6), ('ff', 'fulani', 6), ('ff', 'fula', 6), ('kr', 'kanuri', 7), ('tiv', 'tiv', 8),
    ('ibb', 'ibibio', 9), ('efi', 'efik', 10), ('ijc', 'ijaw', 11), ('ijc', 'izon', 11), ('bin', 'edo', 12),
    ('bin', 'bini', 12), ('nup', 'nupe', 13), ('urh', 'urhobo', 14), ('igl', 'igala', 15), ('idu', 'idoma', 16),
    ('nsi', 'nigerian sign language', 17), ('nsi', 'sign language', 17), ('fr', 'french', 18), ('ar', 'arabic', 19)
), found AS (
  SELECT p.id, array_agg(DISTINCT n.code) AS codes, array_agg(DISTINCT n.pos) AS positions
  FROM professionals p
  CROSS JOIN LATERAL regexp_split_to_table(lower(p.languages), '\s*(,|;|/|&|\n|\mand\M)\s*') AS part
  JOIN names n ON n.name = regexp_replace(trim(regexp_replace(part, '\(.*?\)', '', 'g')), '\s+', ' ', 'g')
  WHERE p.languages IS NOT NULL
  GROUP BY p.id
)
UPDATE professionals p
SET language_codes = (SELECT array_agg(n.code ORDER BY n.pos) FROM (SELECT DISTINCT code, pos FROM names) n WHERE n.code = ANY(f.codes))
FROM found f WHERE f.id = p.id;

-- `language=ha`: the documents' languages are tags (search/src/schema.ts), as search/src/postgres-rows.ts
-- makes them (a test compares the two).
CREATE OR REPLACE FUNCTION search_doc_tags(coll text, doc jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(DISTINCT f || ':' || v ORDER BY f || ':' || v), '{}')
  FROM unnest(CASE coll WHEN 'professionals' THEN ARRAY['countries', 'lga', 'services', 'plans', 'primaryPlans', 'languages']
    ELSE ARRAY['services', 'lga', 'ownership', 'level', 'plans', 'primaryPlans'] END) AS f
  CROSS JOIN LATERAL jsonb_array_elements_text(CASE jsonb_typeof(doc -> f)
    WHEN 'array' THEN doc -> f WHEN 'string' THEN jsonb_build_array(doc -> f) ELSE '[]' END) AS v
$$;

-- The public professionals that now have languages are reindexed by one bulk job (workers/src/care-reindex.ts).
INSERT INTO outbox (topic, payload)
SELECT 'search.bulk', jsonb_build_object('professionals', jsonb_agg(id ORDER BY id))
FROM professionals WHERE status = 'approved' AND language_codes <> '{}'
HAVING count(*) > 0;
