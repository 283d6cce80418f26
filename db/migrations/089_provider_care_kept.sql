-- Issue 47 (decision 065): a provider's stored care facts kept ready as one json value, written by triggers on
-- care_facts and provider_plans, so that a profile read (and findCareRows: FHIR, emergency, USSD) joins one row
-- instead of reading care_facts and aggregating provider_plans on every read (api/src/modules/care/care.repo.ts).
--
-- facts holds exactly what those reads built from the two tables: care_facts' groups with their setters and
-- confirmations, and the active plans (not withdrawn; one per payer and plan whatever their sources, primary if
-- any row says so). Nothing time-dependent is kept: the services and a professional's consultation fee are the
-- provider's own columns, and the public holidays' window and the patients' report totals are read at each read,
-- as "open now" is worked out in the API at each read.
--
-- Every write path goes through the triggers (an owner's or admin's edit, a payer network's import, the seed's
-- COPY, a payer renamed or deleted by its foreign keys' cascades, TRUNCATE): none can leave facts stale. A provider
-- with neither facts nor plans has no row (the reads take none as every fact unset, no plans).
CREATE TABLE provider_care (
  professional_id integer UNIQUE REFERENCES professionals (id) ON DELETE CASCADE,
  institution_id  integer UNIQUE REFERENCES institutions (id) ON DELETE CASCADE,
  facts           json NOT NULL,
  CHECK (num_nonnulls(professional_id, institution_id) = 1)
);

-- Refreshes the rows of these providers (ids of providers that no longer exist are skipped). A provider without a
-- row gets one with its facts in one INSERT: a second transaction inserting the same provider waits for the first
-- to end and then finds the row there. A provider with a row has it locked first and then read into it by a
-- statement of its own, so under READ COMMITTED the second of two writers of one provider reads what the first
-- committed (a later statement, a new snapshot); under REPEATABLE READ it fails to serialize rather than keep what
-- its snapshot saw. The statements are planned for their ids each time (EXECUTE): one owner's edit looks its
-- provider up by index, a seed's 40,000 providers join by hash, also while a bulk load has the tables' secondary
-- indexes dropped (db/src/bulk-load.ts). A row whose facts come out the same is not written again (a reminder's
-- reminded_at, an import re-confirming nothing a reader sees).
CREATE FUNCTION provider_care_refresh(professional_ids integer[], institution_ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
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
END $$;

-- After each statement writing care_facts or provider_plans (one trigger per event: a trigger with transition
-- tables fires on one event), the providers of its old and new rows.
CREATE FUNCTION provider_care_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
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

-- TRUNCATE of either table: every kept row again.
CREATE FUNCTION provider_care_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM provider_care_refresh(
    (SELECT array_agg(professional_id) FROM provider_care WHERE professional_id IS NOT NULL),
    (SELECT array_agg(institution_id) FROM provider_care WHERE institution_id IS NOT NULL));
  RETURN NULL;
END $$;

CREATE TRIGGER provider_care_inserted AFTER INSERT ON care_facts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION provider_care_changed();
CREATE TRIGGER provider_care_updated AFTER UPDATE ON care_facts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION provider_care_changed();
CREATE TRIGGER provider_care_deleted AFTER DELETE ON care_facts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION provider_care_changed();
CREATE TRIGGER provider_care_truncated AFTER TRUNCATE ON care_facts
  FOR EACH STATEMENT EXECUTE FUNCTION provider_care_truncated();
CREATE TRIGGER provider_care_inserted AFTER INSERT ON provider_plans REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION provider_care_changed();
CREATE TRIGGER provider_care_updated AFTER UPDATE ON provider_plans REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION provider_care_changed();
CREATE TRIGGER provider_care_deleted AFTER DELETE ON provider_plans REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION provider_care_changed();
CREATE TRIGGER provider_care_truncated AFTER TRUNCATE ON provider_plans
  FOR EACH STATEMENT EXECUTE FUNCTION provider_care_truncated();

-- The rows of the facts and plans already stored.
SELECT provider_care_refresh(
  ARRAY(SELECT professional_id FROM care_facts WHERE professional_id IS NOT NULL UNION SELECT professional_id FROM provider_plans WHERE professional_id IS NOT NULL),
  ARRAY(SELECT institution_id FROM care_facts WHERE institution_id IS NOT NULL UNION SELECT institution_id FROM provider_plans WHERE institution_id IS NOT NULL));
