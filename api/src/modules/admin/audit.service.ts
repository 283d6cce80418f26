// Writing the activity log for other areas (claims, care facts, register changes, suggested edits). Its own
// file, importing only the admin repo: care.service -> admin.service -> register.service ->
// institutions.service -> providers.service -> care.service was an import circle that tsx (bench/explain)
// could not load.
import type { Db } from '@ilera/db';
import { AppError } from '../../errors';
import { insertAudit, type AuditEntryInput } from './admin.repo';

/** An admin action of another area (claims, issue 33) in the activity log, in the caller's transaction. */
export const recordAdminAction = (db: Db, entry: AuditEntryInput) => insertAudit(db, entry);

/** Audit entries of refused actions are written on their own: the action's transaction rolled back. */
export async function auditFailure(db: Db, entry: Omit<AuditEntryInput, 'outcome'>, err: unknown): Promise<void> {
  const reason = err instanceof AppError ? err.message : 'error';
  await insertAudit(db, { ...entry, outcome: 'failure', detail: { ...entry.detail, reason } });
}
