-- Issue 50 (decision 046): the language a signed-in person chose in Account settings, one of the site's
-- (contracts/src/locales.ts); null when they have not chosen (the site follows the language menu's cookie,
-- then the browser). Signing in writes it into the cookie; texts and mail are to follow it too.
ALTER TABLE users ADD COLUMN language text CHECK (language IN ('en', 'ha', 'yo', 'ig', 'pcm'));
