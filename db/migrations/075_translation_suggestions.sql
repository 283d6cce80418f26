-- Issue 50 (decision 046): "Suggest a better translation", the link beside a Beta language. Anyone may
-- send one (signed in or not); administrators read them (GET /api/admin/translation-suggestions). The page
-- is the visitor's own address in the language (/ha/search?q=iba); `shown` the words they found wanting,
-- `suggestion` their better words. No contact details are asked for.
CREATE TABLE translation_suggestions (
  id         bigserial PRIMARY KEY,
  locale     text NOT NULL CHECK (locale IN ('ha', 'yo', 'ig', 'pcm')),
  page       text NOT NULL CHECK (length(page) BETWEEN 1 AND 500),
  shown      text CHECK (length(shown) BETWEEN 1 AND 1000),
  suggestion text NOT NULL CHECK (length(suggestion) BETWEEN 1 AND 1000),
  user_id    text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX translation_suggestions_created_idx ON translation_suggestions (created_at DESC);
