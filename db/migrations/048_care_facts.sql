-- Issue 45 (PRODUCT.md D29): care facts. Opening hours (or 24 hours) with closures and Nigeria's
-- public holidays, services and emergency readiness, accepted health plans, fees in naira; each group
-- says who set it and when it was last confirmed. Patients' reports are kept one by one but shown only
-- in aggregate (three reports up); suggested edits to a listing wait in an admin queue.
--
-- One model for both kinds of provider (professional, institution; a register listing is an institution
-- row): every per-provider table names exactly one of professional_id / institution_id, each with its
-- foreign key, so deleting a provider deletes its facts.

-- Payers (NHIA, state contributory schemes, HMOs), kept by admins. A network import with an unknown slug
-- adds one with needs_review = true for an admin to complete. plans: [{ "name": "...", "tier": "..." | null }].
CREATE TABLE payers (
  slug                 text PRIMARY KEY CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 60),
  name                 text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  kind                 text NOT NULL CHECK (kind IN ('nhia', 'state_scheme', 'hmo')),
  accreditation_number text,
  plans                jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(plans) = 'array'),
  needs_review         boolean NOT NULL DEFAULT false,
  -- Invented by the demo seed (never in a real deployment's data).
  is_demo              boolean NOT NULL DEFAULT false,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);

-- Care facts of one provider. Each group (hours, services, plans, fees) has its setter and the time it
-- was last confirmed; NULL setter = never set. A register listing starts with none of them (no invented
-- hours). Services live where they always did for institutions (institutions.services) and in
-- professionals.services for professionals; their setter and confirmation are here.
-- opening_hours: { "open24Hours": bool, "week": [{ "day": "mon", "periods": [{ "opens": "08:00", "closes": "17:00" }] }],
--                  "closures": [{ "from": "YYYY-MM-DD", "to": "YYYY-MM-DD", "reason": "..." }] }
-- fees: { "registrationNaira": int|null, "followUpNaira": int|null, "freeAtPointOfCare": bool, and for
--         institutions "consultationNaira": int|null } (a professional's consultation fee stays in
--         professionals.consultation_fee, the profile form's field).
CREATE TABLE care_facts (
  id                     bigserial PRIMARY KEY,
  professional_id        integer UNIQUE REFERENCES professionals (id) ON DELETE CASCADE,
  institution_id         integer UNIQUE REFERENCES institutions (id) ON DELETE CASCADE,
  opening_hours          jsonb CHECK (opening_hours IS NULL OR jsonb_typeof(opening_hours) = 'object'),
  hours_set_by           text CHECK (hours_set_by IN ('provider', 'admin', 'import', 'patients')),
  hours_confirmed_at     timestamptz,
  services_set_by        text CHECK (services_set_by IN ('provider', 'admin', 'import', 'patients')),
  services_confirmed_at  timestamptz,
  plans_set_by           text CHECK (plans_set_by IN ('provider', 'admin', 'import', 'patients')),
  plans_confirmed_at     timestamptz,
  fees                   jsonb CHECK (fees IS NULL OR jsonb_typeof(fees) = 'object'),
  fees_set_by            text CHECK (fees_set_by IN ('provider', 'admin', 'import', 'patients')),
  fees_confirmed_at      timestamptz,
  -- The last 90-day re-confirmation reminder sent to the owner (mail and text).
  reminded_at            timestamptz,
  updated_at             timestamptz NOT NULL DEFAULT now(),
  CHECK (num_nonnulls(professional_id, institution_id) = 1)
);

ALTER TABLE professionals ADD COLUMN services text[] NOT NULL DEFAULT '{}';

-- Which payers and plans a provider takes. source 'provider' / 'admin': set through PUT .../care (a PUT
-- replaces those rows); 'import': from a payer's network file (npm run import:network), withdrawn
-- (withdrawn_at set) when a newer file of that payer lacks the row. plan NULL = every plan of the payer.
CREATE TABLE provider_plans (
  id                bigserial PRIMARY KEY,
  professional_id   integer REFERENCES professionals (id) ON DELETE CASCADE,
  institution_id    integer REFERENCES institutions (id) ON DELETE CASCADE,
  payer_slug        text NOT NULL REFERENCES payers (slug) ON UPDATE CASCADE ON DELETE CASCADE,
  plan              text,
  tier              text,
  is_primary        boolean NOT NULL DEFAULT false,
  source            text NOT NULL CHECK (source IN ('provider', 'admin', 'import')),
  network_import_id bigint,
  withdrawn_at      timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  CHECK (num_nonnulls(professional_id, institution_id) = 1)
);
CREATE UNIQUE INDEX provider_plans_unique_idx
  ON provider_plans (coalesce(professional_id, 0), coalesce(institution_id, 0), payer_slug, coalesce(plan, ''), source);
CREATE INDEX provider_plans_professional_idx ON provider_plans (professional_id) WHERE professional_id IS NOT NULL;
CREATE INDEX provider_plans_institution_idx ON provider_plans (institution_id) WHERE institution_id IS NOT NULL;
CREATE INDEX provider_plans_payer_idx ON provider_plans (payer_slug, source);

-- One row per run of `npm run import:network`.
CREATE TABLE network_imports (
  id          bigserial PRIMARY KEY,
  payer_slug  text NOT NULL REFERENCES payers (slug) ON UPDATE CASCADE ON DELETE CASCADE,
  file_name   text NOT NULL,
  file_sha256 text NOT NULL,
  started_at  timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  summary     jsonb
);

-- Nigeria's public holidays (WAT dates), kept as data an admin edits: the fixed ones and those a federal
-- announcement moves (Easter, the Eid holidays, Mawlid). A provider that is not open 24 hours is closed on
-- them (decision 039).
CREATE TABLE public_holidays (
  day        date PRIMARY KEY,
  name       text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  movable    boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO public_holidays (day, name, movable) VALUES
  ('2026-01-01', 'New Year''s Day', false),
  ('2026-03-20', 'Eid al-Fitr', true),
  ('2026-03-21', 'Eid al-Fitr holiday', true),
  ('2026-04-03', 'Good Friday', true),
  ('2026-04-06', 'Easter Monday', true),
  ('2026-05-01', 'Workers'' Day', false),
  ('2026-05-27', 'Eid al-Adha', true),
  ('2026-05-28', 'Eid al-Adha holiday', true),
  ('2026-06-12', 'Democracy Day', false),
  ('2026-08-26', 'Eid al-Mawlid', true),
  ('2026-10-01', 'Independence Day', false),
  ('2026-12-25', 'Christmas Day', false),
  ('2026-12-26', 'Boxing Day', false),
  ('2027-01-01', 'New Year''s Day', false),
  ('2027-03-10', 'Eid al-Fitr', true),
  ('2027-03-11', 'Eid al-Fitr holiday', true),
  ('2027-03-26', 'Good Friday', true),
  ('2027-03-29', 'Easter Monday', true),
  ('2027-05-01', 'Workers'' Day', false),
  ('2027-05-17', 'Eid al-Adha', true),
  ('2027-05-18', 'Eid al-Adha holiday', true),
  ('2027-06-12', 'Democracy Day', false),
  ('2027-08-15', 'Eid al-Mawlid', true),
  ('2027-10-01', 'Independence Day', false),
  ('2027-12-25', 'Christmas Day', false),
  ('2027-12-26', 'Boxing Day', false);

-- Patients' reports after a visit (a completed appointment, or for a listing a signed-in patient who says
-- they visited): never shown one by one; aggregates from three reports up. paid_naira: the consultation.
CREATE TABLE care_reports (
  id              bigserial PRIMARY KEY,
  professional_id integer REFERENCES professionals (id) ON DELETE CASCADE,
  institution_id  integer REFERENCES institutions (id) ON DELETE CASCADE,
  patient_id      text REFERENCES users (id) ON DELETE SET NULL,
  appointment_id  integer UNIQUE REFERENCES appointments (id) ON DELETE SET NULL,
  visited_on      date NOT NULL,
  was_open        boolean,
  payer_slug      text REFERENCES payers (slug) ON UPDATE CASCADE ON DELETE SET NULL,
  plan_accepted   boolean,
  paid_naira      integer CHECK (paid_naira BETWEEN 0 AND 10000000),
  created_at      timestamptz NOT NULL DEFAULT now(),
  CHECK (num_nonnulls(professional_id, institution_id) = 1)
);
CREATE INDEX care_reports_professional_idx ON care_reports (professional_id, created_at DESC) WHERE professional_id IS NOT NULL;
CREATE INDEX care_reports_institution_idx ON care_reports (institution_id, created_at DESC) WHERE institution_id IS NOT NULL;

-- "Suggest an edit" (wrong hours, permanently closed, wrong place, phone number, other): an admin queue.
CREATE TABLE care_suggestions (
  id              bigserial PRIMARY KEY,
  professional_id integer REFERENCES professionals (id) ON DELETE CASCADE,
  institution_id  integer REFERENCES institutions (id) ON DELETE CASCADE,
  user_id         text REFERENCES users (id) ON DELETE SET NULL,
  kind            text NOT NULL CHECK (kind IN ('hours', 'closed', 'place', 'phone', 'other')),
  details         text NOT NULL CHECK (length(details) BETWEEN 1 AND 1000),
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  decided_by      text REFERENCES users (id) ON DELETE SET NULL,
  decided_at      timestamptz,
  decision_note   text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  CHECK (num_nonnulls(professional_id, institution_id) = 1)
);
CREATE INDEX care_suggestions_pending_idx ON care_suggestions (created_at) WHERE status = 'pending';
