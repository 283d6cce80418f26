-- Issue 17: working hours, time off, booking modes and the next free slot in the index.
-- Professionals and institutions behave alike: the same columns on both, one time-off table.

-- Weekly hours on D11's slot grid, Monday first: each day is ["HH:MM","HH:MM"] (first and last
-- slot offered, both on the grid) or null (not working). Default Monday to Friday, 09:00-16:30.
-- Booking mode: instant (confirmed at once), request (pending until the provider confirms),
-- directory (no online booking). Constant defaults: adding the columns rewrites no row.
ALTER TABLE professionals
  ADD COLUMN booking_mode text NOT NULL DEFAULT 'request' CHECK (booking_mode IN ('instant', 'request', 'directory')),
  ADD COLUMN working_hours jsonb NOT NULL
    DEFAULT '[["09:00","16:30"],["09:00","16:30"],["09:00","16:30"],["09:00","16:30"],["09:00","16:30"],null,null]'
    CHECK (jsonb_typeof(working_hours) = 'array' AND jsonb_array_length(working_hours) = 7);
ALTER TABLE institutions
  ADD COLUMN booking_mode text NOT NULL DEFAULT 'request' CHECK (booking_mode IN ('instant', 'request', 'directory')),
  ADD COLUMN working_hours jsonb NOT NULL
    DEFAULT '[["09:00","16:30"],["09:00","16:30"],["09:00","16:30"],["09:00","16:30"],["09:00","16:30"],null,null]'
    CHECK (jsonb_typeof(working_hours) = 'array' AND jsonb_array_length(working_hours) = 7);

-- Dated time off (holidays, leave), whole Lagos days from start_date to end_date inclusive.
CREATE TABLE time_off (
  id              serial PRIMARY KEY,
  professional_id integer REFERENCES professionals (id) ON DELETE CASCADE,
  institution_id  integer REFERENCES institutions (id) ON DELETE CASCADE,
  start_date      date NOT NULL,
  end_date        date NOT NULL,
  note            text CHECK (char_length(note) <= 200),
  created_at      timestamptz NOT NULL DEFAULT now(),
  CHECK ((professional_id IS NULL) <> (institution_id IS NULL)),
  CHECK (end_date >= start_date)
);
CREATE INDEX time_off_professional_idx ON time_off (professional_id, end_date) WHERE professional_id IS NOT NULL;
CREATE INDEX time_off_institution_idx ON time_off (institution_id, end_date) WHERE institution_id IS NOT NULL;

-- The next free slot (within 14 days) a provider's search document carries, as the index worker
-- last computed it. The midnight roll-over job re-indexes the providers whose slot has passed or
-- who had none, from these columns, whichever search engine holds the documents.
ALTER TABLE professionals ADD COLUMN next_slot_at timestamptz;
ALTER TABLE institutions ADD COLUMN next_slot_at timestamptz;

-- The PostgreSQL engine's copy: a plain column, so "available within N days" is a range on an index
-- and "soonest available" an index order, never a computation per search.
ALTER TABLE search_documents ADD COLUMN next_slot timestamptz;
CREATE INDEX search_documents_next_slot_idx ON search_documents (collection, next_slot, rating DESC, id)
  WHERE next_slot IS NOT NULL;
