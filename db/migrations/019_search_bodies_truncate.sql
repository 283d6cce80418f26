-- 017's AFTER TRUNCATE trigger on search_documents truncated search_bodies itself. A TRUNCATE that
-- names both tables in one statement (the seed's `--reset` truncates every data table at once)
-- then failed: "cannot TRUNCATE search_bodies because it is being used by active queries in this
-- session". The statement has already emptied search_bodies when the trigger fires, so the trigger
-- now truncates it only when it still holds rows (search_documents truncated on its own).
CREATE OR REPLACE FUNCTION search_documents_bodies_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM search_bodies) THEN
    TRUNCATE search_bodies;
  END IF;
  RETURN NULL;
END $$;
