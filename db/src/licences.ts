// Licences (professionals) and registrations (institutions) behind the "Verified"
// badge (issue 18, decision 011): one set of SQL for both kinds of provider, used by
// the API (edit, "Verify licence") and the workers (expiry job). What differs between
// the kinds is only where things live: the table, the column, the search topic.
import { licenceStanding, type LicenceRecord, type ProviderKind } from '@ilera/contracts';
import type { Db } from './client';
import { emit } from './outbox';

export interface ProviderLicenceTables {
  table: 'professionals' | 'institutions';
  /** The jsonb list of LicenceRecord. */
  column: 'country_licenses' | 'registrations';
  /** The provider's type column: it decides a Nigerian licence's usual council or body. */
  typeColumn: 'professional_type' | 'type';
  /** The provider's column in `licence_notices`. */
  noticeColumn: 'professional_id' | 'institution_id';
  topic: 'search.professional' | 'search.institution';
}

export const licenceTables: Record<ProviderKind, ProviderLicenceTables> = {
  professional: {
    table: 'professionals',
    column: 'country_licenses',
    typeColumn: 'professional_type',
    noticeColumn: 'professional_id',
    topic: 'search.professional',
  },
  institution: { table: 'institutions', column: 'registrations', typeColumn: 'type', noticeColumn: 'institution_id', topic: 'search.institution' },
};

/** A provider's licences as stored, with its owner (for mail) and the standing last written. */
export interface ProviderLicences {
  id: number;
  userId: string;
  type: string;
  licences: LicenceRecord[];
  isVerified: boolean;
  licenceRenewalPending: boolean;
  email: string;
  firstName: string | null;
  /** The owner's account language (users.language): the licence notices are in it (issue 50). */
  language: string | null;
}

/** Locks the provider's row: the caller writes the licences back in its transaction. */
export async function lockLicences(db: Db, kind: ProviderKind, id: number): Promise<ProviderLicences | null> {
  const t = licenceTables[kind];
  const [row] = await db<ProviderLicences[]>`
    SELECT p.id, p.user_id, p.${db(t.typeColumn)} AS type, p.${db(t.column)} AS licences, p.is_verified,
           p.licence_renewal_pending, u.email, u.first_name, u.language
    FROM ${db(t.table)} p JOIN users u ON u.id = p.user_id
    WHERE p.id = ${id}
    FOR UPDATE OF p`;
  return row ?? null;
}

/**
 * Writes a provider's licences with the badge and booking state they give at `now`,
 * and its search event, in the caller's transaction. Every change to licences goes
 * through here (owner's edit, verification, expiry job). `extra` columns (a
 * professional's countries) are written with them.
 */
export async function saveLicences(
  tx: Db,
  kind: ProviderKind,
  id: number,
  licences: LicenceRecord[],
  now: Date,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const t = licenceTables[kind];
  const standing = licenceStanding(licences, now);
  await tx`
    UPDATE ${tx(t.table)} SET ${tx({
      ...extra,
      [t.column]: tx.json(licences as never),
      isVerified: standing.isVerified,
      licenceRenewalPending: standing.renewalPending,
    } as never)}, updated_at = now()
    WHERE id = ${id}`;
  await emit(tx, t.topic, { id });
}
