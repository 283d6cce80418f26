// Register changes of claimed listings (issue 33, D22; decisions 030 and 031). The import never
// overwrites a claimed facility's profile: a newer register row waits in register_listings.pending.
// An administrator sees each changed field (the profile's value, the register's old and new one),
// applies the fields to take or dismisses the change; either way the register's new fields become
// the listing's `fields`/`fields_hash`, so the same file imported again raises nothing. Both are
// audited, and the listing's search event commits with the change (D16).
import {
  pathId,
  REGISTER_CHANGE_FIELDS,
  REGISTER_CHANGE_NOT_FOUND,
  type AdminAuditAction,
  type RegisterChange,
  type RegisterChangeField,
  type RegisterValue,
} from '@ilera/contracts';
import { emit, type Sql, type Tx } from '@ilera/db';
import type { RegisterFields } from '@ilera/db/register/rows';
import { AppError, NotFoundError } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { auditFailure, recordAdminAction } from './audit.service';
import * as repo from './admin-register-changes.repo';

/** Each field's value in the register's fields, on the profile, and the profile columns it writes. */
const FIELD_MAP: Record<
  RegisterChangeField,
  { register: (f: RegisterFields) => RegisterValue; profile: (i: repo.ListingColumns) => RegisterValue; columns: (f: RegisterFields) => Record<string, string | number | null> }
> = {
  name: { register: (f) => f.name, profile: (i) => i.name, columns: (f) => ({ name: f.name }) },
  type: { register: (f) => f.type, profile: (i) => i.type, columns: (f) => ({ type: f.type }) },
  state: { register: (f) => f.state, profile: (i) => i.state, columns: (f) => ({ state: f.state }) },
  city: { register: (f) => f.city, profile: (i) => i.city, columns: (f) => ({ city: f.city }) },
  lga: { register: (f) => f.lga, profile: (i) => i.lga, columns: (f) => ({ lga: f.lga }) },
  ward: { register: (f) => f.ward, profile: (i) => i.ward, columns: (f) => ({ ward: f.ward }) },
  ownership: { register: (f) => f.ownership, profile: (i) => i.ownership, columns: (f) => ({ ownership: f.ownership }) },
  ownershipType: { register: (f) => f.ownershipType, profile: (i) => i.ownershipType, columns: (f) => ({ ownershipType: f.ownershipType }) },
  facilityLevel: { register: (f) => f.level, profile: (i) => i.facilityLevel, columns: (f) => ({ facilityLevel: f.level }) },
  coordinates: {
    register: (f) => (f.latitude === null || f.longitude === null ? null : { latitude: f.latitude, longitude: f.longitude }),
    profile: (i) => (i.latitude === null || i.longitude === null ? null : { latitude: i.latitude, longitude: i.longitude }),
    // The register's point makes the location the register's again (as the import sets it).
    columns: (f) => ({ latitude: f.latitude, longitude: f.longitude, locationSource: f.latitude === null ? null : 'register' }),
  },
};

const same = (a: RegisterValue, b: RegisterValue) => JSON.stringify(a) === JSON.stringify(b);

/** The fields the newer register file changed, each with the profile's value now. */
function changesOf(row: repo.PendingRow) {
  return REGISTER_CHANGE_FIELDS.flatMap((field) => {
    const m = FIELD_MAP[field];
    const previousRegister = m.register(row.fields);
    const register = m.register(row.pending.fields);
    return same(previousRegister, register) ? [] : [{ field, current: m.profile(row.institution), previousRegister, register }];
  });
}

function answerOf(row: repo.PendingRow): RegisterChange {
  return {
    institution: { id: row.institution.id, name: row.institution.name, ownerEmail: row.ownerEmail },
    registerKey: row.registerKey,
    registerUpdated: { previous: row.fields.registerUpdated ?? null, new: row.pending.fields.registerUpdated ?? null },
    importId: row.pending.importId == null ? null : Number(row.pending.importId),
    at: row.pending.at,
    changes: changesOf(row),
  };
}

/** GET /api/admin/register-changes: one page of claimed listings whose newer register fields wait. */
export async function registerChanges(sql: Sql, page: number, perPage: number) {
  const rows = await repo.pendingPage(sql, perPage, (page - 1) * perPage);
  const total = rows[0]?.total ?? (page > 1 ? ((await repo.pendingPage(sql, 1, 0))[0]?.total ?? 0) : 0);
  return { items: rows.map(answerOf), total, page, perPage };
}

export type RegisterChangeDecision = 'apply' | 'dismiss';

const auditActions: Record<RegisterChangeDecision, AdminAuditAction> = { apply: 'apply_register_change', dismiss: 'dismiss_register_change' };

/**
 * Apply the chosen register fields to the profile (apply) or none of them (dismiss). The listing
 * is locked first, so an import or a second administrator writing it meanwhile waits, then finds
 * nothing pending (404).
 */
export async function decideRegisterChange(
  sql: Sql,
  admin: SessionUser,
  decision: RegisterChangeDecision,
  rawId: string,
  fields: readonly RegisterChangeField[] = [],
) {
  const base = { adminId: admin.id, action: auditActions[decision], targetType: 'institution', targetId: rawId.slice(0, 20) };
  try {
    // Parsed here, not by the route: a refused id is an admin action too, and is audited.
    const parsed = pathId(REGISTER_CHANGE_NOT_FOUND).safeParse(rawId);
    if (!parsed.success) throw new NotFoundError(REGISTER_CHANGE_NOT_FOUND);
    const id = parsed.data;
    return await sql.begin(async (tx: Tx) => {
      const row = await repo.lockPending(tx, id);
      if (!row) throw new NotFoundError(REGISTER_CHANGE_NOT_FOUND);
      const applied = REGISTER_CHANGE_FIELDS.filter((f) => fields.includes(f));
      const changes = changesOf(row);
      if (applied.length) {
        const columns = Object.assign({}, ...applied.map((f) => FIELD_MAP[f].columns(row.pending.fields)));
        await repo.updateInstitution(tx, id, columns);
      }
      await repo.acceptPending(tx, id, row.pending);
      await recordAdminAction(tx, {
        ...base,
        targetId: id,
        outcome: 'success',
        detail: {
          registerKey: row.registerKey,
          importId: row.pending.importId,
          applied,
          // What was written over (the profile's values) and what the register said, for the log.
          changes: changes.map((c) => ({ ...c, applied: applied.includes(c.field) })),
        },
      });
      // The register facts (date, codes) change either way; the profile too when applied.
      await emit(tx, 'search.institution', { id });
      return { success: true as const, institutionId: id, applied };
    });
  } catch (err) {
    if (err instanceof AppError && err.statusCode < 500) await auditFailure(sql, base, err);
    throw err;
  }
}
