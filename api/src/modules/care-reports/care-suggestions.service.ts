// "Suggest an edit" (issue 45): anyone signed in says what is wrong with a provider's facts (hours, closed
// for good, place, phone, other); administrators work the queue and approve (then correct the facts through
// PUT .../care or the profile) or reject, with a note. Every decision, refused ones too, is in the admin
// activity log.
import { pathId, type CareSuggestionInput, type ProviderKind } from '@ilera/contracts';
import type { Sql } from '@ilera/db';
import { AppError, ConflictError, NotFoundError } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { auditFailure, recordAdminAction } from '../admin/audit.service';
import * as repo from './care-reports.repo';
import { PROVIDER_NOT_FOUND } from './care-reports.service';

export const SUGGESTION_NOT_FOUND = 'Suggestion not found'; // ours
export const SUGGESTION_DECIDED = 'This suggestion has already been decided'; // ours

/** A row as the queue shows it; `withUser` adds who sent it (admins only). */
function view(row: repo.SuggestionRow, withUser: boolean) {
  return {
    id: row.id,
    provider: { kind: row.providerKind, id: row.providerId, name: row.providerName },
    kind: row.kind,
    details: row.details,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    ...(withUser ? { user: row.userId ? { id: row.userId, firstName: row.userFirstName, email: row.userEmail! } : null } : {}),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionNote: row.decisionNote,
  };
}

/** POST /api/{professionals|institutions}/{id}/care-suggestions: 201 with the suggestion, pending. */
export async function suggestEdit(sql: Sql, user: SessionUser, kind: ProviderKind, providerId: number, input: CareSuggestionInput) {
  const provider = await repo.findProvider(sql, kind, providerId);
  if (!provider || provider.status !== 'approved') throw new NotFoundError(PROVIDER_NOT_FOUND[kind]);
  const id = await repo.insertSuggestion(sql, kind, providerId, user.id, input);
  return view((await repo.suggestions(sql, { id }))[0]!, false);
}

/** GET /api/admin/care-suggestions: one page of a status and the total. */
export async function suggestionQueue(sql: Sql, query: { status: string; page: number; perPage: number }) {
  const rows = await repo.suggestions(sql, { status: query.status, limit: query.perPage, offset: (query.page - 1) * query.perPage });
  let total = rows[0]?.total ?? 0;
  // A page past the end has no row to carry the total.
  if (!rows.length && query.page > 1) total = (await repo.suggestions(sql, { status: query.status, limit: 1, offset: 0 }))[0]?.total ?? 0;
  return { items: rows.map((r) => view(r, true)), total, page: query.page, perPage: query.perPage };
}

/** POST /api/admin/care-suggestions/{id}/approve|reject: a pending suggestion, decided once, audited. */
export async function decideSuggestion(sql: Sql, admin: SessionUser, decision: 'approve' | 'reject', rawId: string, rawNote?: string) {
  const base = { adminId: admin.id, action: `${decision}_care_suggestion`, targetType: 'care_suggestion', targetId: rawId.slice(0, 20) };
  try {
    const parsed = pathId(SUGGESTION_NOT_FOUND).safeParse(rawId);
    if (!parsed.success) throw new NotFoundError(SUGGESTION_NOT_FOUND);
    const id = parsed.data;
    const note = rawNote?.trim() || null;
    return await sql.begin(async (tx) => {
      const status = await repo.lockSuggestion(tx, id);
      if (status === null) throw new NotFoundError(SUGGESTION_NOT_FOUND);
      if (status !== 'pending') throw new ConflictError(SUGGESTION_DECIDED);
      await repo.decideSuggestion(tx, id, decision === 'approve' ? 'approved' : 'rejected', admin.id, note);
      const row = (await repo.suggestions(tx, { id }))[0]!;
      await recordAdminAction(tx, {
        ...base,
        targetId: id,
        outcome: 'success',
        detail: { providerKind: row.providerKind, providerId: row.providerId, kind: row.kind, note },
      });
      return view(row, true);
    });
  } catch (err) {
    if (err instanceof AppError && err.statusCode < 500) await auditFailure(sql, base, err);
    throw err;
  }
}
