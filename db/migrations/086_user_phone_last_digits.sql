-- Issue 50 (decision 049, review of 084): the account of a phone for its language is found as the USSD PIN's
-- account is (accountOfPhone): an index reads the candidates, and contracts' toE164 (libphonenumber) decides in
-- the API which of them are this number. So the rule for reading a typed number lives once, in contracts, not
-- also in SQL: 084's phone_e164_ng() and its index go. The candidates are the accounts whose typed mobile ends
-- with the number's last 10 digits ('0803 123 4567', '+234 (0) 803...', '234803...' all end 8031234567); a
-- number with fewer digits is itself the key. Not a partial index (WHERE phone IS NOT NULL): PostgreSQL keeps
-- no statistics of a partial index's expression, and without them it guessed 3,400 rows for one number.
DROP INDEX IF EXISTS users_phone_e164_idx;
DROP FUNCTION IF EXISTS phone_e164_ng(text);
CREATE INDEX users_phone_last_digits_idx ON users (right(regexp_replace(phone, '[^0-9]', '', 'g'), 10));
