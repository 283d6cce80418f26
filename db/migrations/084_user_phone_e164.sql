-- Issue 50 (decision 049): the USSD menus and SMS search answer a phone in the language of the account whose
-- mobile it is. users.phone is kept as typed ('0803 123 4567', '+234 803...', '234803...'); the carriers give
-- the caller's number in E.164. phone_e164_ng() reads a typed number the way contracts' toE164() reads a
-- Nigerian one (a leading 0 or 234 is Nigeria's, '+' and '00' keep their country), so that one indexed
-- lookup finds the account of a number however it was typed. Anything it cannot read is null (not found).
CREATE FUNCTION phone_e164_ng(phone text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT CASE
      WHEN d ~ '^\+2340[789][01][0-9]{8}$' THEN '+234' || substr(d, 6)
      WHEN d ~ '^\+[1-9][0-9]{6,14}$' THEN d
      WHEN d ~ '^00[1-9][0-9]{6,14}$' THEN '+' || substr(d, 3)
      WHEN d ~ '^2340[789][01][0-9]{8}$' THEN '+234' || substr(d, 5)
      WHEN d ~ '^234[0-9]{10}$' THEN '+' || d
      WHEN d ~ '^0[0-9]{10}$' THEN '+234' || substr(d, 2)
      WHEN d ~ '^[789][01][0-9]{8}$' THEN '+234' || d
    END
    FROM (SELECT regexp_replace(replace(phone, '(0)', ''), '[^0-9+]', '', 'g') AS d) typed
  $$;

CREATE INDEX users_phone_e164_idx ON users (phone_e164_ng(phone));
