-- One licence number for a professional (issue 48, D43 of the spec audit; decision 042).
--
-- `license_number` (profile setup's "License Number", spec D2) was kept apart from the licences of
-- `country_licenses` (one per country of practice, the Nigerian one verified by an administrator):
-- two numbers that could disagree, the second changing nothing visible. From now on it is the licence
-- of record, kept by the database itself: the Nigerian licence's number, else the first licence's.
-- Only a professional with no licence at all (a patient who set up a profile) keeps a number of its
-- own there, the only one they have. Every writer (registration, admin add-user, profile edits, the
-- Countries dialog, imports, the demo seed) goes through this trigger.
CREATE FUNCTION professional_licence_of_record() RETURNS trigger
LANGUAGE plpgsql AS $fn$
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
$fn$;

CREATE TRIGGER professionals_licence_of_record
  BEFORE INSERT OR UPDATE OF country_licenses, license_number ON professionals
  FOR EACH ROW EXECUTE FUNCTION professional_licence_of_record();

-- The professionals whose two numbers disagree today take the licence of record.
UPDATE professionals SET license_number = license_number
WHERE license_number IS DISTINCT FROM coalesce(
  (SELECT nullif(btrim(l->>'licenseNumber'), '') FROM jsonb_array_elements(country_licenses) WITH ORDINALITY AS t(l, n)
   WHERE nullif(btrim(l->>'licenseNumber'), '') IS NOT NULL ORDER BY (l->>'country' = 'Nigeria') DESC, n LIMIT 1),
  license_number);
