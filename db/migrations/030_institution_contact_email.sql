-- Issue 34 (PRODUCT.md D18, decision 028): an institution's `email` is its public contact
-- e-mail, set by the institution and empty by default, apart from the account's sign-in
-- e-mail, as a professional's contact_email is (014). Until now registration and the admin's
-- "Add user" copied the sign-in e-mail into it, and the search documents fell back to it.
--
-- A public e-mail that is an account's sign-in e-mail (whatever its letter case or spaces) is
-- cleared: the owner's own, copied there, and any other account's, which no page may show
-- either. A different address was typed by the institution and stays its contact e-mail.
-- The search index hears of each change through the outbox (the worker re-reads the row).
WITH cleared AS (
  UPDATE institutions i SET email = NULL, updated_at = now()
  WHERE i.email IS NOT NULL
    AND (btrim(i.email) = '' OR EXISTS (SELECT 1 FROM users u WHERE lower(u.email) = lower(btrim(i.email))))
  RETURNING i.id)
INSERT INTO outbox (topic, payload) SELECT 'search.institution', jsonb_build_object('id', id) FROM cleared;
