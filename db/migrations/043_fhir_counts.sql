-- The FHIR directory's totals and pages at 500,000 professionals (issue 37, decision 033).
--
-- An exact Bundle.total was a count over every match: 0.7 s for PractitionerRole?specialty=
-- Cardiology at 100,000 professionals, a join of the professionals, their affiliations and the
-- institutions. `fhir_counts` keeps, per specialty and state, how many approved professionals
-- there are ('professional': a Practitioner and its own-practice PractitionerRole each), and per
-- specialty how many confirmed affiliations join an approved professional to an approved
-- institution ('affiliation': the other PractitionerRoles). A search whose criteria are only on
-- those columns (Practitioner: specialty, address-state, active; PractitionerRole: specialty,
-- active) sums the rows its criteria keep, the same SQL predicates applied to the same values
-- (fhir.repo.ts): a few dozen rows instead of up to 100,000 matches.
--
-- Kept exact by triggers, in the writing transaction (no lag, no job): inserts per statement
-- (a seed's COPY is one aggregate), status, specialty and state changes per row (a WHEN skips
-- every other update, e.g. next_slot_at), deletes BEFORE the row goes (an account deletion cascades
-- to the affiliations, which then no longer find their professional). Every trigger takes one
-- transaction-level advisory lock before it reads: an approval and a concurrent affiliation
-- change would otherwise each count from a snapshot without the other (READ COMMITTED, as the app
-- runs). TRUNCATE recounts. fhir_counts_recount() is the definition; a test compares the table
-- with it after every kind of change.

CREATE TABLE fhir_counts (
  kind      text NOT NULL CHECK (kind IN ('professional', 'affiliation')),
  specialty text NOT NULL,
  -- The professional's state as written ('affiliation' rows: NULL, roles have no state parameter).
  state     text,
  n         integer NOT NULL,
  CONSTRAINT fhir_counts_key UNIQUE NULLS NOT DISTINCT (kind, specialty, state)
);

-- What fhir_counts holds, counted from the tables.
CREATE FUNCTION fhir_counts_recount() RETURNS TABLE (kind text, specialty text, state text, n integer)
LANGUAGE sql STABLE AS $$
  SELECT 'professional', p.specialty, p.state, count(*)::int
  FROM professionals p WHERE p.status = 'approved' GROUP BY p.specialty, p.state
  UNION ALL
  SELECT 'affiliation', p.specialty, NULL, count(*)::int
  FROM professional_institutions pi
  JOIN professionals p ON p.id = pi.professional_id AND p.status = 'approved'
  JOIN institutions i ON i.id = pi.institution_id AND i.status = 'approved'
  WHERE pi.status = 'confirmed' GROUP BY p.specialty
$$;

CREATE FUNCTION fhir_counts_lock() RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtext('fhir_counts'))
$$;

-- Adds deltas (kind, specialty, state, d), in key order (two writers never wait on each other crosswise).
CREATE FUNCTION fhir_counts_add(deltas jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO fhir_counts AS c (kind, specialty, state, n)
  SELECT x.kind, x.specialty, x.state, sum(x.d)::int
  FROM jsonb_to_recordset(deltas) AS x(kind text, specialty text, state text, d integer)
  GROUP BY x.kind, x.specialty, x.state HAVING sum(x.d) <> 0
  ORDER BY x.kind, x.specialty, x.state
  ON CONFLICT ON CONSTRAINT fhir_counts_key DO UPDATE SET n = c.n + EXCLUDED.n
$$;

CREATE FUNCTION fhir_counts_rebuild() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fhir_counts_lock();
  DELETE FROM fhir_counts;
  INSERT INTO fhir_counts (kind, specialty, state, n) SELECT * FROM fhir_counts_recount();
  RETURN NULL;
END $$;

-- ---------------------------------------------------------------- professionals

CREATE FUNCTION fhir_counts_professionals_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
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

-- An update of status, specialty or state (the trigger's WHEN), or a delete (OLD only).
CREATE FUNCTION fhir_counts_professional_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE TRIGGER fhir_counts_inserted AFTER INSERT ON professionals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fhir_counts_professionals_inserted();
CREATE TRIGGER fhir_counts_updated AFTER UPDATE OF status, specialty, state ON professionals FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.specialty IS DISTINCT FROM NEW.specialty OR OLD.state IS DISTINCT FROM NEW.state)
  EXECUTE FUNCTION fhir_counts_professional_changed();
CREATE TRIGGER fhir_counts_deleted BEFORE DELETE ON professionals FOR EACH ROW
  WHEN (OLD.status = 'approved') EXECUTE FUNCTION fhir_counts_professional_changed();
CREATE TRIGGER fhir_counts_truncated AFTER TRUNCATE ON professionals FOR EACH STATEMENT EXECUTE FUNCTION fhir_counts_rebuild();

-- ---------------------------------------------------------------- affiliations

CREATE FUNCTION fhir_counts_affiliations_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
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

-- An affiliation's status or ends changed, or it was deleted. A deleted professional's or institution's
-- own BEFORE DELETE already took its affiliations off; their cascaded deletes find it gone and count nothing.
CREATE FUNCTION fhir_counts_affiliation_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE TRIGGER fhir_counts_inserted AFTER INSERT ON professional_institutions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fhir_counts_affiliations_inserted();
CREATE TRIGGER fhir_counts_updated AFTER UPDATE OF status, professional_id, institution_id ON professional_institutions FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.professional_id <> NEW.professional_id OR OLD.institution_id <> NEW.institution_id)
  EXECUTE FUNCTION fhir_counts_affiliation_changed();
CREATE TRIGGER fhir_counts_deleted AFTER DELETE ON professional_institutions FOR EACH ROW
  WHEN (OLD.status = 'confirmed') EXECUTE FUNCTION fhir_counts_affiliation_changed();
CREATE TRIGGER fhir_counts_truncated AFTER TRUNCATE ON professional_institutions FOR EACH STATEMENT EXECUTE FUNCTION fhir_counts_rebuild();

-- ---------------------------------------------------------------- institutions

-- An institution's approval changed, or it is being deleted: its confirmed affiliations with approved professionals.
CREATE FUNCTION fhir_counts_institution_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE TRIGGER fhir_counts_updated AFTER UPDATE OF status ON institutions FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION fhir_counts_institution_changed();
CREATE TRIGGER fhir_counts_deleted BEFORE DELETE ON institutions FOR EACH ROW
  WHEN (OLD.status = 'approved') EXECUTE FUNCTION fhir_counts_institution_changed();
CREATE TRIGGER fhir_counts_truncated AFTER TRUNCATE ON institutions FOR EACH STATEMENT EXECUTE FUNCTION fhir_counts_rebuild();

INSERT INTO fhir_counts (kind, specialty, state, n) SELECT * FROM fhir_counts_recount();

-- Pages of a specialty (Practitioner?specialty=...&address-state=..., PractitionerRole?specialty=...)
-- walk this in id order (the keyset order) instead of the whole primary key: the state is a filter
-- on the rows read (its word-prefix match is no index's), the affiliations a nested loop per professional.
CREATE INDEX professionals_fhir_specialty_idx ON professionals (lower(specialty), id) WHERE status = 'approved';
-- The planner's estimate of a specialty's rows (an expression's own statistics; the partial index
-- gathers none): without it every lower(specialty) = x was guessed at 0.5 % of the table, and a
-- specialty that names nothing, or an OR of two, was walked along the whole primary key (3.5 s at
-- 500,000 for "ENT (Ear" OR "Nose & Throat)", an unescaped comma) instead of the index (0.3 ms).
CREATE STATISTICS professionals_lower_specialty_stats ON (lower(specialty)) FROM professionals;
ANALYZE professionals;
