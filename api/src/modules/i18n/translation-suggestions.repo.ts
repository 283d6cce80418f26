// The SQL of "Suggest a better translation" (issue 50, migration 075).
import type { Db } from '@ilera/db';
import type { TranslationSuggestionInput } from '@ilera/contracts';

export async function insertSuggestion(db: Db, input: TranslationSuggestionInput, userId: string | null): Promise<number> {
  const [row] = await db<{ id: number }[]>`
    INSERT INTO translation_suggestions (locale, page, shown, suggestion, user_id)
    VALUES (${input.locale}, ${input.page}, ${input.shown ?? null}, ${input.suggestion}, ${userId})
    RETURNING id::int`;
  return row!.id;
}

export interface SuggestionRow {
  id: number;
  locale: string;
  page: string;
  shown: string | null;
  suggestion: string;
  signedIn: boolean;
  createdAt: Date;
  status: 'open' | 'done' | 'dismissed';
  decidedAt: Date | null;
  total: number;
}

export interface SuggestionFilter {
  locale?: string;
  status?: string;
}

const where = (db: Db, f: SuggestionFilter) =>
  db`${f.locale ? db`locale = ${f.locale}` : db`true`} AND ${f.status ? db`status = ${f.status}` : db`true`}`;

/** One page of suggestions, newest first, with the total of the filter. */
export async function suggestions(db: Db, q: SuggestionFilter & { limit: number; offset: number }): Promise<SuggestionRow[]> {
  return db<SuggestionRow[]>`
    SELECT id::int, locale, page, shown, suggestion, user_id IS NOT NULL AS signed_in, created_at, status, decided_at,
      count(*) OVER ()::int AS total
    FROM translation_suggestions
    WHERE ${where(db, q)}
    ORDER BY created_at DESC, id DESC
    LIMIT ${q.limit} OFFSET ${q.offset}`;
}

export async function countSuggestions(db: Db, f: SuggestionFilter): Promise<number> {
  const [row] = await db<{ n: number }[]>`SELECT count(*)::int AS n FROM translation_suggestions WHERE ${where(db, f)}`;
  return row!.n;
}

/** The suggestion's status, locked for the caller's transaction; null when there is none. */
export async function lockSuggestion(db: Db, id: number): Promise<{ status: string; locale: string } | null> {
  const [row] = await db<{ status: string; locale: string }[]>`SELECT status, locale FROM translation_suggestions WHERE id = ${id} FOR UPDATE`;
  return row ?? null;
}

export async function markSuggestion(db: Db, id: number, status: 'done' | 'dismissed'): Promise<SuggestionRow> {
  const [row] = await db<SuggestionRow[]>`
    UPDATE translation_suggestions SET status = ${status}, decided_at = now() WHERE id = ${id}
    RETURNING id::int, locale, page, shown, suggestion, user_id IS NOT NULL AS signed_in, created_at, status, decided_at, 1 AS total`;
  return row!;
}
