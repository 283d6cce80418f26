-- Issue 13 (seeding 500,000 under 5 minutes): a bulk write (a full reindex, ilera.search_bulk on) no
-- longer calls the three per-row triggers at all. Each returned at once in bulk, but each was still
-- called, and queued, for every row written: three PL/pgSQL calls a document. A trigger's WHEN is
-- evaluated before the event is queued. The functions keep their own check (the live path is unchanged).
DROP TRIGGER search_documents_cube ON search_documents;
CREATE TRIGGER search_documents_cube AFTER INSERT OR UPDATE OR DELETE ON search_documents
  FOR EACH ROW WHEN (current_setting('ilera.search_bulk', true) IS DISTINCT FROM 'on') EXECUTE FUNCTION search_documents_cube();
DROP TRIGGER search_documents_generation ON search_documents;
CREATE TRIGGER search_documents_generation AFTER INSERT OR UPDATE OR DELETE ON search_documents
  FOR EACH ROW WHEN (current_setting('ilera.search_bulk', true) IS DISTINCT FROM 'on') EXECUTE FUNCTION search_documents_generation();
DROP TRIGGER search_documents_cube_days ON search_documents;
CREATE TRIGGER search_documents_cube_days AFTER INSERT OR UPDATE OR DELETE ON search_documents
  FOR EACH ROW WHEN (current_setting('ilera.search_bulk', true) IS DISTINCT FROM 'on') EXECUTE FUNCTION search_documents_cube_days();
