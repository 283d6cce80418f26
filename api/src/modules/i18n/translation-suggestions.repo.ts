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
  total: number;
}

/** One page of suggestions, newest first, with the total of the filter. */
export async function suggestions(db: Db, q: { locale?: string; limit: number; offset: number }): Promise<SuggestionRow[]> {
  return db<SuggestionRow[]>`
    SELECT id::int, locale, page, shown, suggestion, user_id IS NOT NULL AS signed_in, created_at, count(*) OVER ()::int AS total
    FROM translation_suggestions
    WHERE ${q.locale ? db`locale = ${q.locale}` : db`true`}
    ORDER BY created_at DESC, id DESC
    LIMIT ${q.limit} OFFSET ${q.offset}`;
}

export async function countSuggestions(db: Db, locale?: string): Promise<number> {
  const [row] = await db<{ n: number }[]>`
    SELECT count(*)::int AS n FROM translation_suggestions WHERE ${locale ? db`locale = ${locale}` : db`true`}`;
  return row!.n;
}
