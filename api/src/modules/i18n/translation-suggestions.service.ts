// "Suggest a better translation" (issue 50, decision 046): beside a Beta language's menu, anyone (signed
// in or not) may send better words for a page; administrators read them. Each one sent is in the activity
// log (the sender's account when signed in, none otherwise), written in the same transaction as the row.
import {
  pathId,
  TRANSLATION_SUGGESTION_MARKED,
  TRANSLATION_SUGGESTION_NOT_FOUND,
  type TranslationSuggestionInput,
  type TranslationSuggestionMarkInput,
} from '@ilera/contracts';
import type { Sql } from '@ilera/db';
import { AppError, ConflictError, NotFoundError } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { auditFailure, recordAdminAction } from '../admin/audit.service';
import * as repo from './translation-suggestions.repo';

const view = ({ total: _total, createdAt, decidedAt, ...r }: repo.SuggestionRow) => ({
  ...r,
  createdAt: createdAt.toISOString(),
  decidedAt: decidedAt?.toISOString() ?? null,
});

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

/** GET /api/admin/translation-suggestions: newest first, one language or all, one status or all. */
export async function suggestionList(sql: Sql, query: { locale?: string; status?: string; page: number; perPage: number }) {
  const filter = { locale: query.locale, status: query.status };
  const rows = await repo.suggestions(sql, { ...filter, limit: query.perPage, offset: (query.page - 1) * query.perPage });
  // A page past the end has no row to carry the total.
  const total = rows[0]?.total ?? (query.page > 1 ? await repo.countSuggestions(sql, filter) : 0);
  return { items: rows.map(view), total, page: query.page, perPage: query.perPage };
}

/**
 * PUT /api/admin/translation-suggestions/{id}/status: an open suggestion marked done (its words taken into
 * the catalogue) or dismissed, once (409 after); in the activity log, refusals too, as every admin action.
 */
export async function markSuggestion(sql: Sql, admin: SessionUser, rawId: string, input: TranslationSuggestionMarkInput) {
  const base = { adminId: admin.id, action: 'mark_translation_suggestion', targetType: 'translation_suggestion', targetId: rawId.slice(0, 20) };
  try {
    const parsed = pathId(TRANSLATION_SUGGESTION_NOT_FOUND).safeParse(rawId);
    if (!parsed.success) throw new NotFoundError(TRANSLATION_SUGGESTION_NOT_FOUND);
    const id = parsed.data;
    return await sql.begin(async (tx) => {
      const current = await repo.lockSuggestion(tx, id);
      if (!current) throw new NotFoundError(TRANSLATION_SUGGESTION_NOT_FOUND);
      if (current.status !== 'open') throw new ConflictError(TRANSLATION_SUGGESTION_MARKED);
      const row = await repo.markSuggestion(tx, id, input.status);
      // The status and the language only: the words are in the table.
      await recordAdminAction(tx, { ...base, targetId: id, outcome: 'success', detail: { status: input.status, locale: row.locale } });
      return view(row);
    });
  } catch (err) {
    if (err instanceof AppError && err.statusCode < 500) await auditFailure(sql, { ...base, detail: { status: input.status } }, err);
    throw err;
  }
}
