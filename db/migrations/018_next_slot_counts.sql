-- Issue 17: the availability filter's counts are ranges on search_documents.next_slot, most
-- often under facet-key filters (type, specialty, state) and array tags: the next-slot index
-- carries key_id and tags, so counting and the soonest order read the index alone, not the rows.
CREATE INDEX search_documents_next_slot_keys_idx ON search_documents (collection, next_slot, rating DESC, id)
  INCLUDE (key_id, tags) WHERE next_slot IS NOT NULL;
DROP INDEX search_documents_next_slot_idx;
