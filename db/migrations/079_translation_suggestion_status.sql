-- Issue 50 (decision 046): an administrator marks a translation suggestion done (its words taken into the
-- catalogue) or dismissed; open until then. Who marked it and when is in the activity log (audit_log), like
-- every admin action; the row keeps the status and when.
ALTER TABLE translation_suggestions
  ADD COLUMN status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'done', 'dismissed')),
  ADD COLUMN decided_at timestamptz;
CREATE INDEX translation_suggestions_open_idx ON translation_suggestions (created_at DESC) WHERE status = 'open';
