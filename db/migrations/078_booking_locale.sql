-- Issue 50 (decision 049): the language of the page a booking was made from (the web sends its locale, one of
-- the site's: contracts/src/locales.ts); null from a client that sends none. The booking's texts and mail use it
-- when the patient's account has no language of its own (users.language null); the account's language wins.
ALTER TABLE appointments ADD COLUMN booking_locale text CHECK (booking_locale IN ('en', 'ha', 'yo', 'ig', 'pcm'));
