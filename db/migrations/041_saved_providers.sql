-- "Saved providers" (issue 35, decision 035): a patient's bookmarks of professionals and
-- institutions, kept on the server so that they follow the account to another phone (the
-- service worker keeps a copy on the device for offline reading). One row a bookmark;
-- deleting the account or the profile deletes the bookmark.
CREATE TABLE saved_providers (
  user_id         text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  professional_id integer REFERENCES professionals (id) ON DELETE CASCADE,
  institution_id  integer REFERENCES institutions (id) ON DELETE CASCADE,
  created_at      timestamptz NOT NULL DEFAULT now(),
  CHECK ((professional_id IS NULL) <> (institution_id IS NULL))
);
CREATE UNIQUE INDEX saved_providers_professional_key ON saved_providers (user_id, professional_id) WHERE professional_id IS NOT NULL;
CREATE UNIQUE INDEX saved_providers_institution_key ON saved_providers (user_id, institution_id) WHERE institution_id IS NOT NULL;
-- The foreign keys' deletes look rows up by provider.
CREATE INDEX saved_providers_professional_idx ON saved_providers (professional_id) WHERE professional_id IS NOT NULL;
CREATE INDEX saved_providers_institution_idx ON saved_providers (institution_id) WHERE institution_id IS NOT NULL;
