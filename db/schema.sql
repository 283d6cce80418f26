-- The schema db/migrations/*.sql build, as pg_dump --schema-only writes it (no owners, no privileges).
-- Generated: do not edit. After adding a migration, run `npm run db:schema` and commit this file;
-- scripts/db-schema.test.ts fails while it differs from a freshly migrated database.

--
-- PostgreSQL database dump
--

--
-- Name: cube; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS cube WITH SCHEMA public;

--
-- Name: EXTENSION cube; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON EXTENSION cube IS 'data type for multidimensional cubes';

--
-- Name: earthdistance; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS earthdistance WITH SCHEMA public;

--
-- Name: EXTENSION earthdistance; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON EXTENSION earthdistance IS 'calculate great-circle distances on the surface of the Earth';

--
-- Name: pg_trgm; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

--
-- Name: EXTENSION pg_trgm; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON EXTENSION pg_trgm IS 'text similarity measurement and index searching based on trigrams';

--
-- Name: fhir_counts_add(jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.fhir_counts_add(deltas jsonb) RETURNS void
    LANGUAGE sql
    AS $$
  INSERT INTO fhir_counts AS c (kind, specialty, state, n)
  SELECT x.kind, x.specialty, x.state, sum(x.d)::int
  FROM jsonb_to_recordset(deltas) AS x(kind text, specialty text, state text, d integer)
  GROUP BY x.kind, x.specialty, x.state HAVING sum(x.d) <> 0
  ORDER BY x.kind, x.specialty, x.state
  ON CONFLICT ON CONSTRAINT fhir_counts_key DO UPDATE SET n = c.n + EXCLUDED.n
$$;

--
-- Name: fhir_counts_affiliation_changed(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.fhir_counts_affiliation_changed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  deltas jsonb := '[]';
BEGIN
  PERFORM fhir_counts_lock();
  IF TG_OP <> 'INSERT' AND OLD.status = 'confirmed' THEN
    deltas := deltas || coalesce((SELECT jsonb_agg(jsonb_build_object('kind', 'affiliation', 'specialty', p.specialty, 'state', NULL, 'd', -1))
      FROM professionals p JOIN institutions i ON i.id = OLD.institution_id AND i.status = 'approved'
      WHERE p.id = OLD.professional_id AND p.status = 'approved'), '[]');
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.status = 'confirmed' THEN
    deltas := deltas || coalesce((SELECT jsonb_agg(jsonb_build_object('kind', 'affiliation', 'specialty', p.specialty, 'state', NULL, 'd', 1))
      FROM professionals p JOIN institutions i ON i.id = NEW.institution_id AND i.status = 'approved'
      WHERE p.id = NEW.professional_id AND p.status = 'approved'), '[]');
  END IF;
  PERFORM fhir_counts_add(deltas);
  RETURN NULL;
END $$;

--
-- Name: fhir_counts_affiliations_inserted(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.fhir_counts_affiliations_inserted() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows WHERE status = 'confirmed') THEN
    PERFORM fhir_counts_lock();
    INSERT INTO fhir_counts AS c (kind, specialty, state, n)
    SELECT 'affiliation', p.specialty, NULL, count(*) FROM new_rows pi
    JOIN professionals p ON p.id = pi.professional_id AND p.status = 'approved'
    JOIN institutions i ON i.id = pi.institution_id AND i.status = 'approved'
    WHERE pi.status = 'confirmed' GROUP BY p.specialty ORDER BY p.specialty
    ON CONFLICT ON CONSTRAINT fhir_counts_key DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END $$;

--
-- Name: fhir_counts_institution_changed(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.fhir_counts_institution_changed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  delta integer := CASE WHEN TG_OP = 'UPDATE' AND NEW.status = 'approved' THEN 1 ELSE -1 END;
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.status = 'approved') = (NEW.status = 'approved') THEN RETURN NEW; END IF;
  PERFORM fhir_counts_lock();
  PERFORM fhir_counts_add(coalesce((
    SELECT jsonb_agg(jsonb_build_object('kind', 'affiliation', 'specialty', p.specialty, 'state', NULL, 'd', delta))
    FROM professional_institutions pi JOIN professionals p ON p.id = pi.professional_id AND p.status = 'approved'
    WHERE pi.institution_id = OLD.id AND pi.status = 'confirmed'), '[]'));
  RETURN coalesce(NEW, OLD);
END $$;

--
-- Name: fhir_counts_lock(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.fhir_counts_lock() RETURNS void
    LANGUAGE sql
    AS $$
  SELECT pg_advisory_xact_lock(hashtext('fhir_counts'))
$$;

--
-- Name: fhir_counts_professional_changed(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.fhir_counts_professional_changed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT' AND OLD.status = 'approved';
  is_now boolean := TG_OP = 'UPDATE' AND NEW.status = 'approved';
  affiliations integer;
  deltas jsonb := '[]';
BEGIN
  IF NOT was AND NOT is_now THEN RETURN coalesce(NEW, OLD); END IF;
  PERFORM fhir_counts_lock();
  SELECT count(*) INTO affiliations FROM professional_institutions pi
  JOIN institutions i ON i.id = pi.institution_id AND i.status = 'approved'
  WHERE pi.professional_id = OLD.id AND pi.status = 'confirmed';
  IF was THEN
    deltas := deltas || jsonb_build_array(
      jsonb_build_object('kind', 'professional', 'specialty', OLD.specialty, 'state', OLD.state, 'd', -1),
      jsonb_build_object('kind', 'affiliation', 'specialty', OLD.specialty, 'state', NULL, 'd', -affiliations));
  END IF;
  IF is_now THEN
    deltas := deltas || jsonb_build_array(
      jsonb_build_object('kind', 'professional', 'specialty', NEW.specialty, 'state', NEW.state, 'd', 1),
      jsonb_build_object('kind', 'affiliation', 'specialty', NEW.specialty, 'state', NULL, 'd', affiliations));
  END IF;
  PERFORM fhir_counts_add(deltas);
  RETURN coalesce(NEW, OLD);
END $$;

--
-- Name: fhir_counts_professionals_inserted(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.fhir_counts_professionals_inserted() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  -- A new professional has no affiliation yet (they reference it).
  IF EXISTS (SELECT 1 FROM new_rows WHERE status = 'approved') THEN
    PERFORM fhir_counts_lock();
    INSERT INTO fhir_counts AS c (kind, specialty, state, n)
    SELECT 'professional', specialty, state, count(*) FROM new_rows WHERE status = 'approved'
    GROUP BY specialty, state ORDER BY specialty, state
    ON CONFLICT ON CONSTRAINT fhir_counts_key DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END $$;

--
-- Name: fhir_counts_rebuild(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.fhir_counts_rebuild() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  PERFORM fhir_counts_lock();
  DELETE FROM fhir_counts;
  INSERT INTO fhir_counts (kind, specialty, state, n) SELECT * FROM fhir_counts_recount();
  RETURN NULL;
END $$;

--
-- Name: fhir_counts_recount(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.fhir_counts_recount() RETURNS TABLE(kind text, specialty text, state text, n integer)
    LANGUAGE sql STABLE
    AS $$
  SELECT 'professional', p.specialty, p.state, count(*)::int
  FROM professionals p WHERE p.status = 'approved' GROUP BY p.specialty, p.state
  UNION ALL
  SELECT 'affiliation', p.specialty, NULL, count(*)::int
  FROM professional_institutions pi
  JOIN professionals p ON p.id = pi.professional_id AND p.status = 'approved'
  JOIN institutions i ON i.id = pi.institution_id AND i.status = 'approved'
  WHERE pi.status = 'confirmed' GROUP BY p.specialty
$$;

--
-- Name: outbox_notify(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.outbox_notify() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  PERFORM pg_notify('outbox', NEW.id::text);
  RETURN NULL;
END $$;

--
-- Name: professional_licence_of_record(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.professional_licence_of_record() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  of_record text;
BEGIN
  SELECT nullif(btrim(l->>'licenseNumber'), '') INTO of_record
  FROM jsonb_array_elements(NEW.country_licenses) WITH ORDINALITY AS t(l, n)
  WHERE nullif(btrim(l->>'licenseNumber'), '') IS NOT NULL
  ORDER BY (l->>'country' = 'Nigeria') DESC, n
  LIMIT 1;
  IF of_record IS NOT NULL THEN
    NEW.license_number := of_record;
  END IF;
  RETURN NEW;
END
$$;

--
-- Name: provider_care_changed(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.provider_care_changed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  professional_ids integer[];
  institution_ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT professional_id) FILTER (WHERE professional_id IS NOT NULL),
           array_agg(DISTINCT institution_id) FILTER (WHERE institution_id IS NOT NULL)
      INTO professional_ids, institution_ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT professional_id) FILTER (WHERE professional_id IS NOT NULL),
           array_agg(DISTINCT institution_id) FILTER (WHERE institution_id IS NOT NULL)
      INTO professional_ids, institution_ids FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT professional_id) FILTER (WHERE professional_id IS NOT NULL),
           array_agg(DISTINCT institution_id) FILTER (WHERE institution_id IS NOT NULL)
      INTO professional_ids, institution_ids
      FROM (SELECT professional_id, institution_id FROM old_rows UNION ALL SELECT professional_id, institution_id FROM new_rows) r;
  END IF;
  PERFORM provider_care_refresh(professional_ids, institution_ids);
  RETURN NULL;
END $$;

--
-- Name: provider_care_refresh(integer[], integer[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.provider_care_refresh(professional_ids integer[], institution_ids integer[]) RETURNS void
    LANGUAGE plpgsql
    AS $_$
DECLARE
  k text;
  providers text;
  ids integer[];
  missing integer[];
  made integer[];
  -- The kept facts of the providers $1, by id: what a profile read built from care_facts and provider_plans.
  facts text := $f$
    SELECT k.id, json_build_object(
      'openingHours', cf.opening_hours, 'hoursSetBy', cf.hours_set_by, 'hoursConfirmedAt', cf.hours_confirmed_at,
      'servicesSetBy', cf.services_set_by, 'servicesConfirmedAt', cf.services_confirmed_at,
      'plansSetBy', cf.plans_set_by, 'plansConfirmedAt', cf.plans_confirmed_at,
      'fees', cf.fees, 'feesSetBy', cf.fees_set_by, 'feesConfirmedAt', cf.fees_confirmed_at,
      'plans', coalesce(pl.plans, '[]'::json)) AS facts
    FROM unnest($1::integer[]) k(id)
    LEFT JOIN care_facts cf ON cf.%1$I = k.id
    LEFT JOIN (
      SELECT g.id, json_agg(json_build_object('payer', g.payer, 'plan', g.plan, 'primary', g.is_primary) ORDER BY g.payer, g.plan NULLS FIRST) AS plans
      FROM (SELECT pp.%1$I AS id, pp.payer_slug AS payer, pp.plan, bool_or(pp.is_primary) AS is_primary
            FROM provider_plans pp JOIN unnest($1::integer[]) u(id) ON pp.%1$I = u.id
            WHERE pp.withdrawn_at IS NULL GROUP BY 1, 2, 3) g
      GROUP BY g.id) pl ON pl.id = k.id$f$;
BEGIN
  FOR k, providers, ids IN VALUES ('professional_id', 'professionals', professional_ids), ('institution_id', 'institutions', institution_ids) LOOP
    CONTINUE WHEN ids IS NULL OR cardinality(ids) = 0;
    EXECUTE format($q$
      SELECT array_agg(p.id) FROM unnest($1::integer[]) k(id) JOIN %2$I p ON p.id = k.id
      WHERE NOT EXISTS (SELECT 1 FROM provider_care c WHERE c.%1$I = k.id)$q$, k, providers) INTO missing USING ids;
    IF missing IS NOT NULL THEN
      EXECUTE format($q$
        WITH made AS (
          INSERT INTO provider_care (%1$I, facts) SELECT f.id, f.facts FROM (%2$s) f ORDER BY 1
          ON CONFLICT (%1$I) DO NOTHING RETURNING %1$I AS id)
        SELECT array_agg(id) FROM made$q$, k, format(facts, k)) INTO made USING missing;
      ids := ARRAY(SELECT unnest(ids) EXCEPT SELECT unnest(made));
      CONTINUE WHEN cardinality(ids) = 0;
    END IF;
    EXECUTE format($q$
      SELECT 1 FROM provider_care c JOIN unnest($1::integer[]) k(id) ON c.%1$I = k.id ORDER BY c.%1$I FOR UPDATE OF c$q$, k) USING ids;
    EXECUTE format($q$
      UPDATE provider_care c SET facts = f.facts FROM (%2$s) f
      WHERE c.%1$I = f.id AND c.facts::text IS DISTINCT FROM f.facts::text$q$, k, format(facts, k)) USING ids;
  END LOOP;
END $_$;

--
-- Name: provider_care_truncated(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.provider_care_truncated() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  PERFORM provider_care_refresh(
    (SELECT array_agg(professional_id) FROM provider_care WHERE professional_id IS NOT NULL),
    (SELECT array_agg(institution_id) FROM provider_care WHERE institution_id IS NOT NULL));
  RETURN NULL;
END $$;

--
-- Name: return_listing_to_register(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.return_listing_to_register() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  UPDATE institutions i
  SET user_id = NULL, booking_mode = 'directory', registrations = '[]', is_verified = false,
      licence_renewal_pending = false, updated_at = now()
  WHERE i.user_id = OLD.id AND EXISTS (SELECT 1 FROM register_listings r WHERE r.institution_id = i.id);
  RETURN OLD;
END $$;

--
-- Name: reviews_verify_completed_visit(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.reviews_verify_completed_visit() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  UPDATE reviews r SET verified_visit = true
  WHERE r.reviewer_id = NEW.patient_id AND NOT r.verified_visit
    AND (r.professional_id = NEW.professional_id OR r.institution_id = NEW.institution_id);
  RETURN NULL;
END $$;

--
-- Name: search_bump_generation(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_bump_generation(coll text) RETURNS void
    LANGUAGE sql
    AS $$
  INSERT INTO search_generation AS g (collection, generation) VALUES (coll, txid_current())
  ON CONFLICT (collection) DO UPDATE SET generation = excluded.generation
  -- The second write of a transaction changes nothing (no new row version).
  WHERE g.generation IS DISTINCT FROM excluded.generation
$$;

--
-- Name: search_cell(integer, double precision, double precision); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_cell(n integer, lat double precision, lng double precision) RETURNS integer
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$
  SELECT CASE WHEN n = 192 THEN floor(lat * 192)::int * 70000 + floor(lng * 192)::int + 35000
    ELSE (floor(lat * 48)::int >> CASE n WHEN 48 THEN 0 ELSE 2 END) * 32768 + (floor(lng * 48)::int >> CASE n WHEN 48 THEN 0 ELSE 2 END) + 16384 END
$$;

--
-- Name: search_cell_pair_rows(text, double precision, double precision, integer, text[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_cell_pair_rows(coll text, lat double precision, lng double precision, key_id integer, tags text[]) RETURNS TABLE(size smallint, cell integer, key_id integer, tag text, arr_field text, arr_value text)
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  SELECT g.n::smallint, search_cell(g.n, lat, lng), search_cell_pair_rows.key_id, a.tag,
    split_part(b.tag, ':', 1), substr(b.tag, position(':' IN b.tag) + 1)
  FROM (VALUES (12), (48), (192)) AS g(n)
  CROSS JOIN (SELECT DISTINCT t AS tag FROM unnest(tags) AS t WHERE split_part(t, ':', 1) IN ('level', 'ownership', 'lga')) a
  CROSS JOIN LATERAL (SELECT t AS tag FROM unnest(tags) AS t) b
  WHERE coll = 'institutions' AND lat IS NOT NULL AND lng IS NOT NULL
$$;

--
-- Name: search_cell_rows(double precision, double precision, integer, text[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_cell_rows(lat double precision, lng double precision, key_id integer, tags text[]) RETURNS TABLE(size smallint, cell integer, key_id integer, arr_field text, arr_value text)
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  SELECT g.n::smallint, search_cell(g.n, lat, lng), k.key_id, a.arr_field, a.arr_value
  FROM (VALUES (12), (48), (192)) AS g(n)
  CROSS JOIN LATERAL (
    SELECT '' AS arr_field, '' AS arr_value
    UNION ALL
    SELECT split_part(tag, ':', 1), substr(tag, position(':' IN tag) + 1) FROM unnest(tags) AS tag
  ) a
  CROSS JOIN LATERAL (SELECT search_cell_rows.key_id UNION ALL SELECT 0 WHERE a.arr_field <> '') AS k(key_id)
  WHERE lat IS NOT NULL AND lng IS NOT NULL
$$;

--
-- Name: search_cube_key(text, jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_cube_key(coll text, doc jsonb) RETURNS jsonb
    LANGUAGE sql IMMUTABLE
    AS $$
  SELECT jsonb_strip_nulls(CASE coll
    WHEN 'professionals' THEN jsonb_build_object('professionalType', doc -> 'professionalType', 'specialty', doc -> 'specialty',
      'city', doc -> 'city', 'state', doc -> 'state', 'isVerified', doc -> 'isVerified', 'isApproved', doc -> 'isApproved')
    ELSE jsonb_build_object('type', doc -> 'type', 'city', doc -> 'city', 'state', doc -> 'state',
      'isVerified', doc -> 'isVerified', 'isApproved', doc -> 'isApproved', 'listed', doc -> 'listed') END)
$$;

--
-- Name: search_cube_rows(tsvector, text[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_cube_rows(terms tsvector, tags text[]) RETURNS TABLE(term text, arr_field text, arr_value text)
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  SELECT t.term, a.arr_field, a.arr_value
  FROM (SELECT '' AS term UNION ALL SELECT lexeme FROM unnest(terms)) t
  CROSS JOIN (
    SELECT '' AS arr_field, '' AS arr_value
    UNION ALL
    SELECT split_part(tag, ':', 1), substr(tag, position(':' IN tag) + 1) FROM unnest(tags) AS tag
  ) a
$$;

--
-- Name: search_doc_tags(text, jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_doc_tags(coll text, doc jsonb) RETURNS text[]
    LANGUAGE sql IMMUTABLE
    AS $$
  SELECT coalesce(array_agg(DISTINCT f || ':' || v ORDER BY f || ':' || v), '{}')
  FROM unnest(CASE coll WHEN 'professionals' THEN ARRAY['countries', 'lga', 'services', 'plans', 'primaryPlans', 'languages']
    ELSE ARRAY['services', 'lga', 'ownership', 'level', 'plans', 'primaryPlans'] END) AS f
  CROSS JOIN LATERAL jsonb_array_elements_text(CASE jsonb_typeof(doc -> f)
    WHEN 'array' THEN doc -> f WHEN 'string' THEN jsonb_build_array(doc -> f) ELSE '[]' END) AS v
$$;

--
-- Name: search_documents_bodies_deleted(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_documents_bodies_deleted() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  DELETE FROM search_bodies b USING gone g WHERE b.collection = g.collection AND b.id = g.id;
  RETURN NULL;
END $$;

--
-- Name: search_documents_bodies_truncated(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_documents_bodies_truncated() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM search_bodies) THEN
    TRUNCATE search_bodies;
  END IF;
  RETURN NULL;
END $$;

--
-- Name: search_documents_cell_pairs(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_documents_cell_pairs() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  coll text := coalesce(NEW.collection, OLD.collection);
BEGIN
  IF current_setting('ilera.search_bulk', true) = 'on' OR coll <> 'institutions' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.key_id = NEW.key_id AND OLD.tags = NEW.tags AND OLD.lat IS NOT DISTINCT FROM NEW.lat
     AND OLD.lng IS NOT DISTINCT FROM NEW.lng AND OLD.collection = NEW.collection THEN
    RETURN NULL;
  END IF;
  -- The cube's lock (006), as 039's trigger takes it.
  PERFORM pg_advisory_xact_lock(727320, hashtext(coll));
  WITH d AS (
    SELECT r.size, r.cell, r.key_id, r.tag, r.arr_field, r.arr_value, sum(r.delta)::int AS delta
    FROM (
      SELECT o.*, -1 AS delta FROM search_cell_pair_rows(OLD.collection, OLD.lat, OLD.lng, OLD.key_id, OLD.tags) o WHERE TG_OP <> 'INSERT'
      UNION ALL
      SELECT n.*, 1 FROM search_cell_pair_rows(NEW.collection, NEW.lat, NEW.lng, NEW.key_id, NEW.tags) n WHERE TG_OP <> 'DELETE'
    ) r
    GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(r.delta) <> 0
  )
  INSERT INTO search_cube_cell_pairs AS c (collection, tag, size, cell, key_id, arr_field, arr_value, count)
  SELECT coll, tag, size, cell, key_id, arr_field, arr_value, delta FROM d ORDER BY 2, 3, 4, 5, 6, 7
  ON CONFLICT (collection, tag, size, cell, key_id, arr_field, arr_value) DO UPDATE SET count = c.count + excluded.count;
  DELETE FROM search_cube_cell_pairs WHERE collection = coll AND count <= 0;
  RETURN NULL;
END $$;

--
-- Name: search_documents_cells(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_documents_cells() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  coll text := coalesce(NEW.collection, OLD.collection);
BEGIN
  IF current_setting('ilera.search_bulk', true) = 'on' THEN
    RETURN NULL;
  END IF;
  -- Neither place, key, values nor day moved: no count changes (most bookings, every text edit).
  IF TG_OP = 'UPDATE' AND OLD.key_id = NEW.key_id AND OLD.tags = NEW.tags AND OLD.lat IS NOT DISTINCT FROM NEW.lat
     AND OLD.lng IS NOT DISTINCT FROM NEW.lng AND search_slot_day(OLD.next_slot) IS NOT DISTINCT FROM search_slot_day(NEW.next_slot) THEN
    RETURN NULL;
  END IF;
  IF (TG_OP = 'INSERT' OR OLD.lat IS NULL OR OLD.lng IS NULL) AND (TG_OP = 'DELETE' OR NEW.lat IS NULL OR NEW.lng IS NULL) THEN
    RETURN NULL;
  END IF;
  -- The cube's lock (006): writers of one collection take turns, never deadlocking on count rows.
  PERFORM pg_advisory_xact_lock(727320, hashtext(coll));
  IF TG_OP <> 'UPDATE' OR OLD.key_id <> NEW.key_id OR OLD.tags <> NEW.tags OR OLD.lat IS DISTINCT FROM NEW.lat OR OLD.lng IS DISTINCT FROM NEW.lng THEN
    WITH d AS (
      SELECT r.size, r.cell, r.key_id, r.arr_field, r.arr_value, sum(r.delta)::int AS delta
      FROM (
        SELECT o.*, -1 AS delta FROM search_cell_rows(OLD.lat, OLD.lng, OLD.key_id, OLD.tags) o WHERE TG_OP <> 'INSERT'
        UNION ALL
        SELECT n.*, 1 FROM search_cell_rows(NEW.lat, NEW.lng, NEW.key_id, NEW.tags) n WHERE TG_OP <> 'DELETE'
      ) r
      GROUP BY 1, 2, 3, 4, 5
      HAVING sum(r.delta) <> 0
    )
    INSERT INTO search_cube_cells AS c (collection, size, cell, key_id, arr_field, arr_value, count)
    SELECT coll, size, cell, key_id, arr_field, arr_value, delta FROM d ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (collection, size, cell, key_id, arr_field, arr_value) DO UPDATE SET count = c.count + excluded.count;
    DELETE FROM search_cube_cells WHERE collection = coll AND count <= 0;
  END IF;
  WITH d AS (
    SELECT r.size, r.cell, r.key_id, r.day, sum(r.delta)::int AS delta
    FROM (
      SELECT o.size, o.cell, o.key_id, search_slot_day(OLD.next_slot) AS day, -1 AS delta
      FROM search_cell_rows(OLD.lat, OLD.lng, OLD.key_id, '{}') o WHERE TG_OP <> 'INSERT' AND OLD.next_slot IS NOT NULL
      UNION ALL
      SELECT n.size, n.cell, n.key_id, search_slot_day(NEW.next_slot), 1
      FROM search_cell_rows(NEW.lat, NEW.lng, NEW.key_id, '{}') n WHERE TG_OP <> 'DELETE' AND NEW.next_slot IS NOT NULL
    ) r
    GROUP BY 1, 2, 3, 4
    HAVING sum(r.delta) <> 0
  )
  INSERT INTO search_cube_cell_days AS c (collection, size, cell, key_id, day, count)
  SELECT coll, size, cell, key_id, day, delta FROM d ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (collection, size, cell, key_id, day) DO UPDATE SET count = c.count + excluded.count;
  DELETE FROM search_cube_cell_days WHERE collection = coll AND count <= 0;
  RETURN NULL;
END $$;

--
-- Name: search_documents_changed(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_documents_changed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF current_setting('ilera.search_bulk', true) = 'on' THEN
    INSERT INTO search_changes (collection, id)
    SELECT DISTINCT c, NULL::text FROM (SELECT collection FROM changed) x(c);
  ELSE
    INSERT INTO search_changes (collection, id) SELECT DISTINCT collection, id FROM changed;
  END IF;
  RETURN NULL;
END $$;

--
-- Name: search_documents_changed_truncate(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_documents_changed_truncate() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  INSERT INTO search_changes (collection, id) VALUES ('professionals', NULL), ('institutions', NULL);
  RETURN NULL;
END $$;

--
-- Name: search_documents_cube(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_documents_cube() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
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

--
-- Name: search_documents_cube_days(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_documents_cube_days() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  coll text := coalesce(NEW.collection, OLD.collection);
BEGIN
  IF current_setting('ilera.search_bulk', true) = 'on' THEN
    RETURN NULL;
  END IF;
  -- A booking that moves the next slot within the same day changes no count.
  IF TG_OP = 'UPDATE' AND OLD.key_id = NEW.key_id AND OLD.tags = NEW.tags AND OLD.tsv_main = NEW.tsv_main
     AND search_slot_day(OLD.next_slot) IS NOT DISTINCT FROM search_slot_day(NEW.next_slot) THEN
    RETURN NULL;
  END IF;
  IF (TG_OP = 'INSERT' OR OLD.next_slot IS NULL) AND (TG_OP = 'DELETE' OR NEW.next_slot IS NULL) THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(727320, hashtext(coll));

  WITH d AS (
    SELECT r.term, r.key_id, r.arr_field, r.arr_value, r.day, sum(r.delta)::int AS delta
    FROM (
      SELECT o.*, OLD.key_id AS key_id, search_slot_day(OLD.next_slot) AS day, -1 AS delta
      FROM search_cube_rows(OLD.tsv_main, OLD.tags) o WHERE TG_OP <> 'INSERT' AND OLD.next_slot IS NOT NULL
      UNION ALL
      SELECT n.*, NEW.key_id, search_slot_day(NEW.next_slot), 1
      FROM search_cube_rows(NEW.tsv_main, NEW.tags) n WHERE TG_OP <> 'DELETE' AND NEW.next_slot IS NOT NULL
    ) r
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(r.delta) <> 0
  )
  INSERT INTO search_cube_days AS c (collection, term, key_id, arr_field, arr_value, day, count)
  SELECT coll, term, key_id, arr_field, arr_value, day, delta FROM d ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (collection, term, key_id, arr_field, arr_value, day) DO UPDATE SET count = c.count + excluded.count;
  DELETE FROM search_cube_days WHERE collection = coll AND count <= 0;
  RETURN NULL;
END $$;

--
-- Name: search_documents_generation(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_documents_generation() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  -- A full reindex bumps once, in search_recount at its end.
  IF current_setting('ilera.search_bulk', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM search_bump_generation(coalesce(NEW.collection, OLD.collection));
  RETURN NULL;
END $$;

--
-- Name: search_documents_tag_pairs(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_documents_tag_pairs() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  coll text := coalesce(NEW.collection, OLD.collection);
BEGIN
  IF current_setting('ilera.search_bulk', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.key_id = NEW.key_id AND OLD.tags = NEW.tags AND OLD.collection = NEW.collection THEN
    RETURN NULL;
  END IF;
  -- The cube's lock (006): writers of one collection take turns, so they never deadlock on pair rows.
  PERFORM pg_advisory_xact_lock(727320, hashtext(coll));
  WITH d AS (
    SELECT r.tag, r.arr_field, r.key_id, r.arr_value, sum(r.delta)::int AS delta
    FROM (
      SELECT o.*, -1 AS delta FROM search_tag_pair_rows(OLD.key_id, OLD.tags) o WHERE TG_OP <> 'INSERT'
      UNION ALL
      SELECT n.*, 1 FROM search_tag_pair_rows(NEW.key_id, NEW.tags) n WHERE TG_OP <> 'DELETE'
    ) r
    GROUP BY 1, 2, 3, 4
    HAVING sum(r.delta) <> 0
  )
  INSERT INTO search_cube_tag_pairs AS c (collection, tag, arr_field, key_id, arr_value, count)
  SELECT coll, tag, arr_field, key_id, arr_value, delta FROM d ORDER BY 2, 3, 4, 5
  ON CONFLICT (collection, tag, arr_field, key_id, arr_value) DO UPDATE SET count = c.count + excluded.count;
  DELETE FROM search_cube_tag_pairs WHERE collection = coll AND count <= 0;
  RETURN NULL;
END $$;

--
-- Name: search_documents_truncated(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_documents_truncated() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  PERFORM search_bump_generation('professionals');
  PERFORM search_bump_generation('institutions');
  RETURN NULL;
END $$;

--
-- Name: search_earth(double precision, double precision); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_earth(lat double precision, lng double precision) RETURNS public.cube
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$
  SELECT public.cube(public.cube(public.cube(
    public.earth() * cos(radians(lat)) * cos(radians(lng))),
    public.earth() * cos(radians(lat)) * sin(radians(lng))),
    public.earth() * sin(radians(lat)))
$$;

--
-- Name: search_key_id(text, jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_key_id(coll text, doc jsonb) RETURNS integer
    LANGUAGE plpgsql
    AS $$
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

--
-- Name: search_prune_changes(interval); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_prune_changes(keep interval) RETURNS void
    LANGUAGE sql
    AS $$
  WITH gone AS (DELETE FROM search_changes WHERE at < now() - keep RETURNING txid)
  UPDATE search_changes_pruned p SET txid = g.txid
  FROM (SELECT max(txid) AS txid FROM gone) g
  WHERE g.txid IS NOT NULL AND g.txid > p.txid
$$;

--
-- Name: search_recount(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_recount(coll text) RETURNS void
    LANGUAGE plpgsql
    AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727320, hashtext(coll));
  DELETE FROM search_cube WHERE collection = coll;
  DELETE FROM search_cube_days WHERE collection = coll;
  DELETE FROM search_terms WHERE collection = coll;
  CREATE TEMPORARY TABLE search_recount_by_day ON COMMIT DROP AS
    SELECT r.term, d.key_id, r.arr_field, r.arr_value, search_slot_day(d.next_slot) AS day, count(*)::int AS n
    FROM search_documents d CROSS JOIN LATERAL search_cube_rows(d.tsv_main, d.tags) r
    WHERE d.collection = coll
    GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO search_cube_days (collection, term, key_id, arr_field, arr_value, day, count)
  SELECT coll, term, key_id, arr_field, arr_value, day, n FROM pg_temp.search_recount_by_day WHERE day IS NOT NULL
  ORDER BY 2, 3, 4, 5, 6;
  INSERT INTO search_cube (collection, term, key_id, arr_field, arr_value, count)
  SELECT coll, term, key_id, arr_field, arr_value, sum(n)::int FROM pg_temp.search_recount_by_day
  GROUP BY 2, 3, 4, 5
  ORDER BY 2, 3, 4, 5; -- a term's rows together on disk
  DROP TABLE pg_temp.search_recount_by_day;
  CREATE TEMPORARY TABLE search_recount_terms ON COMMIT DROP AS
    SELECT lexeme AS term, count(*)::int AS docs FROM search_documents d CROSS JOIN LATERAL unnest(d.tsv_main)
    WHERE d.collection = coll GROUP BY 1;
  INSERT INTO search_terms (collection, term, docs) SELECT coll, term, docs FROM pg_temp.search_recount_terms;
  DROP TABLE pg_temp.search_recount_terms;
  PERFORM search_recount_cells(coll);
  PERFORM search_bump_generation(coll);
END $$;

--
-- Name: search_recount_cell_pairs(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_recount_cell_pairs(coll text) RETURNS void
    LANGUAGE plpgsql
    AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727320, hashtext(coll));
  DELETE FROM search_cube_cell_pairs WHERE collection = coll;
  INSERT INTO search_cube_cell_pairs (collection, tag, size, cell, key_id, arr_field, arr_value, count)
  SELECT coll, r.tag, r.size, r.cell, r.key_id, r.arr_field, r.arr_value, count(*)::int
  FROM search_documents d CROSS JOIN LATERAL search_cell_pair_rows(d.collection, d.lat, d.lng, d.key_id, d.tags) r
  WHERE d.collection = coll AND d.lat IS NOT NULL AND d.lng IS NOT NULL
  GROUP BY 2, 3, 4, 5, 6, 7
  ORDER BY 2, 3, 4, 5, 6, 7;
END $$;

--
-- Name: search_recount_cell_rows(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_recount_cell_rows(coll text) RETURNS void
    LANGUAGE plpgsql
    AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727320, hashtext(coll));
  DELETE FROM search_cube_cells WHERE collection = coll;
  DELETE FROM search_cube_cell_days WHERE collection = coll;
  INSERT INTO search_cube_cells (collection, size, cell, key_id, arr_field, arr_value, count)
  SELECT coll, r.size, r.cell, r.key_id, r.arr_field, r.arr_value, count(*)::int
  FROM search_documents d CROSS JOIN LATERAL search_cell_rows(d.lat, d.lng, d.key_id, d.tags) r
  WHERE d.collection = coll AND d.lat IS NOT NULL AND d.lng IS NOT NULL
  GROUP BY 2, 3, 4, 5, 6
  ORDER BY 2, 3, 4, 5, 6;
  INSERT INTO search_cube_cell_days (collection, size, cell, key_id, day, count)
  SELECT coll, r.size, r.cell, r.key_id, search_slot_day(d.next_slot), count(*)::int
  FROM search_documents d CROSS JOIN LATERAL search_cell_rows(d.lat, d.lng, d.key_id, '{}') r
  WHERE d.collection = coll AND d.lat IS NOT NULL AND d.lng IS NOT NULL AND d.next_slot IS NOT NULL
  GROUP BY 2, 3, 4, 5
  ORDER BY 2, 3, 4, 5;
END $$;

--
-- Name: search_recount_cells(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_recount_cells(coll text) RETURNS void
    LANGUAGE plpgsql
    AS $$
BEGIN
  PERFORM search_recount_cell_rows(coll);
  PERFORM search_recount_cell_pairs(coll);
  PERFORM search_recount_tag_pairs(coll);
END $$;

--
-- Name: search_recount_tag_pairs(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_recount_tag_pairs(coll text) RETURNS void
    LANGUAGE plpgsql
    AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727320, hashtext(coll));
  DELETE FROM search_cube_tag_pairs WHERE collection = coll;
  INSERT INTO search_cube_tag_pairs (collection, tag, arr_field, key_id, arr_value, count)
  SELECT coll, r.tag, r.arr_field, r.key_id, r.arr_value, count(*)::int
  FROM search_documents d CROSS JOIN LATERAL search_tag_pair_rows(d.key_id, d.tags) r
  WHERE d.collection = coll
  GROUP BY 2, 3, 4, 5
  ORDER BY 2, 3, 4, 5;
END $$;

--
-- Name: search_slot_day(timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_slot_day(slot timestamp with time zone) RETURNS date
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT (slot AT TIME ZONE 'Africa/Lagos')::date $$;

--
-- Name: search_tag_pair_rows(integer, text[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_tag_pair_rows(key_id integer, tags text[]) RETURNS TABLE(tag text, arr_field text, key_id integer, arr_value text)
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  SELECT a.tag, split_part(b.tag, ':', 1), search_tag_pair_rows.key_id, substr(b.tag, position(':' IN b.tag) + 1)
  FROM (SELECT DISTINCT t AS tag FROM unnest(tags) AS t) a
  CROSS JOIN LATERAL (SELECT t AS tag FROM unnest(tags) AS t) b
$$;

--
-- Name: appointments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.appointments (
    id integer NOT NULL,
    patient_id text,
    professional_id integer,
    institution_id integer,
    appointment_type text NOT NULL,
    appointment_date timestamp with time zone NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    patient_name text NOT NULL,
    patient_email text NOT NULL,
    patient_phone text NOT NULL,
    reason_for_visit text,
    reminder_sent_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    patient_phone_e164 text,
    reminder_2h_sent_at timestamp with time zone,
    attendance_confirmed_at timestamp with time zone,
    booking_locale text,
    CONSTRAINT appointments_appointment_type_check CHECK ((appointment_type = ANY (ARRAY['consultation'::text, 'follow-up'::text, 'procedure'::text, 'check-up'::text, 'emergency'::text]))),
    CONSTRAINT appointments_booking_locale_check CHECK ((booking_locale = ANY (ARRAY['en'::text, 'ha'::text, 'yo'::text, 'ig'::text, 'pcm'::text]))),
    CONSTRAINT appointments_check CHECK ((num_nonnulls(professional_id, institution_id) = 1)),
    CONSTRAINT appointments_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'confirmed'::text, 'completed'::text, 'cancelled'::text])))
);

--
-- Name: appointments_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.appointments_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: appointments_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.appointments_id_seq OWNED BY public.appointments.id;

--
-- Name: audit_log; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.audit_log (
    id bigint NOT NULL,
    admin_id text,
    action text NOT NULL,
    target_type text,
    target_id text,
    outcome text NOT NULL,
    detail jsonb DEFAULT '{}'::jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT audit_log_outcome_check CHECK ((outcome = ANY (ARRAY['success'::text, 'failure'::text])))
);

--
-- Name: audit_log_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.audit_log_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: audit_log_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.audit_log_id_seq OWNED BY public.audit_log.id;

--
-- Name: care_facts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.care_facts (
    id bigint NOT NULL,
    professional_id integer,
    institution_id integer,
    opening_hours jsonb,
    hours_set_by text,
    hours_confirmed_at timestamp with time zone,
    services_set_by text,
    services_confirmed_at timestamp with time zone,
    plans_set_by text,
    plans_confirmed_at timestamp with time zone,
    fees jsonb,
    fees_set_by text,
    fees_confirmed_at timestamp with time zone,
    reminded_at timestamp with time zone,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT care_facts_check CHECK ((num_nonnulls(professional_id, institution_id) = 1)),
    CONSTRAINT care_facts_fees_check CHECK (((fees IS NULL) OR (jsonb_typeof(fees) = 'object'::text))),
    CONSTRAINT care_facts_fees_set_by_check CHECK ((fees_set_by = ANY (ARRAY['provider'::text, 'admin'::text, 'import'::text, 'patients'::text]))),
    CONSTRAINT care_facts_hours_set_by_check CHECK ((hours_set_by = ANY (ARRAY['provider'::text, 'admin'::text, 'import'::text, 'patients'::text]))),
    CONSTRAINT care_facts_opening_hours_check CHECK (((opening_hours IS NULL) OR (jsonb_typeof(opening_hours) = 'object'::text))),
    CONSTRAINT care_facts_plans_set_by_check CHECK ((plans_set_by = ANY (ARRAY['provider'::text, 'admin'::text, 'import'::text, 'patients'::text]))),
    CONSTRAINT care_facts_services_set_by_check CHECK ((services_set_by = ANY (ARRAY['provider'::text, 'admin'::text, 'import'::text, 'patients'::text])))
);

--
-- Name: care_facts_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.care_facts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: care_facts_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.care_facts_id_seq OWNED BY public.care_facts.id;

--
-- Name: care_reports; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.care_reports (
    id bigint NOT NULL,
    professional_id integer,
    institution_id integer,
    patient_id text,
    appointment_id integer,
    visited_on date NOT NULL,
    was_open boolean,
    payer_slug text,
    plan_accepted boolean,
    paid_naira integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT care_reports_check CHECK ((num_nonnulls(professional_id, institution_id) = 1)),
    CONSTRAINT care_reports_paid_naira_check CHECK (((paid_naira >= 0) AND (paid_naira <= 10000000)))
);

--
-- Name: care_reports_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.care_reports_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: care_reports_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.care_reports_id_seq OWNED BY public.care_reports.id;

--
-- Name: care_suggestions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.care_suggestions (
    id bigint NOT NULL,
    professional_id integer,
    institution_id integer,
    user_id text,
    kind text NOT NULL,
    details text NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    decided_by text,
    decided_at timestamp with time zone,
    decision_note text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT care_suggestions_check CHECK ((num_nonnulls(professional_id, institution_id) = 1)),
    CONSTRAINT care_suggestions_details_check CHECK (((length(details) >= 1) AND (length(details) <= 1000))),
    CONSTRAINT care_suggestions_kind_check CHECK ((kind = ANY (ARRAY['hours'::text, 'closed'::text, 'place'::text, 'phone'::text, 'other'::text]))),
    CONSTRAINT care_suggestions_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'approved'::text, 'rejected'::text])))
);

--
-- Name: care_suggestions_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.care_suggestions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: care_suggestions_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.care_suggestions_id_seq OWNED BY public.care_suggestions.id;

--
-- Name: fhir_counts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.fhir_counts (
    kind text NOT NULL,
    specialty text NOT NULL,
    state text,
    n integer NOT NULL,
    CONSTRAINT fhir_counts_kind_check CHECK ((kind = ANY (ARRAY['professional'::text, 'affiliation'::text])))
);

--
-- Name: institution_claims; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.institution_claims (
    id integer NOT NULL,
    institution_id integer NOT NULL,
    claimant_user_id text NOT NULL,
    registration jsonb NOT NULL,
    message text,
    status text DEFAULT 'pending'::text NOT NULL,
    decision_reason text,
    decided_by text,
    decided_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT institution_claims_message_check CHECK ((char_length(message) <= 1000)),
    CONSTRAINT institution_claims_registration_check CHECK ((jsonb_typeof(registration) = 'object'::text)),
    CONSTRAINT institution_claims_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'approved'::text, 'rejected'::text, 'withdrawn'::text])))
);

--
-- Name: institution_claims_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.institution_claims_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: institution_claims_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.institution_claims_id_seq OWNED BY public.institution_claims.id;

--
-- Name: institutions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.institutions (
    id integer NOT NULL,
    user_id text,
    name text NOT NULL,
    type text NOT NULL,
    services text[] DEFAULT '{}'::text[] NOT NULL,
    description text,
    profile_image_url text,
    phone text,
    email text,
    website text,
    address text,
    city text,
    state text,
    zip_code text,
    status text DEFAULT 'pending'::text NOT NULL,
    rejection_reason text,
    is_verified boolean DEFAULT false NOT NULL,
    is_approved boolean GENERATED ALWAYS AS ((status = 'approved'::text)) STORED,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    booking_mode text DEFAULT 'request'::text NOT NULL,
    working_hours jsonb DEFAULT '[["09:00", "16:30"], ["09:00", "16:30"], ["09:00", "16:30"], ["09:00", "16:30"], ["09:00", "16:30"], null, null]'::jsonb NOT NULL,
    next_slot_at timestamp with time zone,
    registrations jsonb DEFAULT '[]'::jsonb NOT NULL,
    licence_renewal_pending boolean DEFAULT false NOT NULL,
    lga text,
    ward text,
    ownership text,
    ownership_type text,
    facility_level text,
    latitude double precision,
    longitude double precision,
    location_source text,
    CONSTRAINT institutions_booking_mode_check CHECK ((booking_mode = ANY (ARRAY['instant'::text, 'request'::text, 'directory'::text]))),
    CONSTRAINT institutions_facility_level_check CHECK ((facility_level = ANY (ARRAY['Primary'::text, 'Secondary'::text, 'Tertiary'::text]))),
    CONSTRAINT institutions_latitude_check CHECK (((latitude >= ('-90'::integer)::double precision) AND (latitude <= (90)::double precision))),
    CONSTRAINT institutions_location_pair CHECK ((((latitude IS NULL) = (longitude IS NULL)) AND ((latitude IS NULL) = (location_source IS NULL)))),
    CONSTRAINT institutions_location_source_check CHECK ((location_source = ANY (ARRAY['register'::text, 'device'::text, 'pin'::text, 'lga_centre'::text]))),
    CONSTRAINT institutions_longitude_check CHECK (((longitude >= ('-180'::integer)::double precision) AND (longitude <= (180)::double precision))),
    CONSTRAINT institutions_ownership_check CHECK ((ownership = ANY (ARRAY['Public'::text, 'Private'::text]))),
    CONSTRAINT institutions_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'approved'::text, 'rejected'::text]))),
    CONSTRAINT institutions_type_check CHECK ((type = ANY (ARRAY['hospital'::text, 'pharmacy'::text, 'diagnostic_lab'::text, 'clinic'::text, 'practice'::text, 'urgent-care'::text, 'specialty-center'::text, 'rehabilitation'::text, 'general_hospital'::text, 'specialist_hospital'::text, 'teaching_hospital'::text, 'private_hospital'::text, 'medical_center'::text, 'diagnostic_center'::text, 'laboratory'::text, 'rehabilitation_center'::text, 'mental_health_facility'::text, 'maternity_home'::text, 'primary_health_centre'::text, 'health_post'::text]))),
    CONSTRAINT institutions_working_hours_check CHECK (((jsonb_typeof(working_hours) = 'array'::text) AND (jsonb_array_length(working_hours) = 7)))
);

--
-- Name: institutions_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.institutions_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: institutions_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.institutions_id_seq OWNED BY public.institutions.id;

--
-- Name: licence_notices; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.licence_notices (
    professional_id integer,
    country text NOT NULL,
    license_number text NOT NULL,
    expires_on date NOT NULL,
    kind text NOT NULL,
    sent_at timestamp with time zone DEFAULT now() NOT NULL,
    institution_id integer,
    CONSTRAINT licence_notices_kind_check CHECK ((kind = ANY (ARRAY['expires-30'::text, 'expires-7'::text, 'expired'::text]))),
    CONSTRAINT licence_notices_one_provider CHECK (((professional_id IS NULL) <> (institution_id IS NULL)))
);

--
-- Name: network_imports; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.network_imports (
    id bigint NOT NULL,
    payer_slug text NOT NULL,
    file_name text NOT NULL,
    file_sha256 text NOT NULL,
    started_at timestamp with time zone DEFAULT now() NOT NULL,
    finished_at timestamp with time zone,
    summary jsonb
);

--
-- Name: network_imports_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.network_imports_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: network_imports_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.network_imports_id_seq OWNED BY public.network_imports.id;

--
-- Name: outbox; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.outbox (
    id bigint NOT NULL,
    topic text NOT NULL,
    payload jsonb DEFAULT '{}'::jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    locked_until timestamp with time zone,
    processed_at timestamp with time zone,
    abandoned_at timestamp with time zone,
    last_error text,
    failed_at timestamp with time zone
);

--
-- Name: outbox_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.outbox_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: outbox_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.outbox_id_seq OWNED BY public.outbox.id;

--
-- Name: password_reset_tokens; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.password_reset_tokens (
    id integer NOT NULL,
    user_id text NOT NULL,
    token_hash text NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    used boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: password_reset_tokens_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.password_reset_tokens_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: password_reset_tokens_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.password_reset_tokens_id_seq OWNED BY public.password_reset_tokens.id;

--
-- Name: payers; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.payers (
    slug text NOT NULL,
    name text NOT NULL,
    kind text NOT NULL,
    accreditation_number text,
    plans jsonb DEFAULT '[]'::jsonb NOT NULL,
    needs_review boolean DEFAULT false NOT NULL,
    is_demo boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    id integer NOT NULL,
    CONSTRAINT payers_kind_check CHECK ((kind = ANY (ARRAY['nhia'::text, 'state_scheme'::text, 'hmo'::text]))),
    CONSTRAINT payers_name_check CHECK (((length(name) >= 1) AND (length(name) <= 120))),
    CONSTRAINT payers_plans_check CHECK ((jsonb_typeof(plans) = 'array'::text)),
    CONSTRAINT payers_slug_check CHECK (((slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text) AND (length(slug) <= 60)))
);

--
-- Name: payers_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.payers ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.payers_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: professional_institutions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.professional_institutions (
    id integer NOT NULL,
    professional_id integer NOT NULL,
    institution_id integer NOT NULL,
    role text,
    start_date date,
    end_date date,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    status text DEFAULT 'confirmed'::text NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT professional_institutions_role_length CHECK ((char_length(role) <= 100)),
    CONSTRAINT professional_institutions_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'confirmed'::text, 'declined'::text])))
);

--
-- Name: professional_institutions_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.professional_institutions_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: professional_institutions_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.professional_institutions_id_seq OWNED BY public.professional_institutions.id;

--
-- Name: professionals; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.professionals (
    id integer NOT NULL,
    user_id text NOT NULL,
    professional_type text NOT NULL,
    title text NOT NULL,
    specialty text NOT NULL,
    license_number text,
    years_of_experience integer DEFAULT 0 NOT NULL,
    consultation_fee integer,
    education text,
    bio text,
    certifications text,
    languages text,
    profile_image_url text,
    phone text,
    address text,
    city text,
    state text,
    zip_code text,
    countries text[] DEFAULT ARRAY['Nigeria'::text] NOT NULL,
    country_licenses jsonb DEFAULT '[]'::jsonb NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    rejection_reason text,
    is_verified boolean DEFAULT false NOT NULL,
    is_approved boolean GENERATED ALWAYS AS ((status = 'approved'::text)) STORED,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    licence_renewal_pending boolean DEFAULT false NOT NULL,
    booking_mode text DEFAULT 'request'::text NOT NULL,
    working_hours jsonb DEFAULT '[["09:00", "16:30"], ["09:00", "16:30"], ["09:00", "16:30"], ["09:00", "16:30"], ["09:00", "16:30"], null, null]'::jsonb NOT NULL,
    next_slot_at timestamp with time zone,
    contact_email text,
    lga text,
    latitude double precision,
    longitude double precision,
    location_source text,
    services text[] DEFAULT '{}'::text[] NOT NULL,
    language_codes text[] DEFAULT '{}'::text[] NOT NULL,
    CONSTRAINT professionals_booking_mode_check CHECK ((booking_mode = ANY (ARRAY['instant'::text, 'request'::text, 'directory'::text]))),
    CONSTRAINT professionals_consultation_fee_check CHECK ((consultation_fee >= 0)),
    CONSTRAINT professionals_contact_email_check CHECK ((char_length(contact_email) <= 254)),
    CONSTRAINT professionals_countries_check CHECK ((cardinality(countries) >= 1)),
    CONSTRAINT professionals_country_licenses_check CHECK ((jsonb_typeof(country_licenses) = 'array'::text)),
    CONSTRAINT professionals_latitude_check CHECK (((latitude >= ('-90'::integer)::double precision) AND (latitude <= (90)::double precision))),
    CONSTRAINT professionals_location_pair CHECK ((((latitude IS NULL) = (longitude IS NULL)) AND ((latitude IS NULL) = (location_source IS NULL)))),
    CONSTRAINT professionals_location_source_check CHECK ((location_source = ANY (ARRAY['device'::text, 'pin'::text, 'lga_centre'::text, 'affiliation'::text]))),
    CONSTRAINT professionals_longitude_check CHECK (((longitude >= ('-180'::integer)::double precision) AND (longitude <= (180)::double precision))),
    CONSTRAINT professionals_professional_type_check CHECK ((professional_type = ANY (ARRAY['doctor'::text, 'pharmacist'::text, 'nurse'::text]))),
    CONSTRAINT professionals_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'approved'::text, 'rejected'::text]))),
    CONSTRAINT professionals_working_hours_check CHECK (((jsonb_typeof(working_hours) = 'array'::text) AND (jsonb_array_length(working_hours) = 7))),
    CONSTRAINT professionals_years_of_experience_check CHECK ((years_of_experience >= 0))
);

--
-- Name: professionals_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.professionals_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: professionals_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.professionals_id_seq OWNED BY public.professionals.id;

--
-- Name: provider_care; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.provider_care (
    professional_id integer,
    institution_id integer,
    facts json NOT NULL,
    CONSTRAINT provider_care_check CHECK ((num_nonnulls(professional_id, institution_id) = 1))
);

--
-- Name: provider_plans; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.provider_plans (
    id bigint NOT NULL,
    professional_id integer,
    institution_id integer,
    payer_slug text NOT NULL,
    plan text,
    tier text,
    is_primary boolean DEFAULT false NOT NULL,
    source text NOT NULL,
    network_import_id bigint,
    withdrawn_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT provider_plans_check CHECK ((num_nonnulls(professional_id, institution_id) = 1)),
    CONSTRAINT provider_plans_source_check CHECK ((source = ANY (ARRAY['provider'::text, 'admin'::text, 'import'::text])))
);

--
-- Name: provider_plans_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.provider_plans_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: provider_plans_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.provider_plans_id_seq OWNED BY public.provider_plans.id;

--
-- Name: public_holidays; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.public_holidays (
    day date NOT NULL,
    name text NOT NULL,
    movable boolean DEFAULT false NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT public_holidays_name_check CHECK (((length(name) >= 1) AND (length(name) <= 120)))
);

--
-- Name: register_imports; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.register_imports (
    id bigint NOT NULL,
    file_name text NOT NULL,
    file_sha256 text NOT NULL,
    started_at timestamp with time zone DEFAULT now() NOT NULL,
    finished_at timestamp with time zone,
    summary jsonb
);

--
-- Name: register_imports_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.register_imports_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: register_imports_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.register_imports_id_seq OWNED BY public.register_imports.id;

--
-- Name: register_listings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.register_listings (
    institution_id integer NOT NULL,
    register_key text NOT NULL,
    globalid text NOT NULL,
    nhfr_uid text,
    nhfr_facility_code text,
    facility_level_option text,
    name_source text,
    coordinates_source text,
    register_updated date,
    fields jsonb NOT NULL,
    fields_hash text NOT NULL,
    pending jsonb,
    lga_disagrees boolean DEFAULT false NOT NULL,
    last_import_id bigint,
    in_latest_register boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: register_wards; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.register_wards (
    state text NOT NULL,
    lga text NOT NULL,
    ward text NOT NULL,
    facilities integer NOT NULL
);

--
-- Name: review_replies; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.review_replies (
    review_id integer NOT NULL,
    author_id text,
    body text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT review_replies_body_check CHECK (((char_length(body) >= 1) AND (char_length(body) <= 2000)))
);

--
-- Name: review_reports; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.review_reports (
    id bigint NOT NULL,
    review_id integer NOT NULL,
    reporter_id text,
    reason text NOT NULL,
    details text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    resolved_at timestamp with time zone,
    resolved_by text,
    resolution text,
    CONSTRAINT review_reports_check CHECK (((resolved_at IS NULL) = (resolution IS NULL))),
    CONSTRAINT review_reports_details_check CHECK ((char_length(details) <= 500)),
    CONSTRAINT review_reports_reason_check CHECK ((reason = ANY (ARRAY['spam'::text, 'offensive'::text, 'false'::text, 'no_visit'::text, 'private_information'::text, 'other'::text]))),
    CONSTRAINT review_reports_resolution_check CHECK ((resolution = ANY (ARRAY['hidden'::text, 'dismissed'::text])))
);

--
-- Name: review_reports_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.review_reports_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: review_reports_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.review_reports_id_seq OWNED BY public.review_reports.id;

--
-- Name: reviews; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.reviews (
    id integer NOT NULL,
    reviewer_id text,
    professional_id integer,
    institution_id integer,
    rating integer NOT NULL,
    comment text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    hidden_at timestamp with time zone,
    hidden_by text,
    hidden_reason text,
    verified_visit boolean DEFAULT false NOT NULL,
    CONSTRAINT reviews_check CHECK ((num_nonnulls(professional_id, institution_id) = 1)),
    CONSTRAINT reviews_comment_check CHECK ((char_length(comment) <= 2000)),
    CONSTRAINT reviews_hidden_has_reason CHECK (((hidden_at IS NULL) = (hidden_reason IS NULL))),
    CONSTRAINT reviews_hidden_reason_check CHECK ((char_length(hidden_reason) <= 500)),
    CONSTRAINT reviews_rating_check CHECK (((rating >= 1) AND (rating <= 5)))
);

--
-- Name: reviews_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.reviews_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: reviews_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.reviews_id_seq OWNED BY public.reviews.id;

--
-- Name: saved_providers; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.saved_providers (
    user_id text NOT NULL,
    professional_id integer,
    institution_id integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT saved_providers_check CHECK (((professional_id IS NULL) <> (institution_id IS NULL)))
);

--
-- Name: schema_migrations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.schema_migrations (
    name text NOT NULL,
    checksum text NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: search_bodies; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.search_bodies (
    collection text NOT NULL,
    id text NOT NULL,
    document json NOT NULL,
    tsv tsvector NOT NULL,
    CONSTRAINT search_bodies_document_check CHECK ((json_typeof(document) = 'object'::text))
);

--
-- Name: search_changes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.search_changes (
    txid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    collection text NOT NULL,
    id text,
    at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: search_changes_pruned; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.search_changes_pruned (
    one boolean DEFAULT true NOT NULL,
    txid xid8 NOT NULL,
    CONSTRAINT search_changes_pruned_one_check CHECK (one)
);

--
-- Name: search_cube; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.search_cube (
    collection text NOT NULL,
    term text NOT NULL,
    key_id integer NOT NULL,
    arr_field text NOT NULL,
    arr_value text NOT NULL,
    count integer NOT NULL
);

--
-- Name: search_cube_cell_days; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.search_cube_cell_days (
    collection text NOT NULL,
    size smallint NOT NULL,
    cell integer NOT NULL,
    key_id integer NOT NULL,
    day date NOT NULL,
    count integer NOT NULL
);

--
-- Name: search_cube_cell_pairs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.search_cube_cell_pairs (
    collection text NOT NULL,
    tag text NOT NULL,
    size smallint NOT NULL,
    cell integer NOT NULL,
    key_id integer NOT NULL,
    arr_field text NOT NULL,
    arr_value text NOT NULL,
    count integer NOT NULL
);

--
-- Name: search_cube_cells; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.search_cube_cells (
    collection text NOT NULL,
    size smallint NOT NULL,
    cell integer NOT NULL,
    key_id integer NOT NULL,
    arr_field text NOT NULL,
    arr_value text NOT NULL,
    count integer NOT NULL
);

--
-- Name: search_cube_days; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.search_cube_days (
    collection text NOT NULL,
    term text NOT NULL,
    key_id integer NOT NULL,
    arr_field text NOT NULL,
    arr_value text NOT NULL,
    day date NOT NULL,
    count integer NOT NULL
);

--
-- Name: search_cube_keys; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.search_cube_keys (
    id integer NOT NULL,
    collection text NOT NULL,
    key jsonb NOT NULL
);

--
-- Name: search_cube_keys_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.search_cube_keys ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.search_cube_keys_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: search_cube_tag_pairs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.search_cube_tag_pairs (
    collection text NOT NULL,
    tag text NOT NULL,
    arr_field text NOT NULL,
    key_id integer NOT NULL,
    arr_value text NOT NULL,
    count integer NOT NULL
);

--
-- Name: search_documents; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.search_documents (
    collection text NOT NULL,
    id text NOT NULL,
    name_key text DEFAULT ''::text NOT NULL,
    rating real DEFAULT 0 NOT NULL,
    review_count integer DEFAULT 0 NOT NULL,
    experience integer DEFAULT 0 NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    tsv_main tsvector DEFAULT ''::tsvector NOT NULL,
    key_id integer NOT NULL,
    tags text[] DEFAULT '{}'::text[] NOT NULL,
    next_slot timestamp with time zone,
    fee integer,
    lat double precision,
    lng double precision,
    location public.cube GENERATED ALWAYS AS (public.search_earth(lat, lng)) STORED,
    cell integer GENERATED ALWAYS AS (public.search_cell(48, lat, lng)) STORED,
    open_ranges int4multirange,
    closed_days integer[],
    hours_until bigint,
    open24 boolean,
    free_care boolean,
    CONSTRAINT search_documents_collection_check CHECK ((collection = ANY (ARRAY['professionals'::text, 'institutions'::text])))
)
WITH (toast_tuple_target='128');
ALTER TABLE ONLY public.search_documents ALTER COLUMN tsv_main SET STORAGE MAIN;
ALTER TABLE ONLY public.search_documents ALTER COLUMN key_id SET STATISTICS 140;

--
-- Name: search_generation; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.search_generation (
    collection text NOT NULL,
    generation bigint NOT NULL
);

--
-- Name: search_rebuild_locks; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.search_rebuild_locks (
    collection text NOT NULL,
    holder text NOT NULL,
    expires_at timestamp with time zone NOT NULL
);

--
-- Name: search_terms; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.search_terms (
    collection text NOT NULL,
    term text NOT NULL,
    docs integer NOT NULL
);

--
-- Name: specialties; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.specialties (
    id integer NOT NULL,
    name text NOT NULL,
    description text,
    icon text,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: specialties_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.specialties_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: specialties_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.specialties_id_seq OWNED BY public.specialties.id;

--
-- Name: text_messages; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.text_messages (
    id bigint NOT NULL,
    job_id text NOT NULL,
    channel text NOT NULL,
    kind text NOT NULL,
    to_e164 text NOT NULL,
    appointment_id integer,
    status text DEFAULT 'sending'::text NOT NULL,
    provider_message_id text,
    cost text,
    segments integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    sent_at timestamp with time zone,
    delivery_status text,
    delivery_reported_at timestamp with time zone,
    delivery_error text,
    CONSTRAINT text_messages_channel_check CHECK ((channel = ANY (ARRAY['sms'::text, 'whatsapp'::text]))),
    CONSTRAINT text_messages_delivery_status_check CHECK ((delivery_status = ANY (ARRAY['delivered'::text, 'read'::text, 'failed'::text]))),
    CONSTRAINT text_messages_status_check CHECK ((status = ANY (ARRAY['sending'::text, 'sent'::text, 'failed'::text, 'skipped'::text])))
);

--
-- Name: text_messages_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.text_messages_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: text_messages_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.text_messages_id_seq OWNED BY public.text_messages.id;

--
-- Name: text_opt_outs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.text_opt_outs (
    phone_e164 text NOT NULL,
    opted_out_at timestamp with time zone NOT NULL,
    opted_in_at timestamp with time zone,
    CONSTRAINT text_opt_outs_check CHECK (((opted_in_at IS NULL) OR (opted_in_at >= opted_out_at)))
);

--
-- Name: time_off; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.time_off (
    id integer NOT NULL,
    professional_id integer,
    institution_id integer,
    start_date date NOT NULL,
    end_date date NOT NULL,
    note text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT time_off_check CHECK (((professional_id IS NULL) <> (institution_id IS NULL))),
    CONSTRAINT time_off_check1 CHECK ((end_date >= start_date)),
    CONSTRAINT time_off_note_check CHECK ((char_length(note) <= 200))
);

--
-- Name: time_off_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.time_off_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: time_off_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.time_off_id_seq OWNED BY public.time_off.id;

--
-- Name: translation_suggestions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.translation_suggestions (
    id bigint NOT NULL,
    locale text NOT NULL,
    page text NOT NULL,
    shown text,
    suggestion text NOT NULL,
    user_id text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    status text DEFAULT 'open'::text NOT NULL,
    decided_at timestamp with time zone,
    CONSTRAINT translation_suggestions_locale_check CHECK ((locale = ANY (ARRAY['ha'::text, 'yo'::text, 'ig'::text, 'pcm'::text]))),
    CONSTRAINT translation_suggestions_page_check CHECK (((length(page) >= 1) AND (length(page) <= 500))),
    CONSTRAINT translation_suggestions_shown_check CHECK (((length(shown) >= 1) AND (length(shown) <= 1000))),
    CONSTRAINT translation_suggestions_status_check CHECK ((status = ANY (ARRAY['open'::text, 'done'::text, 'dismissed'::text]))),
    CONSTRAINT translation_suggestions_suggestion_check CHECK (((length(suggestion) >= 1) AND (length(suggestion) <= 1000)))
);

--
-- Name: translation_suggestions_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.translation_suggestions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: translation_suggestions_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.translation_suggestions_id_seq OWNED BY public.translation_suggestions.id;

--
-- Name: user_passwords; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.user_passwords (
    user_id text NOT NULL,
    password_hash text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: users; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.users (
    id text DEFAULT (gen_random_uuid())::text NOT NULL,
    email text NOT NULL,
    first_name text,
    last_name text,
    phone text,
    profile_image_url text,
    user_type text DEFAULT 'patient'::text NOT NULL,
    session_version integer DEFAULT 1 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    text_channel text DEFAULT 'sms'::text NOT NULL,
    whatsapp_opted_in_at timestamp with time zone,
    my_plan text,
    ussd_pin_hash text,
    ussd_phone_e164 text,
    ussd_pin_failures integer DEFAULT 0 NOT NULL,
    ussd_pin_locked_until timestamp with time zone,
    ussd_pin_set_at timestamp with time zone,
    language text,
    CONSTRAINT users_email_check CHECK ((email <> ''::text)),
    CONSTRAINT users_language_check CHECK ((language = ANY (ARRAY['en'::text, 'ha'::text, 'yo'::text, 'ig'::text, 'pcm'::text]))),
    CONSTRAINT users_text_channel_check CHECK ((text_channel = ANY (ARRAY['sms'::text, 'whatsapp'::text, 'none'::text]))),
    CONSTRAINT users_user_type_check CHECK ((user_type = ANY (ARRAY['patient'::text, 'professional'::text, 'institution'::text, 'admin'::text])))
);

--
-- Name: ussd_actions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.ussd_actions (
    session_id text NOT NULL,
    action text NOT NULL,
    done_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: appointments id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.appointments ALTER COLUMN id SET DEFAULT nextval('public.appointments_id_seq'::regclass);

--
-- Name: audit_log id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.audit_log ALTER COLUMN id SET DEFAULT nextval('public.audit_log_id_seq'::regclass);

--
-- Name: care_facts id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.care_facts ALTER COLUMN id SET DEFAULT nextval('public.care_facts_id_seq'::regclass);

--
-- Name: care_reports id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.care_reports ALTER COLUMN id SET DEFAULT nextval('public.care_reports_id_seq'::regclass);

--
-- Name: care_suggestions id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.care_suggestions ALTER COLUMN id SET DEFAULT nextval('public.care_suggestions_id_seq'::regclass);

--
-- Name: institution_claims id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.institution_claims ALTER COLUMN id SET DEFAULT nextval('public.institution_claims_id_seq'::regclass);

--
-- Name: institutions id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.institutions ALTER COLUMN id SET DEFAULT nextval('public.institutions_id_seq'::regclass);

--
-- Name: network_imports id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.network_imports ALTER COLUMN id SET DEFAULT nextval('public.network_imports_id_seq'::regclass);

--
-- Name: outbox id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.outbox ALTER COLUMN id SET DEFAULT nextval('public.outbox_id_seq'::regclass);

--
-- Name: password_reset_tokens id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.password_reset_tokens ALTER COLUMN id SET DEFAULT nextval('public.password_reset_tokens_id_seq'::regclass);

--
-- Name: professional_institutions id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.professional_institutions ALTER COLUMN id SET DEFAULT nextval('public.professional_institutions_id_seq'::regclass);

--
-- Name: professionals id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.professionals ALTER COLUMN id SET DEFAULT nextval('public.professionals_id_seq'::regclass);

--
-- Name: provider_plans id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.provider_plans ALTER COLUMN id SET DEFAULT nextval('public.provider_plans_id_seq'::regclass);

--
-- Name: register_imports id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.register_imports ALTER COLUMN id SET DEFAULT nextval('public.register_imports_id_seq'::regclass);

--
-- Name: review_reports id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.review_reports ALTER COLUMN id SET DEFAULT nextval('public.review_reports_id_seq'::regclass);

--
-- Name: reviews id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reviews ALTER COLUMN id SET DEFAULT nextval('public.reviews_id_seq'::regclass);

--
-- Name: specialties id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.specialties ALTER COLUMN id SET DEFAULT nextval('public.specialties_id_seq'::regclass);

--
-- Name: text_messages id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.text_messages ALTER COLUMN id SET DEFAULT nextval('public.text_messages_id_seq'::regclass);

--
-- Name: time_off id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.time_off ALTER COLUMN id SET DEFAULT nextval('public.time_off_id_seq'::regclass);

--
-- Name: translation_suggestions id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.translation_suggestions ALTER COLUMN id SET DEFAULT nextval('public.translation_suggestions_id_seq'::regclass);

--
-- Name: appointments appointments_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.appointments
    ADD CONSTRAINT appointments_pkey PRIMARY KEY (id);

--
-- Name: audit_log audit_log_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.audit_log
    ADD CONSTRAINT audit_log_pkey PRIMARY KEY (id);

--
-- Name: care_facts care_facts_institution_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.care_facts
    ADD CONSTRAINT care_facts_institution_id_key UNIQUE (institution_id);

--
-- Name: care_facts care_facts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.care_facts
    ADD CONSTRAINT care_facts_pkey PRIMARY KEY (id);

--
-- Name: care_facts care_facts_professional_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.care_facts
    ADD CONSTRAINT care_facts_professional_id_key UNIQUE (professional_id);

--
-- Name: care_reports care_reports_appointment_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.care_reports
    ADD CONSTRAINT care_reports_appointment_id_key UNIQUE (appointment_id);

--
-- Name: care_reports care_reports_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.care_reports
    ADD CONSTRAINT care_reports_pkey PRIMARY KEY (id);

--
-- Name: care_suggestions care_suggestions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.care_suggestions
    ADD CONSTRAINT care_suggestions_pkey PRIMARY KEY (id);

--
-- Name: fhir_counts fhir_counts_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.fhir_counts
    ADD CONSTRAINT fhir_counts_key UNIQUE NULLS NOT DISTINCT (kind, specialty, state);

--
-- Name: institution_claims institution_claims_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.institution_claims
    ADD CONSTRAINT institution_claims_pkey PRIMARY KEY (id);

--
-- Name: institutions institutions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.institutions
    ADD CONSTRAINT institutions_pkey PRIMARY KEY (id);

--
-- Name: institutions institutions_user_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.institutions
    ADD CONSTRAINT institutions_user_id_key UNIQUE (user_id);

--
-- Name: network_imports network_imports_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.network_imports
    ADD CONSTRAINT network_imports_pkey PRIMARY KEY (id);

--
-- Name: outbox outbox_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.outbox
    ADD CONSTRAINT outbox_pkey PRIMARY KEY (id);

--
-- Name: password_reset_tokens password_reset_tokens_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.password_reset_tokens
    ADD CONSTRAINT password_reset_tokens_pkey PRIMARY KEY (id);

--
-- Name: password_reset_tokens password_reset_tokens_token_hash_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.password_reset_tokens
    ADD CONSTRAINT password_reset_tokens_token_hash_key UNIQUE (token_hash);

--
-- Name: payers payers_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payers
    ADD CONSTRAINT payers_id_key UNIQUE (id);

--
-- Name: payers payers_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payers
    ADD CONSTRAINT payers_pkey PRIMARY KEY (slug);

--
-- Name: professional_institutions professional_institutions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.professional_institutions
    ADD CONSTRAINT professional_institutions_pkey PRIMARY KEY (id);

--
-- Name: professional_institutions professional_institutions_professional_id_institution_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.professional_institutions
    ADD CONSTRAINT professional_institutions_professional_id_institution_id_key UNIQUE (professional_id, institution_id);

--
-- Name: professionals professionals_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.professionals
    ADD CONSTRAINT professionals_pkey PRIMARY KEY (id);

--
-- Name: professionals professionals_user_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.professionals
    ADD CONSTRAINT professionals_user_id_key UNIQUE (user_id);

--
-- Name: provider_care provider_care_institution_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.provider_care
    ADD CONSTRAINT provider_care_institution_id_key UNIQUE (institution_id);

--
-- Name: provider_care provider_care_professional_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.provider_care
    ADD CONSTRAINT provider_care_professional_id_key UNIQUE (professional_id);

--
-- Name: provider_plans provider_plans_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.provider_plans
    ADD CONSTRAINT provider_plans_pkey PRIMARY KEY (id);

--
-- Name: public_holidays public_holidays_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.public_holidays
    ADD CONSTRAINT public_holidays_pkey PRIMARY KEY (day);

--
-- Name: register_imports register_imports_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.register_imports
    ADD CONSTRAINT register_imports_pkey PRIMARY KEY (id);

--
-- Name: register_listings register_listings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.register_listings
    ADD CONSTRAINT register_listings_pkey PRIMARY KEY (institution_id);

--
-- Name: register_listings register_listings_register_key_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.register_listings
    ADD CONSTRAINT register_listings_register_key_key UNIQUE (register_key);

--
-- Name: register_wards register_wards_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.register_wards
    ADD CONSTRAINT register_wards_pkey PRIMARY KEY (state, lga, ward);

--
-- Name: review_replies review_replies_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.review_replies
    ADD CONSTRAINT review_replies_pkey PRIMARY KEY (review_id);

--
-- Name: review_reports review_reports_one_per_account; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.review_reports
    ADD CONSTRAINT review_reports_one_per_account UNIQUE (review_id, reporter_id);

--
-- Name: review_reports review_reports_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.review_reports
    ADD CONSTRAINT review_reports_pkey PRIMARY KEY (id);

--
-- Name: reviews reviews_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reviews
    ADD CONSTRAINT reviews_pkey PRIMARY KEY (id);

--
-- Name: schema_migrations schema_migrations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.schema_migrations
    ADD CONSTRAINT schema_migrations_pkey PRIMARY KEY (name);

--
-- Name: search_bodies search_bodies_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.search_bodies
    ADD CONSTRAINT search_bodies_pkey PRIMARY KEY (collection, id);

--
-- Name: search_changes_pruned search_changes_pruned_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.search_changes_pruned
    ADD CONSTRAINT search_changes_pruned_pkey PRIMARY KEY (one);

--
-- Name: search_cube_cell_days search_cube_cell_days_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.search_cube_cell_days
    ADD CONSTRAINT search_cube_cell_days_pkey PRIMARY KEY (collection, size, cell, key_id, day) INCLUDE (count);

--
-- Name: search_cube_cell_pairs search_cube_cell_pairs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.search_cube_cell_pairs
    ADD CONSTRAINT search_cube_cell_pairs_pkey PRIMARY KEY (collection, tag, size, cell, key_id, arr_field, arr_value) INCLUDE (count);

--
-- Name: search_cube_cells search_cube_cells_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.search_cube_cells
    ADD CONSTRAINT search_cube_cells_pkey PRIMARY KEY (collection, size, cell, key_id, arr_field, arr_value) INCLUDE (count);

--
-- Name: search_cube_days search_cube_days_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.search_cube_days
    ADD CONSTRAINT search_cube_days_pkey PRIMARY KEY (collection, term, key_id, arr_field, arr_value, day) INCLUDE (count);

--
-- Name: search_cube_keys search_cube_keys_collection_key_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.search_cube_keys
    ADD CONSTRAINT search_cube_keys_collection_key_key UNIQUE (collection, key);

--
-- Name: search_cube_keys search_cube_keys_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.search_cube_keys
    ADD CONSTRAINT search_cube_keys_pkey PRIMARY KEY (id);

--
-- Name: search_cube search_cube_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.search_cube
    ADD CONSTRAINT search_cube_pkey PRIMARY KEY (collection, term, key_id, arr_field, arr_value) INCLUDE (count);

--
-- Name: search_cube_tag_pairs search_cube_tag_pairs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.search_cube_tag_pairs
    ADD CONSTRAINT search_cube_tag_pairs_pkey PRIMARY KEY (collection, tag, arr_field, key_id, arr_value) INCLUDE (count);

--
-- Name: search_documents search_documents_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.search_documents
    ADD CONSTRAINT search_documents_pkey PRIMARY KEY (collection, id);

--
-- Name: search_generation search_generation_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.search_generation
    ADD CONSTRAINT search_generation_pkey PRIMARY KEY (collection);

--
-- Name: search_rebuild_locks search_rebuild_locks_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.search_rebuild_locks
    ADD CONSTRAINT search_rebuild_locks_pkey PRIMARY KEY (collection);

--
-- Name: search_terms search_terms_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.search_terms
    ADD CONSTRAINT search_terms_pkey PRIMARY KEY (collection, term);

--
-- Name: specialties specialties_name_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.specialties
    ADD CONSTRAINT specialties_name_key UNIQUE (name);

--
-- Name: specialties specialties_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.specialties
    ADD CONSTRAINT specialties_pkey PRIMARY KEY (id);

--
-- Name: text_messages text_messages_job_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.text_messages
    ADD CONSTRAINT text_messages_job_id_key UNIQUE (job_id);

--
-- Name: text_messages text_messages_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.text_messages
    ADD CONSTRAINT text_messages_pkey PRIMARY KEY (id);

--
-- Name: text_opt_outs text_opt_outs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.text_opt_outs
    ADD CONSTRAINT text_opt_outs_pkey PRIMARY KEY (phone_e164);

--
-- Name: time_off time_off_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.time_off
    ADD CONSTRAINT time_off_pkey PRIMARY KEY (id);

--
-- Name: translation_suggestions translation_suggestions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.translation_suggestions
    ADD CONSTRAINT translation_suggestions_pkey PRIMARY KEY (id);

--
-- Name: user_passwords user_passwords_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_passwords
    ADD CONSTRAINT user_passwords_pkey PRIMARY KEY (user_id);

--
-- Name: users users_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);

--
-- Name: ussd_actions ussd_actions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ussd_actions
    ADD CONSTRAINT ussd_actions_pkey PRIMARY KEY (session_id, action);

--
-- Name: appointments_completed_patient_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX appointments_completed_patient_idx ON public.appointments USING btree (patient_id) WHERE (status = 'completed'::text);

--
-- Name: appointments_institution_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX appointments_institution_idx ON public.appointments USING btree (institution_id, appointment_date DESC) WHERE (institution_id IS NOT NULL);

--
-- Name: appointments_institution_slot_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX appointments_institution_slot_key ON public.appointments USING btree (institution_id, appointment_date) WHERE ((institution_id IS NOT NULL) AND (status = ANY (ARRAY['pending'::text, 'confirmed'::text])));

--
-- Name: appointments_patient_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX appointments_patient_idx ON public.appointments USING btree (patient_id, appointment_date DESC);

--
-- Name: appointments_patient_phone_e164_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX appointments_patient_phone_e164_idx ON public.appointments USING btree (patient_phone_e164, appointment_date) WHERE ((patient_phone_e164 IS NOT NULL) AND (status = ANY (ARRAY['pending'::text, 'confirmed'::text])));

--
-- Name: appointments_professional_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX appointments_professional_idx ON public.appointments USING btree (professional_id, appointment_date DESC) WHERE (professional_id IS NOT NULL);

--
-- Name: appointments_professional_slot_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX appointments_professional_slot_key ON public.appointments USING btree (professional_id, appointment_date) WHERE ((professional_id IS NOT NULL) AND (status = ANY (ARRAY['pending'::text, 'confirmed'::text])));

--
-- Name: appointments_reminder_due_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX appointments_reminder_due_idx ON public.appointments USING btree (appointment_date) WHERE ((status = 'confirmed'::text) AND (reminder_sent_at IS NULL));

--
-- Name: audit_log_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX audit_log_created_idx ON public.audit_log USING btree (created_at DESC, id DESC);

--
-- Name: care_reports_institution_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX care_reports_institution_idx ON public.care_reports USING btree (institution_id, created_at DESC) WHERE (institution_id IS NOT NULL);

--
-- Name: care_reports_professional_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX care_reports_professional_idx ON public.care_reports USING btree (professional_id, created_at DESC) WHERE (professional_id IS NOT NULL);

--
-- Name: care_suggestions_pending_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX care_suggestions_pending_idx ON public.care_suggestions USING btree (created_at) WHERE (status = 'pending'::text);

--
-- Name: institution_claims_claimant_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX institution_claims_claimant_idx ON public.institution_claims USING btree (claimant_user_id, created_at DESC);

--
-- Name: institution_claims_one_approved; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX institution_claims_one_approved ON public.institution_claims USING btree (institution_id) WHERE (status = 'approved'::text);

--
-- Name: institution_claims_one_open; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX institution_claims_one_open ON public.institution_claims USING btree (institution_id, claimant_user_id) WHERE (status = 'pending'::text);

--
-- Name: institution_claims_queue_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX institution_claims_queue_idx ON public.institution_claims USING btree (status, created_at);

--
-- Name: institutions_place_city_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX institutions_place_city_idx ON public.institutions USING btree (lower(city)) INCLUDE (city, latitude, longitude) WHERE ((latitude IS NOT NULL) AND (status = 'approved'::text));

--
-- Name: institutions_place_lga_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX institutions_place_lga_idx ON public.institutions USING btree (lower(lga)) INCLUDE (lga, latitude, longitude) WHERE ((latitude IS NOT NULL) AND (status = 'approved'::text));

--
-- Name: institutions_place_state_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX institutions_place_state_idx ON public.institutions USING btree (lower(state)) INCLUDE (state, latitude, longitude) WHERE ((latitude IS NOT NULL) AND (status = 'approved'::text));

--
-- Name: institutions_place_ward_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX institutions_place_ward_idx ON public.institutions USING btree (lower(ward)) INCLUDE (ward, latitude, longitude) WHERE ((latitude IS NOT NULL) AND (status = 'approved'::text));

--
-- Name: institutions_status_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX institutions_status_idx ON public.institutions USING btree (status, created_at DESC);

--
-- Name: licence_notices_institution_once; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX licence_notices_institution_once ON public.licence_notices USING btree (institution_id, country, license_number, expires_on, kind) WHERE (institution_id IS NOT NULL);

--
-- Name: licence_notices_professional_once; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX licence_notices_professional_once ON public.licence_notices USING btree (professional_id, country, license_number, expires_on, kind) WHERE (professional_id IS NOT NULL);

--
-- Name: outbox_processed_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX outbox_processed_at_idx ON public.outbox USING btree (processed_at) WHERE (processed_at IS NOT NULL);

--
-- Name: outbox_set_aside_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX outbox_set_aside_idx ON public.outbox USING btree (id) WHERE ((processed_at IS NULL) AND ((abandoned_at IS NOT NULL) OR (failed_at IS NOT NULL)));

--
-- Name: outbox_unprocessed_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX outbox_unprocessed_idx ON public.outbox USING btree (id) WHERE ((processed_at IS NULL) AND (abandoned_at IS NULL) AND (failed_at IS NULL));

--
-- Name: password_reset_tokens_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX password_reset_tokens_user_idx ON public.password_reset_tokens USING btree (user_id);

--
-- Name: professional_institutions_institution_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX professional_institutions_institution_idx ON public.professional_institutions USING btree (institution_id);

--
-- Name: professional_institutions_professional_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX professional_institutions_professional_idx ON public.professional_institutions USING btree (professional_id);

--
-- Name: professionals_fhir_specialty_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX professionals_fhir_specialty_idx ON public.professionals USING btree (lower(specialty), id) WHERE (status = 'approved'::text);

--
-- Name: professionals_status_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX professionals_status_idx ON public.professionals USING btree (status, created_at DESC);

--
-- Name: professionals_type_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX professionals_type_idx ON public.professionals USING btree (professional_type) WHERE (status = 'approved'::text);

--
-- Name: provider_plans_institution_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX provider_plans_institution_idx ON public.provider_plans USING btree (institution_id) WHERE (institution_id IS NOT NULL);

--
-- Name: provider_plans_payer_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX provider_plans_payer_idx ON public.provider_plans USING btree (payer_slug, source);

--
-- Name: provider_plans_professional_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX provider_plans_professional_idx ON public.provider_plans USING btree (professional_id) WHERE (professional_id IS NOT NULL);

--
-- Name: provider_plans_unique_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX provider_plans_unique_idx ON public.provider_plans USING btree (COALESCE(professional_id, 0), COALESCE(institution_id, 0), payer_slug, COALESCE(plan, ''::text), source);

--
-- Name: register_listings_import_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX register_listings_import_idx ON public.register_listings USING btree (last_import_id);

--
-- Name: review_reports_open_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX review_reports_open_idx ON public.review_reports USING btree (created_at DESC, review_id) WHERE (resolved_at IS NULL);

--
-- Name: review_reports_review_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX review_reports_review_idx ON public.review_reports USING btree (review_id);

--
-- Name: reviews_hidden_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX reviews_hidden_idx ON public.reviews USING btree (hidden_at DESC) WHERE (hidden_at IS NOT NULL);

--
-- Name: reviews_institution_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX reviews_institution_idx ON public.reviews USING btree (institution_id, created_at DESC) WHERE (institution_id IS NOT NULL);

--
-- Name: reviews_professional_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX reviews_professional_idx ON public.reviews USING btree (professional_id, created_at DESC) WHERE (professional_id IS NOT NULL);

--
-- Name: reviews_reviewer_institution_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX reviews_reviewer_institution_key ON public.reviews USING btree (reviewer_id, institution_id) WHERE (institution_id IS NOT NULL);

--
-- Name: reviews_reviewer_professional_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX reviews_reviewer_professional_key ON public.reviews USING btree (reviewer_id, professional_id) WHERE (professional_id IS NOT NULL);

--
-- Name: saved_providers_institution_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX saved_providers_institution_idx ON public.saved_providers USING btree (institution_id) WHERE (institution_id IS NOT NULL);

--
-- Name: saved_providers_institution_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX saved_providers_institution_key ON public.saved_providers USING btree (user_id, institution_id) WHERE (institution_id IS NOT NULL);

--
-- Name: saved_providers_professional_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX saved_providers_professional_idx ON public.saved_providers USING btree (professional_id) WHERE (professional_id IS NOT NULL);

--
-- Name: saved_providers_professional_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX saved_providers_professional_key ON public.saved_providers USING btree (user_id, professional_id) WHERE (professional_id IS NOT NULL);

--
-- Name: search_bodies_tsv_institutions_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_bodies_tsv_institutions_idx ON public.search_bodies USING gin (tsv) WHERE (collection = 'institutions'::text);

--
-- Name: search_bodies_tsv_professionals_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_bodies_tsv_professionals_idx ON public.search_bodies USING gin (tsv) WHERE (collection = 'professionals'::text);

--
-- Name: search_changes_txid; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_changes_txid ON public.search_changes USING btree (txid);

--
-- Name: search_cube_cell_days_empty_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_cube_cell_days_empty_idx ON public.search_cube_cell_days USING btree (collection) WHERE (count <= 0);

--
-- Name: search_cube_cell_pairs_empty_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_cube_cell_pairs_empty_idx ON public.search_cube_cell_pairs USING btree (collection) WHERE (count <= 0);

--
-- Name: search_cube_cells_documents_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_cube_cells_documents_idx ON public.search_cube_cells USING btree (collection, size, cell, key_id) INCLUDE (count) WHERE ((arr_field = ''::text) AND (arr_value = ''::text));

--
-- Name: search_cube_cells_empty_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_cube_cells_empty_idx ON public.search_cube_cells USING btree (collection) WHERE (count <= 0);

--
-- Name: search_cube_days_documents_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_cube_days_documents_idx ON public.search_cube_days USING btree (collection, term, key_id, day) INCLUDE (count) WHERE ((arr_field = ''::text) AND (arr_value = ''::text));

--
-- Name: search_cube_days_empty_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_cube_days_empty_idx ON public.search_cube_days USING btree (collection) WHERE (count <= 0);

--
-- Name: search_cube_days_values_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_cube_days_values_idx ON public.search_cube_days USING btree (collection, term, arr_field, arr_value, key_id, day) INCLUDE (count) WHERE (arr_field <> ''::text);

--
-- Name: search_cube_documents_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_cube_documents_idx ON public.search_cube USING btree (collection, term, key_id) INCLUDE (count) WHERE ((arr_field = ''::text) AND (arr_value = ''::text));

--
-- Name: search_cube_empty_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_cube_empty_idx ON public.search_cube USING btree (collection) WHERE (count <= 0);

--
-- Name: search_cube_tag_pairs_empty_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_cube_tag_pairs_empty_idx ON public.search_cube_tag_pairs USING btree (collection) WHERE (count <= 0);

--
-- Name: search_cube_values_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_cube_values_idx ON public.search_cube USING btree (collection, term, arr_field, arr_value, key_id) INCLUDE (count) WHERE (arr_field <> ''::text);

--
-- Name: search_documents_cell_institutions_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_documents_cell_institutions_idx ON public.search_documents USING btree (cell) INCLUDE (key_id, tags, next_slot, location) WHERE ((collection = 'institutions'::text) AND (location IS NOT NULL));

--
-- Name: search_documents_cell_professionals_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_documents_cell_professionals_idx ON public.search_documents USING btree (cell) INCLUDE (key_id, tags, next_slot, location) WHERE ((collection = 'professionals'::text) AND (location IS NOT NULL));

--
-- Name: search_documents_experience_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_documents_experience_idx ON public.search_documents USING btree (collection, experience DESC, rating DESC, id) INCLUDE (key_id, tags);

--
-- Name: search_documents_fee_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_documents_fee_idx ON public.search_documents USING btree (collection, fee, rating DESC, id) INCLUDE (key_id, tags, next_slot);

--
-- Name: search_documents_fine_cell_institutions_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_documents_fine_cell_institutions_idx ON public.search_documents USING btree (public.search_cell(192, lat, lng)) INCLUDE (key_id, tags, next_slot, location, lat, lng) WHERE ((collection = 'institutions'::text) AND (location IS NOT NULL));

--
-- Name: search_documents_fine_cell_professionals_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_documents_fine_cell_professionals_idx ON public.search_documents USING btree (public.search_cell(192, lat, lng)) INCLUDE (key_id, tags, next_slot, location, lat, lng) WHERE ((collection = 'professionals'::text) AND (location IS NOT NULL));

--
-- Name: search_documents_free_care_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_documents_free_care_idx ON public.search_documents USING btree (collection, fee, rating DESC, id) INCLUDE (key_id, tags, next_slot) WHERE free_care;

--
-- Name: search_documents_hours_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_documents_hours_idx ON public.search_documents USING btree (collection, fee, rating DESC, id) INCLUDE (key_id, tags, next_slot, open_ranges, closed_days, hours_until) WHERE (open_ranges IS NOT NULL);

--
-- Name: search_documents_id_keys_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_documents_id_keys_idx ON public.search_documents USING btree (collection, id) INCLUDE (key_id, tags);

--
-- Name: search_documents_institutions_rating_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_documents_institutions_rating_idx ON public.search_documents USING btree (rating DESC, review_count DESC, id) INCLUDE (key_id, tags, next_slot) WHERE (collection = 'institutions'::text);

--
-- Name: search_documents_key_rating_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_documents_key_rating_idx ON public.search_documents USING btree (collection, key_id, rating DESC, review_count DESC, id) INCLUDE (experience, tags, next_slot);

--
-- Name: search_documents_location_page_institutions_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_documents_location_page_institutions_idx ON public.search_documents USING gist (location) INCLUDE (key_id, tags, next_slot, id, rating) WHERE ((collection = 'institutions'::text) AND (location IS NOT NULL));

--
-- Name: search_documents_location_page_professionals_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_documents_location_page_professionals_idx ON public.search_documents USING gist (location) INCLUDE (key_id, tags, next_slot, id, rating) WHERE ((collection = 'professionals'::text) AND (location IS NOT NULL));

--
-- Name: search_documents_name_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_documents_name_idx ON public.search_documents USING btree (collection, name_key text_pattern_ops) INCLUDE (id, rating, review_count, key_id, tags);

--
-- Name: search_documents_next_slot_keys_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_documents_next_slot_keys_idx ON public.search_documents USING btree (collection, next_slot, rating DESC, id) INCLUDE (key_id, tags) WHERE (next_slot IS NOT NULL);

--
-- Name: search_documents_open24_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_documents_open24_idx ON public.search_documents USING btree (collection, fee, rating DESC, id) INCLUDE (key_id, tags, next_slot) WHERE open24;

--
-- Name: search_documents_open_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_documents_open_idx ON public.search_documents USING gist (open_ranges) WHERE (open_ranges IS NOT NULL);

--
-- Name: search_documents_rating_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_documents_rating_idx ON public.search_documents USING btree (rating DESC, review_count DESC, id) INCLUDE (key_id, tags, name_key, tsv_main, next_slot) WHERE (collection = 'professionals'::text);

--
-- Name: search_documents_tags_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_documents_tags_idx ON public.search_documents USING gin (tags);

--
-- Name: search_documents_tsv_main_institutions_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_documents_tsv_main_institutions_idx ON public.search_documents USING gin (tsv_main) WHERE (collection = 'institutions'::text);

--
-- Name: search_documents_tsv_main_professionals_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_documents_tsv_main_professionals_idx ON public.search_documents USING gin (tsv_main) WHERE (collection = 'professionals'::text);

--
-- Name: search_terms_empty_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_terms_empty_idx ON public.search_terms USING btree (collection) WHERE (docs <= 0);

--
-- Name: search_terms_prefix_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_terms_prefix_idx ON public.search_terms USING btree (collection, term text_pattern_ops);

--
-- Name: search_terms_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_terms_trgm_idx ON public.search_terms USING gin (term public.gin_trgm_ops);

--
-- Name: text_messages_provider_message_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX text_messages_provider_message_id_idx ON public.text_messages USING btree (channel, provider_message_id) WHERE (provider_message_id IS NOT NULL);

--
-- Name: text_messages_to_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX text_messages_to_idx ON public.text_messages USING btree (to_e164, created_at);

--
-- Name: time_off_institution_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX time_off_institution_idx ON public.time_off USING btree (institution_id, end_date) WHERE (institution_id IS NOT NULL);

--
-- Name: time_off_professional_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX time_off_professional_idx ON public.time_off USING btree (professional_id, end_date) WHERE (professional_id IS NOT NULL);

--
-- Name: translation_suggestions_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX translation_suggestions_created_idx ON public.translation_suggestions USING btree (created_at DESC);

--
-- Name: translation_suggestions_open_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX translation_suggestions_open_idx ON public.translation_suggestions USING btree (created_at DESC) WHERE (status = 'open'::text);

--
-- Name: users_email_lower_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX users_email_lower_key ON public.users USING btree (lower(email));

--
-- Name: users_phone_last_digits_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX users_phone_last_digits_idx ON public.users USING btree ("right"(regexp_replace(phone, '[^0-9]'::text, ''::text, 'g'::text), 10));

--
-- Name: users_user_type_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX users_user_type_idx ON public.users USING btree (user_type);

--
-- Name: users_ussd_phone_e164_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX users_ussd_phone_e164_idx ON public.users USING btree (ussd_phone_e164) WHERE (ussd_pin_hash IS NOT NULL);

--
-- Name: ussd_actions_done_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ussd_actions_done_at_idx ON public.ussd_actions USING btree (done_at);

--
-- Name: professionals_lower_specialty_stats; Type: STATISTICS; Schema: public; Owner: -
--

CREATE STATISTICS public.professionals_lower_specialty_stats ON lower(specialty) FROM public.professionals;

--
-- Name: appointments appointments_completed_verify_reviews; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER appointments_completed_verify_reviews AFTER UPDATE OF status ON public.appointments FOR EACH ROW WHEN (((new.status = 'completed'::text) AND (old.status <> 'completed'::text) AND (new.patient_id IS NOT NULL))) EXECUTE FUNCTION public.reviews_verify_completed_visit();

--
-- Name: institutions fhir_counts_deleted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER fhir_counts_deleted BEFORE DELETE ON public.institutions FOR EACH ROW WHEN ((old.status = 'approved'::text)) EXECUTE FUNCTION public.fhir_counts_institution_changed();

--
-- Name: professional_institutions fhir_counts_deleted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER fhir_counts_deleted AFTER DELETE ON public.professional_institutions FOR EACH ROW WHEN ((old.status = 'confirmed'::text)) EXECUTE FUNCTION public.fhir_counts_affiliation_changed();

--
-- Name: professionals fhir_counts_deleted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER fhir_counts_deleted BEFORE DELETE ON public.professionals FOR EACH ROW WHEN ((old.status = 'approved'::text)) EXECUTE FUNCTION public.fhir_counts_professional_changed();

--
-- Name: professional_institutions fhir_counts_inserted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER fhir_counts_inserted AFTER INSERT ON public.professional_institutions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.fhir_counts_affiliations_inserted();

--
-- Name: professionals fhir_counts_inserted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER fhir_counts_inserted AFTER INSERT ON public.professionals REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.fhir_counts_professionals_inserted();

--
-- Name: institutions fhir_counts_truncated; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER fhir_counts_truncated AFTER TRUNCATE ON public.institutions FOR EACH STATEMENT EXECUTE FUNCTION public.fhir_counts_rebuild();

--
-- Name: professional_institutions fhir_counts_truncated; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER fhir_counts_truncated AFTER TRUNCATE ON public.professional_institutions FOR EACH STATEMENT EXECUTE FUNCTION public.fhir_counts_rebuild();

--
-- Name: professionals fhir_counts_truncated; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER fhir_counts_truncated AFTER TRUNCATE ON public.professionals FOR EACH STATEMENT EXECUTE FUNCTION public.fhir_counts_rebuild();

--
-- Name: institutions fhir_counts_updated; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER fhir_counts_updated AFTER UPDATE OF status ON public.institutions FOR EACH ROW WHEN ((old.status IS DISTINCT FROM new.status)) EXECUTE FUNCTION public.fhir_counts_institution_changed();

--
-- Name: professional_institutions fhir_counts_updated; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER fhir_counts_updated AFTER UPDATE OF status, professional_id, institution_id ON public.professional_institutions FOR EACH ROW WHEN (((old.status IS DISTINCT FROM new.status) OR (old.professional_id <> new.professional_id) OR (old.institution_id <> new.institution_id))) EXECUTE FUNCTION public.fhir_counts_affiliation_changed();

--
-- Name: professionals fhir_counts_updated; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER fhir_counts_updated AFTER UPDATE OF status, specialty, state ON public.professionals FOR EACH ROW WHEN (((old.status IS DISTINCT FROM new.status) OR (old.specialty IS DISTINCT FROM new.specialty) OR (old.state IS DISTINCT FROM new.state))) EXECUTE FUNCTION public.fhir_counts_professional_changed();

--
-- Name: outbox outbox_notify; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_notify AFTER INSERT ON public.outbox FOR EACH ROW EXECUTE FUNCTION public.outbox_notify();

--
-- Name: professionals professionals_licence_of_record; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER professionals_licence_of_record BEFORE INSERT OR UPDATE OF country_licenses, license_number ON public.professionals FOR EACH ROW EXECUTE FUNCTION public.professional_licence_of_record();

--
-- Name: care_facts provider_care_deleted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER provider_care_deleted AFTER DELETE ON public.care_facts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.provider_care_changed();

--
-- Name: provider_plans provider_care_deleted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER provider_care_deleted AFTER DELETE ON public.provider_plans REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.provider_care_changed();

--
-- Name: care_facts provider_care_inserted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER provider_care_inserted AFTER INSERT ON public.care_facts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.provider_care_changed();

--
-- Name: provider_plans provider_care_inserted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER provider_care_inserted AFTER INSERT ON public.provider_plans REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.provider_care_changed();

--
-- Name: care_facts provider_care_truncated; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER provider_care_truncated AFTER TRUNCATE ON public.care_facts FOR EACH STATEMENT EXECUTE FUNCTION public.provider_care_truncated();

--
-- Name: provider_plans provider_care_truncated; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER provider_care_truncated AFTER TRUNCATE ON public.provider_plans FOR EACH STATEMENT EXECUTE FUNCTION public.provider_care_truncated();

--
-- Name: care_facts provider_care_updated; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER provider_care_updated AFTER UPDATE ON public.care_facts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.provider_care_changed();

--
-- Name: provider_plans provider_care_updated; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER provider_care_updated AFTER UPDATE ON public.provider_plans REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.provider_care_changed();

--
-- Name: search_documents search_documents_bodies_deleted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER search_documents_bodies_deleted AFTER DELETE ON public.search_documents REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION public.search_documents_bodies_deleted();

--
-- Name: search_documents search_documents_bodies_truncated; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER search_documents_bodies_truncated AFTER TRUNCATE ON public.search_documents FOR EACH STATEMENT EXECUTE FUNCTION public.search_documents_bodies_truncated();

--
-- Name: search_documents search_documents_cell_pairs; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER search_documents_cell_pairs AFTER INSERT OR DELETE OR UPDATE ON public.search_documents FOR EACH ROW WHEN ((current_setting('ilera.search_bulk'::text, true) IS DISTINCT FROM 'on'::text)) EXECUTE FUNCTION public.search_documents_cell_pairs();

--
-- Name: search_documents search_documents_cells; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER search_documents_cells AFTER INSERT OR DELETE OR UPDATE ON public.search_documents FOR EACH ROW WHEN ((current_setting('ilera.search_bulk'::text, true) IS DISTINCT FROM 'on'::text)) EXECUTE FUNCTION public.search_documents_cells();

--
-- Name: search_documents search_documents_changed_del; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER search_documents_changed_del AFTER DELETE ON public.search_documents REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.search_documents_changed();

--
-- Name: search_documents search_documents_changed_ins; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER search_documents_changed_ins AFTER INSERT ON public.search_documents REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.search_documents_changed();

--
-- Name: search_documents search_documents_changed_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER search_documents_changed_truncate AFTER TRUNCATE ON public.search_documents FOR EACH STATEMENT EXECUTE FUNCTION public.search_documents_changed_truncate();

--
-- Name: search_documents search_documents_changed_upd; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER search_documents_changed_upd AFTER UPDATE ON public.search_documents REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.search_documents_changed();

--
-- Name: search_documents search_documents_cube; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER search_documents_cube AFTER INSERT OR DELETE OR UPDATE ON public.search_documents FOR EACH ROW WHEN ((current_setting('ilera.search_bulk'::text, true) IS DISTINCT FROM 'on'::text)) EXECUTE FUNCTION public.search_documents_cube();

--
-- Name: search_documents search_documents_cube_days; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER search_documents_cube_days AFTER INSERT OR DELETE OR UPDATE ON public.search_documents FOR EACH ROW WHEN ((current_setting('ilera.search_bulk'::text, true) IS DISTINCT FROM 'on'::text)) EXECUTE FUNCTION public.search_documents_cube_days();

--
-- Name: search_documents search_documents_generation; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER search_documents_generation AFTER INSERT OR DELETE OR UPDATE ON public.search_documents FOR EACH ROW WHEN ((current_setting('ilera.search_bulk'::text, true) IS DISTINCT FROM 'on'::text)) EXECUTE FUNCTION public.search_documents_generation();

--
-- Name: search_documents search_documents_tag_pairs; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER search_documents_tag_pairs AFTER INSERT OR DELETE OR UPDATE ON public.search_documents FOR EACH ROW WHEN ((current_setting('ilera.search_bulk'::text, true) IS DISTINCT FROM 'on'::text)) EXECUTE FUNCTION public.search_documents_tag_pairs();

--
-- Name: search_documents search_documents_truncated; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER search_documents_truncated AFTER TRUNCATE ON public.search_documents FOR EACH STATEMENT EXECUTE FUNCTION public.search_documents_truncated();

--
-- Name: users users_return_listing; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER users_return_listing BEFORE DELETE ON public.users FOR EACH ROW EXECUTE FUNCTION public.return_listing_to_register();

--
-- Name: appointments appointments_institution_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.appointments
    ADD CONSTRAINT appointments_institution_id_fkey FOREIGN KEY (institution_id) REFERENCES public.institutions(id) ON DELETE CASCADE;

--
-- Name: appointments appointments_patient_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.appointments
    ADD CONSTRAINT appointments_patient_id_fkey FOREIGN KEY (patient_id) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: appointments appointments_professional_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.appointments
    ADD CONSTRAINT appointments_professional_id_fkey FOREIGN KEY (professional_id) REFERENCES public.professionals(id) ON DELETE CASCADE;

--
-- Name: audit_log audit_log_admin_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.audit_log
    ADD CONSTRAINT audit_log_admin_id_fkey FOREIGN KEY (admin_id) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: care_facts care_facts_institution_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.care_facts
    ADD CONSTRAINT care_facts_institution_id_fkey FOREIGN KEY (institution_id) REFERENCES public.institutions(id) ON DELETE CASCADE;

--
-- Name: care_facts care_facts_professional_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.care_facts
    ADD CONSTRAINT care_facts_professional_id_fkey FOREIGN KEY (professional_id) REFERENCES public.professionals(id) ON DELETE CASCADE;

--
-- Name: care_reports care_reports_appointment_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.care_reports
    ADD CONSTRAINT care_reports_appointment_id_fkey FOREIGN KEY (appointment_id) REFERENCES public.appointments(id) ON DELETE SET NULL;

--
-- Name: care_reports care_reports_institution_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.care_reports
    ADD CONSTRAINT care_reports_institution_id_fkey FOREIGN KEY (institution_id) REFERENCES public.institutions(id) ON DELETE CASCADE;

--
-- Name: care_reports care_reports_patient_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.care_reports
    ADD CONSTRAINT care_reports_patient_id_fkey FOREIGN KEY (patient_id) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: care_reports care_reports_payer_slug_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.care_reports
    ADD CONSTRAINT care_reports_payer_slug_fkey FOREIGN KEY (payer_slug) REFERENCES public.payers(slug) ON UPDATE CASCADE ON DELETE SET NULL;

--
-- Name: care_reports care_reports_professional_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.care_reports
    ADD CONSTRAINT care_reports_professional_id_fkey FOREIGN KEY (professional_id) REFERENCES public.professionals(id) ON DELETE CASCADE;

--
-- Name: care_suggestions care_suggestions_decided_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.care_suggestions
    ADD CONSTRAINT care_suggestions_decided_by_fkey FOREIGN KEY (decided_by) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: care_suggestions care_suggestions_institution_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.care_suggestions
    ADD CONSTRAINT care_suggestions_institution_id_fkey FOREIGN KEY (institution_id) REFERENCES public.institutions(id) ON DELETE CASCADE;

--
-- Name: care_suggestions care_suggestions_professional_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.care_suggestions
    ADD CONSTRAINT care_suggestions_professional_id_fkey FOREIGN KEY (professional_id) REFERENCES public.professionals(id) ON DELETE CASCADE;

--
-- Name: care_suggestions care_suggestions_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.care_suggestions
    ADD CONSTRAINT care_suggestions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: institution_claims institution_claims_claimant_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.institution_claims
    ADD CONSTRAINT institution_claims_claimant_user_id_fkey FOREIGN KEY (claimant_user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: institution_claims institution_claims_decided_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.institution_claims
    ADD CONSTRAINT institution_claims_decided_by_fkey FOREIGN KEY (decided_by) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: institution_claims institution_claims_institution_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.institution_claims
    ADD CONSTRAINT institution_claims_institution_id_fkey FOREIGN KEY (institution_id) REFERENCES public.institutions(id) ON DELETE CASCADE;

--
-- Name: institutions institutions_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.institutions
    ADD CONSTRAINT institutions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: licence_notices licence_notices_institution_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.licence_notices
    ADD CONSTRAINT licence_notices_institution_id_fkey FOREIGN KEY (institution_id) REFERENCES public.institutions(id) ON DELETE CASCADE;

--
-- Name: licence_notices licence_notices_professional_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.licence_notices
    ADD CONSTRAINT licence_notices_professional_id_fkey FOREIGN KEY (professional_id) REFERENCES public.professionals(id) ON DELETE CASCADE;

--
-- Name: network_imports network_imports_payer_slug_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.network_imports
    ADD CONSTRAINT network_imports_payer_slug_fkey FOREIGN KEY (payer_slug) REFERENCES public.payers(slug) ON UPDATE CASCADE ON DELETE CASCADE;

--
-- Name: password_reset_tokens password_reset_tokens_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.password_reset_tokens
    ADD CONSTRAINT password_reset_tokens_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: professional_institutions professional_institutions_institution_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.professional_institutions
    ADD CONSTRAINT professional_institutions_institution_id_fkey FOREIGN KEY (institution_id) REFERENCES public.institutions(id) ON DELETE CASCADE;

--
-- Name: professional_institutions professional_institutions_professional_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.professional_institutions
    ADD CONSTRAINT professional_institutions_professional_id_fkey FOREIGN KEY (professional_id) REFERENCES public.professionals(id) ON DELETE CASCADE;

--
-- Name: professionals professionals_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.professionals
    ADD CONSTRAINT professionals_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: provider_care provider_care_institution_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.provider_care
    ADD CONSTRAINT provider_care_institution_id_fkey FOREIGN KEY (institution_id) REFERENCES public.institutions(id) ON DELETE CASCADE;

--
-- Name: provider_care provider_care_professional_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.provider_care
    ADD CONSTRAINT provider_care_professional_id_fkey FOREIGN KEY (professional_id) REFERENCES public.professionals(id) ON DELETE CASCADE;

--
-- Name: provider_plans provider_plans_institution_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.provider_plans
    ADD CONSTRAINT provider_plans_institution_id_fkey FOREIGN KEY (institution_id) REFERENCES public.institutions(id) ON DELETE CASCADE;

--
-- Name: provider_plans provider_plans_payer_slug_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.provider_plans
    ADD CONSTRAINT provider_plans_payer_slug_fkey FOREIGN KEY (payer_slug) REFERENCES public.payers(slug) ON UPDATE CASCADE ON DELETE CASCADE;

--
-- Name: provider_plans provider_plans_professional_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.provider_plans
    ADD CONSTRAINT provider_plans_professional_id_fkey FOREIGN KEY (professional_id) REFERENCES public.professionals(id) ON DELETE CASCADE;

--
-- Name: register_listings register_listings_institution_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.register_listings
    ADD CONSTRAINT register_listings_institution_id_fkey FOREIGN KEY (institution_id) REFERENCES public.institutions(id) ON DELETE CASCADE;

--
-- Name: review_replies review_replies_author_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.review_replies
    ADD CONSTRAINT review_replies_author_id_fkey FOREIGN KEY (author_id) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: review_replies review_replies_review_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.review_replies
    ADD CONSTRAINT review_replies_review_id_fkey FOREIGN KEY (review_id) REFERENCES public.reviews(id) ON DELETE CASCADE;

--
-- Name: review_reports review_reports_reporter_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.review_reports
    ADD CONSTRAINT review_reports_reporter_id_fkey FOREIGN KEY (reporter_id) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: review_reports review_reports_resolved_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.review_reports
    ADD CONSTRAINT review_reports_resolved_by_fkey FOREIGN KEY (resolved_by) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: review_reports review_reports_review_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.review_reports
    ADD CONSTRAINT review_reports_review_id_fkey FOREIGN KEY (review_id) REFERENCES public.reviews(id) ON DELETE CASCADE;

--
-- Name: reviews reviews_hidden_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reviews
    ADD CONSTRAINT reviews_hidden_by_fkey FOREIGN KEY (hidden_by) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: reviews reviews_institution_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reviews
    ADD CONSTRAINT reviews_institution_id_fkey FOREIGN KEY (institution_id) REFERENCES public.institutions(id) ON DELETE CASCADE;

--
-- Name: reviews reviews_professional_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reviews
    ADD CONSTRAINT reviews_professional_id_fkey FOREIGN KEY (professional_id) REFERENCES public.professionals(id) ON DELETE CASCADE;

--
-- Name: reviews reviews_reviewer_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reviews
    ADD CONSTRAINT reviews_reviewer_id_fkey FOREIGN KEY (reviewer_id) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: saved_providers saved_providers_institution_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.saved_providers
    ADD CONSTRAINT saved_providers_institution_id_fkey FOREIGN KEY (institution_id) REFERENCES public.institutions(id) ON DELETE CASCADE;

--
-- Name: saved_providers saved_providers_professional_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.saved_providers
    ADD CONSTRAINT saved_providers_professional_id_fkey FOREIGN KEY (professional_id) REFERENCES public.professionals(id) ON DELETE CASCADE;

--
-- Name: saved_providers saved_providers_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.saved_providers
    ADD CONSTRAINT saved_providers_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: search_cube_days search_cube_days_key_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.search_cube_days
    ADD CONSTRAINT search_cube_days_key_id_fkey FOREIGN KEY (key_id) REFERENCES public.search_cube_keys(id);

--
-- Name: search_cube search_cube_key_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.search_cube
    ADD CONSTRAINT search_cube_key_id_fkey FOREIGN KEY (key_id) REFERENCES public.search_cube_keys(id);

--
-- Name: search_documents search_documents_key_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.search_documents
    ADD CONSTRAINT search_documents_key_id_fkey FOREIGN KEY (key_id) REFERENCES public.search_cube_keys(id);

--
-- Name: text_messages text_messages_appointment_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.text_messages
    ADD CONSTRAINT text_messages_appointment_id_fkey FOREIGN KEY (appointment_id) REFERENCES public.appointments(id) ON DELETE SET NULL;

--
-- Name: time_off time_off_institution_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.time_off
    ADD CONSTRAINT time_off_institution_id_fkey FOREIGN KEY (institution_id) REFERENCES public.institutions(id) ON DELETE CASCADE;

--
-- Name: time_off time_off_professional_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.time_off
    ADD CONSTRAINT time_off_professional_id_fkey FOREIGN KEY (professional_id) REFERENCES public.professionals(id) ON DELETE CASCADE;

--
-- Name: translation_suggestions translation_suggestions_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.translation_suggestions
    ADD CONSTRAINT translation_suggestions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: user_passwords user_passwords_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_passwords
    ADD CONSTRAINT user_passwords_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: users users_my_plan_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_my_plan_fkey FOREIGN KEY (my_plan) REFERENCES public.payers(slug) ON UPDATE CASCADE ON DELETE SET NULL;

--
-- PostgreSQL database dump complete
--
