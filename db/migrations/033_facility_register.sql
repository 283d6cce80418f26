-- Issue 33 (PRODUCT.md D22, D23): the national facility register (NHFR, as published by GRID3) as
-- public listings that institutions claim, and a location for every provider.
--
-- A register listing is an institution row with no owner (user_id NULL) and status 'approved':
-- public and searchable like any institution, never bookable (booking_mode 'directory'). A claim
-- approved by an admin gives the row its owner; the register code and coordinates stay.

ALTER TABLE institutions ALTER COLUMN user_id DROP NOT NULL;

-- D7's canonical list gains the register's primary-care levels.
ALTER TABLE institutions DROP CONSTRAINT institutions_type_check;
ALTER TABLE institutions ADD CONSTRAINT institutions_type_check CHECK (type IN (
  'hospital', 'pharmacy', 'diagnostic_lab',
  'clinic', 'practice', 'urgent-care', 'specialty-center', 'rehabilitation',
  'general_hospital', 'specialist_hospital', 'teaching_hospital', 'private_hospital',
  'medical_center', 'diagnostic_center', 'laboratory', 'rehabilitation_center',
  'mental_health_facility', 'maternity_home',
  'primary_health_centre', 'health_post'));

-- Where a provider is (D23). location_source: 'register' (the register's coordinates), 'device'
-- ("Use my current location"), 'pin' (coordinates or an address the owner gave), 'lga_centre' (the
-- median of the register's facilities in its LGA: approximate, and shown as such), 'affiliation'
-- (a professional placed at a confirmed institution).
ALTER TABLE institutions
  ADD COLUMN lga             text,
  ADD COLUMN ward            text,
  ADD COLUMN ownership       text CHECK (ownership IN ('Public', 'Private')),
  ADD COLUMN ownership_type  text,
  ADD COLUMN facility_level  text CHECK (facility_level IN ('Primary', 'Secondary', 'Tertiary')),
  ADD COLUMN latitude        double precision CHECK (latitude BETWEEN -90 AND 90),
  ADD COLUMN longitude       double precision CHECK (longitude BETWEEN -180 AND 180),
  ADD COLUMN location_source text CHECK (location_source IN ('register', 'device', 'pin', 'lga_centre')),
  ADD CONSTRAINT institutions_location_pair CHECK ((latitude IS NULL) = (longitude IS NULL)
    AND (latitude IS NULL) = (location_source IS NULL));

ALTER TABLE professionals
  ADD COLUMN lga             text,
  ADD COLUMN latitude        double precision CHECK (latitude BETWEEN -90 AND 90),
  ADD COLUMN longitude       double precision CHECK (longitude BETWEEN -180 AND 180),
  ADD COLUMN location_source text CHECK (location_source IN ('device', 'pin', 'lga_centre', 'affiliation')),
  ADD CONSTRAINT professionals_location_pair CHECK ((latitude IS NULL) = (longitude IS NULL)
    AND (latitude IS NULL) = (location_source IS NULL));

-- One row per institution that came from the register: its key in the register and the register's
-- fields as last applied, so a re-import writes nothing for an unchanged row (fields_hash) and
-- never overwrites a claimed listing (the newer fields wait in `pending` for an admin).
CREATE TABLE register_listings (
  institution_id        integer PRIMARY KEY REFERENCES institutions (id) ON DELETE CASCADE,
  -- nhfr_facility_code, else nhfr_uid, else globalid, prefixed 'code:', 'uid:' or 'globalid:'.
  register_key          text NOT NULL UNIQUE,
  globalid              text NOT NULL,
  nhfr_uid              text,
  nhfr_facility_code    text,
  facility_level_option text,
  name_source           text,
  coordinates_source    text,
  register_updated      date,
  fields                jsonb NOT NULL,
  fields_hash           text NOT NULL,
  pending               jsonb,
  lga_disagrees         boolean NOT NULL DEFAULT false,
  -- The import run that last saw the row; an import that finishes marks the rows it did not see.
  last_import_id        bigint,
  in_latest_register    boolean NOT NULL DEFAULT true,
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX register_listings_import_idx ON register_listings (last_import_id);

-- One row per run of `npm run import:facilities`: a run killed part-way is finished by the next.
CREATE TABLE register_imports (
  id          bigserial PRIMARY KEY,
  file_name   text NOT NULL,
  file_sha256 text NOT NULL,
  started_at  timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  summary     jsonb
);

-- Claims (D22): an institution account asks for a listing with its registration; an admin decides.
CREATE TABLE institution_claims (
  id               serial PRIMARY KEY,
  institution_id   integer NOT NULL REFERENCES institutions (id) ON DELETE CASCADE,
  claimant_user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The claimant's registration: { "number": ..., "issuer": ... } (the licences work's fields).
  registration     jsonb NOT NULL CHECK (jsonb_typeof(registration) = 'object'),
  message          text CHECK (char_length(message) <= 1000),
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'withdrawn')),
  decision_reason  text,
  decided_by       text REFERENCES users (id) ON DELETE SET NULL,
  decided_at       timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now()
);
-- At most one approved claim per listing, and one open claim per claimant and listing.
CREATE UNIQUE INDEX institution_claims_one_approved ON institution_claims (institution_id) WHERE status = 'approved';
CREATE UNIQUE INDEX institution_claims_one_open ON institution_claims (institution_id, claimant_user_id) WHERE status = 'pending';
CREATE INDEX institution_claims_queue_idx ON institution_claims (status, created_at);
