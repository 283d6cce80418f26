-- Issue 34, PRODUCT.md D27, decision 029: review moderation.
--
-- A hidden review stays in the table (nothing is silently deleted, as D5): it leaves the public
-- lists, the profile's rating and the search documents, and its author still sees it with the
-- reason. hidden_reason is what the author is shown; hidden_by/at say who and when (the audit
-- log keeps the full history of hide and restore).
ALTER TABLE reviews
  ADD COLUMN hidden_at     timestamptz,
  ADD COLUMN hidden_by     text REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN hidden_reason text CHECK (char_length(hidden_reason) <= 500),
  ADD CONSTRAINT reviews_hidden_has_reason CHECK ((hidden_at IS NULL) = (hidden_reason IS NULL));

-- Reports: one per account per review (the unique constraint decides between two simultaneous
-- reports). A report is open until a moderator hides the review or dismisses its reports;
-- `resolution` says which. A deleted reporter's report stays (reporter_id NULL): it was made.
-- The reasons are contracts' REVIEW_REPORT_REASONS; the check is the database's own guard.
CREATE TABLE review_reports (
  id          bigserial PRIMARY KEY,
  review_id   integer NOT NULL REFERENCES reviews (id) ON DELETE CASCADE,
  reporter_id text REFERENCES users (id) ON DELETE SET NULL,
  reason      text NOT NULL CHECK (reason IN ('spam', 'offensive', 'false', 'no_visit', 'private_information', 'other')),
  details     text CHECK (char_length(details) <= 500),
  created_at  timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  resolved_by text REFERENCES users (id) ON DELETE SET NULL,
  resolution  text CHECK (resolution IN ('hidden', 'dismissed')),
  CONSTRAINT review_reports_one_per_account UNIQUE (review_id, reporter_id),
  CHECK ((resolved_at IS NULL) = (resolution IS NULL))
);
-- The moderation queue: reviews with open reports, newest report first.
CREATE INDEX review_reports_open_idx ON review_reports (created_at DESC, review_id) WHERE resolved_at IS NULL;
CREATE INDEX review_reports_review_idx ON review_reports (review_id);
-- The hidden tab of the queue, newest first.
CREATE INDEX reviews_hidden_idx ON reviews (hidden_at DESC) WHERE hidden_at IS NOT NULL;

-- The provider's public reply: one per review (the primary key), written by the profile's owner.
CREATE TABLE review_replies (
  review_id  integer PRIMARY KEY REFERENCES reviews (id) ON DELETE CASCADE,
  author_id  text REFERENCES users (id) ON DELETE SET NULL,
  body       text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now()
);
