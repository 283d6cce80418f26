-- Ilera core data model: both spec documents' entities, plus profile status,
-- the audit log and the outbox. Enumerations are checked here as well as in
-- contracts/ so that no writer (seed, admin CLI, a future service) can bypass them.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE users (
  id                text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  email             text NOT NULL CHECK (email <> ''),
  first_name        text,
  last_name         text,
  phone             text,
  profile_image_url text,
  user_type         text NOT NULL DEFAULT 'patient'
                    CHECK (user_type IN ('patient', 'professional', 'institution', 'admin')),
  -- Raised on password change/reset and sign-out-everywhere: cookies carrying an
  -- older version are refused (PRODUCT.md D14).
  session_version   integer NOT NULL DEFAULT 1,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
-- E-mail is unique whatever its letter case.
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));
CREATE INDEX users_user_type_idx ON users (user_type);

CREATE TABLE user_passwords (
  user_id       text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  password_hash text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE password_reset_tokens (
  id         serial PRIMARY KEY,
  user_id    text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Only a SHA-256 of the token is kept: a database leak yields no usable link.
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used       boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id);

CREATE TABLE specialties (
  id          serial PRIMARY KEY,
  name        text NOT NULL UNIQUE,
  description text,
  icon        text,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE professionals (
  id                  serial PRIMARY KEY,
  user_id             text NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  professional_type   text NOT NULL CHECK (professional_type IN ('doctor', 'pharmacist', 'nurse')),
  title               text NOT NULL,
  specialty           text NOT NULL,
  license_number      text,
  years_of_experience integer NOT NULL DEFAULT 0 CHECK (years_of_experience >= 0),
  consultation_fee    integer CHECK (consultation_fee >= 0),
  education           text,
  bio                 text,
  certifications      text,
  languages           text,
  profile_image_url   text,
  phone               text,
  address             text,
  city                text,
  state               text,
  zip_code            text,
  countries           text[] NOT NULL DEFAULT ARRAY['Nigeria'] CHECK (cardinality(countries) >= 1),
  country_licenses    jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(country_licenses) = 'array'),
  status              text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  rejection_reason    text,
  is_verified         boolean NOT NULL DEFAULT false,
  is_approved         boolean GENERATED ALWAYS AS (status = 'approved') STORED,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX professionals_status_idx ON professionals (status, created_at DESC);
CREATE INDEX professionals_type_idx ON professionals (professional_type) WHERE status = 'approved';

CREATE TABLE institutions (
  id                serial PRIMARY KEY,
  user_id           text NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  name              text NOT NULL,
  -- The canonical list of PRODUCT.md D7 (contracts/src/lists.ts institutionTypes).
  type              text NOT NULL CHECK (type IN (
                      'hospital', 'pharmacy', 'diagnostic_lab',
                      'clinic', 'practice', 'urgent-care', 'specialty-center', 'rehabilitation',
                      'general_hospital', 'specialist_hospital', 'teaching_hospital', 'private_hospital',
                      'medical_center', 'diagnostic_center', 'laboratory', 'rehabilitation_center',
                      'mental_health_facility', 'maternity_home')),
  services          text[] NOT NULL DEFAULT '{}',
  description       text,
  profile_image_url text,
  phone             text,
  email             text,
  website           text,
  address           text,
  city              text,
  state             text,
  zip_code          text,
  status            text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  rejection_reason  text,
  is_verified       boolean NOT NULL DEFAULT false,
  is_approved       boolean GENERATED ALWAYS AS (status = 'approved') STORED,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX institutions_status_idx ON institutions (status, created_at DESC);

CREATE TABLE professional_institutions (
  id              serial PRIMARY KEY,
  professional_id integer NOT NULL REFERENCES professionals (id) ON DELETE CASCADE,
  institution_id  integer NOT NULL REFERENCES institutions (id) ON DELETE CASCADE,
  role            text,
  start_date      date,
  end_date        date,
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (professional_id, institution_id)
);
CREATE INDEX professional_institutions_institution_idx ON professional_institutions (institution_id);

CREATE TABLE appointments (
  id               serial PRIMARY KEY,
  patient_id       text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  professional_id  integer REFERENCES professionals (id) ON DELETE CASCADE,
  institution_id   integer REFERENCES institutions (id) ON DELETE CASCADE,
  appointment_type text NOT NULL
                   CHECK (appointment_type IN ('consultation', 'follow-up', 'procedure', 'check-up', 'emergency')),
  appointment_date timestamptz NOT NULL,
  status           text NOT NULL DEFAULT 'pending'
                   CHECK (status IN ('pending', 'confirmed', 'completed', 'cancelled')),
  patient_name     text NOT NULL,
  patient_email    text NOT NULL,
  patient_phone    text NOT NULL,
  reason_for_visit text,
  reminder_sent_at timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  CHECK (num_nonnulls(professional_id, institution_id) = 1)
);
-- A provider's slot is held by at most one active appointment: the database,
-- not the service, is what makes concurrent bookings safe.
CREATE UNIQUE INDEX appointments_professional_slot_key ON appointments (professional_id, appointment_date)
  WHERE professional_id IS NOT NULL AND status IN ('pending', 'confirmed');
CREATE UNIQUE INDEX appointments_institution_slot_key ON appointments (institution_id, appointment_date)
  WHERE institution_id IS NOT NULL AND status IN ('pending', 'confirmed');
CREATE INDEX appointments_patient_idx ON appointments (patient_id, appointment_date DESC);
CREATE INDEX appointments_professional_idx ON appointments (professional_id, appointment_date DESC) WHERE professional_id IS NOT NULL;
CREATE INDEX appointments_institution_idx ON appointments (institution_id, appointment_date DESC) WHERE institution_id IS NOT NULL;

CREATE TABLE reviews (
  id              serial PRIMARY KEY,
  reviewer_id     text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  professional_id integer REFERENCES professionals (id) ON DELETE CASCADE,
  institution_id  integer REFERENCES institutions (id) ON DELETE CASCADE,
  rating          integer NOT NULL CHECK (rating BETWEEN 1 AND 5),
  comment         text CHECK (char_length(comment) <= 2000),
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  CHECK (num_nonnulls(professional_id, institution_id) = 1)
);
-- One review per reviewer per provider; a second one replaces the first.
CREATE UNIQUE INDEX reviews_reviewer_professional_key ON reviews (reviewer_id, professional_id) WHERE professional_id IS NOT NULL;
CREATE UNIQUE INDEX reviews_reviewer_institution_key ON reviews (reviewer_id, institution_id) WHERE institution_id IS NOT NULL;
CREATE INDEX reviews_professional_idx ON reviews (professional_id, created_at DESC) WHERE professional_id IS NOT NULL;
CREATE INDEX reviews_institution_idx ON reviews (institution_id, created_at DESC) WHERE institution_id IS NOT NULL;

CREATE TABLE audit_log (
  id          bigserial PRIMARY KEY,
  admin_id    text REFERENCES users (id) ON DELETE SET NULL,
  action      text NOT NULL,
  target_type text,
  target_id   text,
  outcome     text NOT NULL CHECK (outcome IN ('success', 'failure')),
  detail      jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC);

-- Transactional outbox (PRODUCT.md D16): a change and its event commit together;
-- the relay in workers/ moves committed rows to BullMQ.
CREATE TABLE outbox (
  id           bigserial PRIMARY KEY,
  topic        text NOT NULL,
  payload      jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at   timestamptz NOT NULL DEFAULT now(),
  attempts     integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  processed_at timestamptz,
  abandoned_at timestamptz,
  last_error   text
);
CREATE INDEX outbox_unprocessed_idx ON outbox (id) WHERE processed_at IS NULL AND abandoned_at IS NULL;

-- Wake the relay at commit time instead of waiting for its next poll.
CREATE FUNCTION outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('outbox', NEW.id::text);
  RETURN NULL;
END $$;
CREATE TRIGGER outbox_notify AFTER INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION outbox_notify();
