-- Text-less searches without a sort (the search page's multi_search sends none)
-- are in id order. Under a filter on many facet keys that hold few documents (a
-- specialty across every state), the page walked the primary key and read a heap
-- row per candidate for its key: 120-370 ms at 500,000 on the loaded machine. With
-- key_id and tags beside the id, the walk is index-only (73 ms at the same load).
CREATE INDEX search_documents_id_keys_idx ON search_documents (collection, id) INCLUDE (key_id, tags);
