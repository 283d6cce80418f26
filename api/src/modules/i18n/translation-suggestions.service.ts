// "Suggest a better translation" (issue 50, decision 046): beside a Beta language's menu, anyone (signed
// in or not) may send better words for a page; administrators read them. Each one sent is in the activity
// log (the sender's account when signed in, none otherwise), written in the same transaction as the row.
import type { TranslationSuggestionInput } from '@ilera/contracts';
import type { Sql } from '@ilera/db';
import { recordAdminAction } from '../admin/audit.service';
import * as repo from './translation-suggestions.repo';

export async function suggestTranslation(sql: Sql, input: TranslationSuggestionInput, userId: string | null): Promise<{ id: number }> {
  return sql.begin(async (tx) => {
    const id = await repo.insertSuggestion(tx, input, userId);
    // The page only (no words): the log says what happened, the table holds what was said.
    await recordAdminAction(tx, {
      adminId: userId,
      action: 'suggest_translation',
      targetType: 'translation_suggestion',
      targetId: id,
      outcome: 'success',
      detail: { locale: input.locale, page: input.page },
    });
    return { id };
  });
}

/** GET /api/admin/translation-suggestions: newest first, one language or all. */
export async function suggestionList(sql: Sql, query: { locale?: string; page: number; perPage: number }) {
  const rows = await repo.suggestions(sql, { locale: query.locale, limit: query.perPage, offset: (query.page - 1) * query.perPage });
  // A page past the end has no row to carry the total.
  const total = rows[0]?.total ?? (query.page > 1 ? await repo.countSuggestions(sql, query.locale) : 0);
  return {
    items: rows.map(({ total: _total, createdAt, ...r }) => ({ ...r, createdAt: createdAt.toISOString() })),
    total,
    page: query.page,
    perPage: query.perPage,
  };
}
