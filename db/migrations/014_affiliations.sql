-- Affiliations (PRODUCT.md D20): a professional asks to join an institution, the
-- institution confirms or declines, either side can end the link (the row goes).
-- Only confirmed links are shown on profiles, cards and in the index.
-- Rows written before this migration, and by the seed and imports, are links that
-- already exist, hence the default; the API writes 'pending' for every request.
ALTER TABLE professional_institutions
  ADD COLUMN status text NOT NULL DEFAULT 'confirmed' CHECK (status IN ('pending', 'confirmed', 'declined')),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD CONSTRAINT professional_institutions_role_length CHECK (char_length(role) <= 100);

-- An institution's waiting requests and a professional's links are read by dashboards.
CREATE INDEX professional_institutions_professional_idx ON professional_institutions (professional_id);

-- D18: a public contact e-mail, set by the professional and empty by default. The
-- account's sign-in e-mail is never shown publicly.
ALTER TABLE professionals
  ADD COLUMN contact_email text CHECK (char_length(contact_email) <= 254);
