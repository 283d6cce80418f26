// The lists admins keep for care facts (issue 45, decision 039): payers (NHIA, state schemes, HMOs) and
// Nigeria's public holidays. Every change is audited (a refused one too). A change that alters search
// documents writes one bulk reindex event in its transaction ('search.bulk', workers/src/care-reindex.ts)
// rather than an event per provider: a holiday reaches every provider with opening hours.
import {
  HOLIDAY_DATE_MESSAGE,
  HOLIDAY_NOT_FOUND,
  isIsoDate,
  PAYER_NOT_FOUND,
  PAYER_SLUG_FIXED_MESSAGE,
  PAYER_SLUG_TAKEN_MESSAGE,
  type AdminAuditAction,
  type HolidayInput,
  type PayerCreateInput,
  type PayerUpdateInput,
} from '@ilera/contracts';
import { emit, isUniqueViolation, type Db, type Sql, type Tx } from '@ilera/db';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { BULK_REINDEX_TOPIC, type BulkReindex } from '@ilera/workers/care-reindex';
import { auditFailure, recordAdminAction } from './audit.service';
import * as repo from './admin-care-lists.repo';

const reindex = (tx: Tx, payload: Partial<BulkReindex>) => emit(tx, BULK_REINDEX_TOPIC, payload);

/** GET /api/payers: what filters and "My plan" offer. */
export async function listPublicPayers(db: Db) {
  return (await repo.listPayers(db)).map(({ slug, name, kind, plans }) => ({ slug, name, kind, plans }));
}

/** GET /api/holidays. */
export const listHolidays = (db: Db) => repo.listHolidays(db);

export const listAdminPayers = (db: Db) => repo.listPayers(db);

/** Runs an admin change in a transaction; a refused one (4xx) is audited on its own, the change rolled back. */
async function audited<T>(
  sql: Sql,
  admin: SessionUser,
  entry: { action: AdminAuditAction; targetType: string; targetId: string },
  change: (tx: Tx, audit: (detail?: Record<string, unknown>) => Promise<void>) => Promise<T>,
): Promise<T> {
  const base = { adminId: admin.id, ...entry, targetId: entry.targetId.slice(0, 60) };
  try {
    return (await sql.begin((tx) => change(tx, (detail) => recordAdminAction(tx, { ...base, outcome: 'success', detail })))) as T;
  } catch (err) {
    if (err instanceof AppError && err.statusCode < 500) await auditFailure(sql, base, err);
    throw err;
  }
}

export async function createPayer(sql: Sql, admin: SessionUser, input: PayerCreateInput) {
  await audited(sql, admin, { action: 'create_payer', targetType: 'payer', targetId: input.slug }, async (tx, audit) => {
    try {
      await tx.savepoint((sp) => repo.insertPayer(sp, input));
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError(PAYER_SLUG_TAKEN_MESSAGE, { slug: PAYER_SLUG_TAKEN_MESSAGE });
      throw err;
    }
    await audit({ name: input.name, kind: input.kind });
  });
  return (await repo.findPayer(sql, input.slug))!;
}

/** PUT /api/admin/payers/{slug}: the slug stays (plans, imports and "My plan" name it); saving clears needs_review. */
export async function updatePayer(sql: Sql, admin: SessionUser, slug: string, input: PayerUpdateInput) {
  await audited(sql, admin, { action: 'update_payer', targetType: 'payer', targetId: slug }, async (tx, audit) => {
    const current = await repo.findPayer(tx, slug, true);
    if (!current) throw new NotFoundError(PAYER_NOT_FOUND);
    if (input.slug !== undefined && input.slug !== slug) throw new BadRequestError(PAYER_SLUG_FIXED_MESSAGE, { slug: PAYER_SLUG_FIXED_MESSAGE });
    await repo.updatePayer(tx, slug, input);
    const changed = (['name', 'kind', 'accreditationNumber', 'plans'] as const).filter((k) => JSON.stringify(current[k]) !== JSON.stringify(input[k]));
    await audit({ changed });
  });
  return (await repo.findPayer(sql, slug))!;
}

/** DELETE /api/admin/payers/{slug}: its plan rows go; the providers that listed it are reindexed in one job. */
export async function deletePayer(sql: Sql, admin: SessionUser, slug: string): Promise<void> {
  await audited(sql, admin, { action: 'delete_payer', targetType: 'payer', targetId: slug }, async (tx, audit) => {
    const current = await repo.findPayer(tx, slug, true);
    if (!current) throw new NotFoundError(PAYER_NOT_FOUND);
    const providers = await repo.providersOfPayer(tx, slug);
    await repo.deletePayer(tx, slug);
    if (providers.professionals.length || providers.institutions.length) await reindex(tx, providers);
    await audit({ name: current.name, professionals: providers.professionals.length, institutions: providers.institutions.length });
  });
}

function holidayDate(date: string): string {
  if (!isIsoDate(date)) throw new BadRequestError(HOLIDAY_DATE_MESSAGE, { date: HOLIDAY_DATE_MESSAGE });
  return date;
}

/**
 * PUT /api/admin/holidays/{date}: adds or changes a public holiday. A new day closes every provider with
 * hours that is not open 24 hours, so their documents' closed days change: one bulk reindex job.
 */
export async function setHoliday(sql: Sql, admin: SessionUser, rawDate: string, input: HolidayInput) {
  return audited(sql, admin, { action: 'set_holiday', targetType: 'holiday', targetId: rawDate }, async (tx, audit) => {
    const date = holidayDate(rawDate);
    const { created } = await repo.upsertHoliday(tx, date, input.name, input.movable);
    if (created) await reindex(tx, { withHours: true });
    await audit({ name: input.name, movable: input.movable, created });
    return { date, name: input.name, movable: input.movable };
  });
}

/** DELETE /api/admin/holidays/{date}: the day is an ordinary one again for everyone with hours. */
export async function deleteHoliday(sql: Sql, admin: SessionUser, rawDate: string): Promise<void> {
  await audited(sql, admin, { action: 'delete_holiday', targetType: 'holiday', targetId: rawDate }, async (tx, audit) => {
    const date = holidayDate(rawDate);
    if (!(await repo.deleteHoliday(tx, date))) throw new NotFoundError(HOLIDAY_NOT_FOUND);
    await reindex(tx, { withHours: true });
    await audit();
  });
}
