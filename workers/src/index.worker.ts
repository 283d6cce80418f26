import type { Processor } from './context';

/** Search index worker: filled by the search issue (re-reads PostgreSQL, upserts or deletes). */
export const indexProcessor: Processor = async () => undefined;
