-- Institutions' registrations behind their "Verified" badge (issue 18, decision 011's addendum).
--
-- An institution's registrations are the same records as a professional's licences
-- (country, licenseNumber, council = the issuing body, expiresOn, verifiedAt,
-- verifiedBy), one per country, and give `is_verified` and `licence_renewal_pending`
-- by the same rule: a Nigerian registration an administrator verified that has not
-- expired; every Nigerian registration expired.
ALTER TABLE institutions
  ADD COLUMN registrations jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN licence_renewal_pending boolean NOT NULL DEFAULT false;

-- Expiry mails for institutions' registrations are kept in the same table: each row
-- belongs to one professional or one institution.
ALTER TABLE licence_notices DROP CONSTRAINT licence_notices_pkey;
ALTER TABLE licence_notices ALTER COLUMN professional_id DROP NOT NULL;
ALTER TABLE licence_notices ADD COLUMN institution_id integer REFERENCES institutions (id) ON DELETE CASCADE;
ALTER TABLE licence_notices ADD CONSTRAINT licence_notices_one_provider
  CHECK ((professional_id IS NULL) <> (institution_id IS NULL));
CREATE UNIQUE INDEX licence_notices_professional_once
  ON licence_notices (professional_id, country, license_number, expires_on, kind) WHERE professional_id IS NOT NULL;
CREATE UNIQUE INDEX licence_notices_institution_once
  ON licence_notices (institution_id, country, license_number, expires_on, kind) WHERE institution_id IS NOT NULL;

-- Until now approval alone set an institution's badge and no registration was ever
-- recorded: a badge that no verified Nigerian registration backs is cleared, and the
-- search index hears of each change through the outbox, by the rule 012 wrote for
-- professionals (its function, dropped once both kinds have run it).
SELECT clear_unbacked_badges('institutions', 'registrations', 'search.institution');
DROP FUNCTION clear_unbacked_badges(text, text, text);
