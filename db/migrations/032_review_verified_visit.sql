-- Issue 34, PRODUCT.md D19: "Verified visit" is recorded when a review is written, not worked out
-- when it is read. Read time asked whether the reviewer has a completed appointment with the provider;
-- once the reviewer deletes their account (D21) their appointments lose patient_id and the badge
-- vanished from a review that was verified when written. The API sets the column on every write
-- of a review and when an appointment of its reviewer with that provider is completed.
ALTER TABLE reviews ADD COLUMN verified_visit boolean NOT NULL DEFAULT false;

-- Existing reviews: today's rule, once. A review whose author was already deleted cannot be
-- checked any more and stays unverified, as it was shown.
UPDATE reviews r SET verified_visit = true
WHERE r.reviewer_id IS NOT NULL AND EXISTS (
  SELECT 1 FROM appointments a
  WHERE a.patient_id = r.reviewer_id AND a.status = 'completed'
    AND (a.professional_id = r.professional_id OR a.institution_id = r.institution_id));

-- A visit completed after its patient reviewed the provider verifies that review, as the read-time
-- rule did. Only a change of status to completed fires it (the seed's COPY of appointments inserts).
CREATE FUNCTION reviews_verify_completed_visit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE reviews r SET verified_visit = true
  WHERE r.reviewer_id = NEW.patient_id AND NOT r.verified_visit
    AND (r.professional_id = NEW.professional_id OR r.institution_id = NEW.institution_id);
  RETURN NULL;
END $$;

CREATE TRIGGER appointments_completed_verify_reviews
  AFTER UPDATE OF status ON appointments
  FOR EACH ROW WHEN (NEW.status = 'completed' AND OLD.status <> 'completed' AND NEW.patient_id IS NOT NULL)
  EXECUTE FUNCTION reviews_verify_completed_visit();
