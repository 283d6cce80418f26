-- Issue 13 (search SQL per request): the indexes that give pages in order of rating carry the next free
-- slot, so a page under an availability filter ("Available today / within 3 days / this week", issue 17)
-- is found from the index alone instead of reading each candidate's row for its next_slot. At 500,000
-- professionals, page 4 of a state's keys available today read 1,136 rows of the heap for 20 (1.5 ms of
-- 2.1), and a page merged over a few keys read one row per candidate of each key (3.5-6.4 ms).
-- next_slot is in a key of search_documents_next_slot_keys_idx already, so its updates were never HOT:
-- one more column in these entries is all a booking's update adds.
DROP INDEX search_documents_rating_idx;
CREATE INDEX search_documents_rating_idx ON search_documents (rating DESC, review_count DESC, id)
  INCLUDE (key_id, tags, name_key, tsv_main, next_slot) WHERE collection = 'professionals';
DROP INDEX search_documents_institutions_rating_idx;
CREATE INDEX search_documents_institutions_rating_idx ON search_documents (rating DESC, review_count DESC, id)
  INCLUDE (key_id, tags, next_slot) WHERE collection = 'institutions';
DROP INDEX search_documents_key_rating_idx;
CREATE INDEX search_documents_key_rating_idx ON search_documents (collection, key_id, rating DESC, review_count DESC, id)
  INCLUDE (experience, tags, next_slot);
