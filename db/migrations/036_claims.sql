-- Issue 33 (D22, decision 031): claims of register listings.
--
-- A claimed listing belongs to its claimant's account. Deleting that account (decision 014) would
-- cascade to the institution row and take the national register's listing with it; instead the
-- listing goes back to the register, unclaimed: no owner, not bookable, without the claimant's
-- registrations (they were the claimant's, not the facility's record in the register).
CREATE FUNCTION return_listing_to_register() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE institutions i
  SET user_id = NULL, booking_mode = 'directory', registrations = '[]', is_verified = false,
      licence_renewal_pending = false, updated_at = now()
  WHERE i.user_id = OLD.id AND EXISTS (SELECT 1 FROM register_listings r WHERE r.institution_id = i.id);
  RETURN OLD;
END $$;

CREATE TRIGGER users_return_listing BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION return_listing_to_register();

-- A claimant's own claims (GET /api/claims).
CREATE INDEX institution_claims_claimant_idx ON institution_claims (claimant_user_id, created_at DESC);
