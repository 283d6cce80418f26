-- Licences behind the "Verified" badge (issue 18, decision 011).
--
-- A professional's licences stay in `country_licenses` (one entry per country of
-- practice: country, licenseNumber, and now council, expiresOn, verifiedAt,
-- verifiedBy). `is_verified` is kept from them by the API and the licence job:
-- a Nigerian licence an administrator verified that has not expired.
-- `licence_renewal_pending`: every Nigerian licence has expired, so no new
-- bookings until one is renewed (appointments already made stay).
ALTER TABLE professionals ADD COLUMN licence_renewal_pending boolean NOT NULL DEFAULT false;

-- One row per expiry mail sent (30 days, 7 days, expired) for one licence as it
-- then stood: the job inserts before it mails, so a second run sends nothing, and
-- a renewed licence (new number or expiry date) gets its own mails.
CREATE TABLE licence_notices (
  professional_id integer NOT NULL REFERENCES professionals (id) ON DELETE CASCADE,
  country         text NOT NULL,
  license_number  text NOT NULL,
  expires_on      date NOT NULL,
  kind            text NOT NULL CHECK (kind IN ('expires-30', 'expires-7', 'expired')),
  sent_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (professional_id, country, license_number, expires_on, kind)
);

-- Until now approval alone set the badge, and no licence was ever checked against
-- a council's register: a badge without a verified Nigerian licence is cleared, and
-- the search index hears of each change through the outbox. The rule is written once
-- as a function for both kinds of provider: 016 calls it for institutions and drops it.
CREATE FUNCTION clear_unbacked_badges(tbl text, licences text, topic text) RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format($q$
    WITH cleared AS (
      UPDATE %1$I p SET is_verified = false, updated_at = now()
      WHERE p.is_verified AND NOT EXISTS (
        SELECT 1 FROM jsonb_array_elements(p.%2$I) l
        WHERE l->>'country' = 'Nigeria' AND coalesce(l->>'verifiedAt', '') <> '')
      RETURNING p.id)
    INSERT INTO outbox (topic, payload) SELECT %3$L, jsonb_build_object('id', id) FROM cleared$q$,
    tbl, licences, topic);
END
$fn$;

SELECT clear_unbacked_badges('professionals', 'country_licenses', 'search.professional');
