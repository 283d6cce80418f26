-- USSD menus and SMS search (issue 49, D30, decision 045).

-- "My appointments" on USSD is behind a 4-digit PIN the account sets in Account settings, hashed like a
-- password (argon2id). It is tied to the account's mobile number as it was when the PIN was set
-- (E.164: the USSD callback's phoneNumber); a later change of mobile makes the USSD menu refuse until the
-- PIN is set again. Five wrong PINs in a row lock it for a day.
ALTER TABLE users
  ADD COLUMN ussd_pin_hash text,
  ADD COLUMN ussd_phone_e164 text,
  ADD COLUMN ussd_pin_failures integer NOT NULL DEFAULT 0,
  ADD COLUMN ussd_pin_locked_until timestamptz,
  ADD COLUMN ussd_pin_set_at timestamptz;
CREATE INDEX users_ussd_phone_e164_idx ON users (ussd_phone_e164) WHERE ussd_pin_hash IS NOT NULL;

-- What a USSD session did that must happen once (a text sent, an appointment cancelled or confirmed):
-- the provider may post the same step twice, and a session may time out between two steps. Keyed by
-- the provider's session id and the step; no phone number, no answer text (it can hold a PIN).
CREATE TABLE ussd_actions (
  session_id  text NOT NULL,
  action      text NOT NULL,
  done_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (session_id, action)
);
CREATE INDEX ussd_actions_done_at_idx ON ussd_actions (done_at);
