-- SMS and WhatsApp (issue 36, D24, decision 034).

-- The patient's phone in E.164 (+2348031234567) beside what they typed: providers take
-- only E.164, and replies (STOP, CANCEL) arrive from it. Rows booked before this
-- migration have none: the workers normalise patient_phone when it is missing.
ALTER TABLE appointments
  ADD COLUMN patient_phone_e164 text,
  -- The 2-hour reminder, beside the 24-hour one (reminder_sent_at).
  ADD COLUMN reminder_2h_sent_at timestamptz,
  -- The patient replied 1/YES to a text: they will come.
  ADD COLUMN attendance_confirmed_at timestamptz;
-- Replies find the patient's latest upcoming booking by the number they come from.
CREATE INDEX appointments_patient_phone_e164_idx ON appointments (patient_phone_e164, appointment_date)
  WHERE patient_phone_e164 IS NOT NULL AND status IN ('pending', 'confirmed');

-- How a patient wants their texts: SMS by default (reminders), WhatsApp only after an
-- explicit opt-in (WhatsApp's business policy), or none. E-mail is always sent.
ALTER TABLE users
  ADD COLUMN text_channel text NOT NULL DEFAULT 'sms' CHECK (text_channel IN ('sms', 'whatsapp', 'none')),
  ADD COLUMN whatsapp_opted_in_at timestamptz;

-- STOP from a number stops every text to it, whoever booked with it, for good; START
-- lifts it. Kept (not deleted) so that the consent can be shown later.
CREATE TABLE text_opt_outs (
  phone_e164    text PRIMARY KEY,
  opted_out_at  timestamptz NOT NULL,
  opted_in_at   timestamptz,
  CHECK (opted_in_at IS NULL OR opted_in_at >= opted_out_at)
);

-- Every text sent or tried, one row per job id: a job that runs twice (retry after a
-- crash) finds its row 'sent' and does not send again. No body and no name is kept;
-- the number is (replies and delivery reports match on it).
CREATE TABLE text_messages (
  id                  bigserial PRIMARY KEY,
  job_id              text NOT NULL UNIQUE,
  channel             text NOT NULL CHECK (channel IN ('sms', 'whatsapp')),
  kind                text NOT NULL,
  to_e164             text NOT NULL,
  appointment_id      integer REFERENCES appointments (id) ON DELETE SET NULL,
  status              text NOT NULL DEFAULT 'sending' CHECK (status IN ('sending', 'sent', 'failed', 'skipped')),
  provider_message_id text,
  cost                text,
  segments            integer,
  created_at          timestamptz NOT NULL DEFAULT now(),
  sent_at             timestamptz
);
CREATE INDEX text_messages_to_idx ON text_messages (to_e164, created_at);
