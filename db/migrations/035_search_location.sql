-- Issue 33 (D23): near-me search in the PostgreSQL engine, and the register's facets.
--
-- Where a document is: its `location` ([lat, lng]) as lat and lng, and as a point on the earth
-- (cube + earthdistance, which the embedded PostgreSQL ships; PostGIS it does not). A radius is an
-- earth box (GiST) and then the exact chord; nearest-first is the GiST index's own order (`<->`:
-- the straight-line distance between two points of the sphere grows with the distance along it).
--
-- earthdistance's ll_to_earth names earth() and cube() without a schema, so an index or a
-- generated column on it breaks pg_dump and restore ("type earth does not exist": a restore runs
-- with an empty search_path). search_earth is the same formula with every name schema-qualified.
CREATE EXTENSION IF NOT EXISTS cube;
CREATE EXTENSION IF NOT EXISTS earthdistance;

CREATE FUNCTION public.search_earth(lat double precision, lng double precision) RETURNS public.cube
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT public.cube(public.cube(public.cube(
    public.earth() * cos(radians(lat)) * cos(radians(lng))),
    public.earth() * cos(radians(lat)) * sin(radians(lng))),
    public.earth() * sin(radians(lat)))
$$;

ALTER TABLE search_documents
  ADD COLUMN lat double precision,
  ADD COLUMN lng double precision,
  ADD COLUMN location public.cube GENERATED ALWAYS AS (public.search_earth(lat, lng)) STORED;

-- One index per collection, as the text indexes (022): a statement names its collection as a
-- literal, so each plan uses its own.
CREATE INDEX search_documents_location_professionals_idx ON search_documents USING gist (location)
  WHERE collection = 'professionals' AND location IS NOT NULL;
CREATE INDEX search_documents_location_institutions_idx ON search_documents USING gist (location)
  WHERE collection = 'institutions' AND location IS NOT NULL;

-- The facet key gains the institutions' `listed` (an unclaimed register listing). The LGA, the
-- ownership and the level are counted as tags ('lga:Ikeja'), like the array facets: in the key they
-- would multiply the keys of every city by its LGAs, and with them the cube's key rows and the key
-- lists a state's filter becomes (decisions 025, 026). search/src/schema.ts marks them `tagged`; a
-- test compares these functions with it.
CREATE OR REPLACE FUNCTION search_cube_key(coll text, doc jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_strip_nulls(CASE coll
    WHEN 'professionals' THEN jsonb_build_object('professionalType', doc -> 'professionalType', 'specialty', doc -> 'specialty',
      'city', doc -> 'city', 'state', doc -> 'state', 'isVerified', doc -> 'isVerified', 'isApproved', doc -> 'isApproved')
    ELSE jsonb_build_object('type', doc -> 'type', 'city', doc -> 'city', 'state', doc -> 'state',
      'isVerified', doc -> 'isVerified', 'isApproved', doc -> 'isApproved', 'listed', doc -> 'listed') END)
$$;

CREATE OR REPLACE FUNCTION search_doc_tags(coll text, doc jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(DISTINCT f || ':' || v ORDER BY f || ':' || v), '{}')
  FROM unnest(CASE coll WHEN 'professionals' THEN ARRAY['countries', 'lga'] ELSE ARRAY['services', 'lga', 'ownership', 'level'] END) AS f
  CROSS JOIN LATERAL jsonb_array_elements_text(CASE jsonb_typeof(doc -> f)
    WHEN 'array' THEN doc -> f WHEN 'string' THEN jsonb_build_array(doc -> f) ELSE '[]' END) AS v
$$;
