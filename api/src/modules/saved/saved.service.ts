// Saved providers (issue 35, decision 035): a patient's bookmarks, stored on the server so
// that they follow the account; the web keeps the list readable offline (service worker).
import type { Sql } from '@ilera/db';
import { institutionTypeLabel, SAVED_PROVIDER_NOT_FOUND, type SavedProvider, type SavedProviderParams } from '@ilera/contracts';
import { NotFoundError } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import * as repo from './saved.repo';

export async function listSaved(sql: Sql, user: SessionUser): Promise<SavedProvider[]> {
  const rows = await repo.list(sql, user.id);
  return rows.map(({ detail, savedAt, ...row }) => ({
    ...row,
    subtitle: row.kind === 'institution' ? institutionTypeLabel(detail) : detail,
    savedAt: savedAt.toISOString(),
  }));
}

/** Saves a provider the public may see (404 otherwise: a pending profile is nobody's to bookmark). */
export async function saveProvider(sql: Sql, user: SessionUser, { kind, id }: SavedProviderParams): Promise<{ created: boolean }> {
  if (!(await repo.isVisible(sql, kind, id))) throw new NotFoundError(SAVED_PROVIDER_NOT_FOUND);
  return { created: await repo.save(sql, user.id, kind, id) };
}

/** Removes a bookmark; one that is not there is a 404 (the list the client showed was stale). */
export async function unsaveProvider(sql: Sql, user: SessionUser, { kind, id }: SavedProviderParams): Promise<void> {
  if (!(await repo.remove(sql, user.id, kind, id))) throw new NotFoundError(SAVED_PROVIDER_NOT_FOUND);
}
