// SQL that professionals and institutions share: the same statements on their own
// table. What differs between the kinds is the table and the columns a reviewer checked.
import type { Db } from '@ilera/db';
import type { Professional, ProfileStatus, ProviderKind } from '@ilera/contracts';

export const providerTables = { professional: 'professionals', institution: 'institutions' } as const;

/** Who may see a profile: its owner and status (visibleTo). */
export interface RefBase {
  id: number;
  /** Null for an unclaimed register listing (issue 33). */
  userId: string | null;
  status: ProfileStatus;
}
/** Just enough to decide who may see or change a profile, with what an approval checked. */
export interface ProfessionalRef extends RefBase {
  professionalType: Professional['professionalType'];
  /** The licence of record (migration 062): the Nigerian licence's number, else the first licence's, else its own. */
  licenseNumber: string | null;
  countryLicenses: { country: string; licenseNumber: string }[];
}
export interface InstitutionRef extends RefBase {
  type: string;
  name: string;
}
export interface ProviderRefs {
  professional: ProfessionalRef;
  institution: InstitutionRef;
}

const refColumns = {
  professional: ['id', 'user_id', 'status', 'professional_type', 'license_number', 'country_licenses'],
  institution: ['id', 'user_id', 'status', 'type', 'name'],
} as const;

/** A provider by id or by its owner, optionally locked: two edits of one profile decide its status one after the other. */
export async function findRef<K extends ProviderKind>(
  db: Db,
  kind: K,
  by: { id: number } | { userId: string },
  lock = false,
): Promise<ProviderRefs[K] | null> {
  const where = 'id' in by ? db`id = ${by.id}` : db`user_id = ${by.userId}`;
  const [row] = await db<ProviderRefs[K][]>`
    SELECT ${db(refColumns[kind] as unknown as string[])} FROM ${db(providerTables[kind] as string)} WHERE ${where} ${lock ? db`FOR UPDATE` : db``}`;
  return row ?? null;
}

/** A new profile: its columns as given (status and verification default to pending and false). */
export async function insertProvider(db: Db, kind: ProviderKind, columns: Record<string, unknown>): Promise<number> {
  const [row] = await db<{ id: number }[]>`INSERT INTO ${db(providerTables[kind] as string)} ${db(columns as never)} RETURNING id`;
  return row.id;
}

/** Writes an edit; the rejection reason is kept only while the profile stays rejected. */
export async function updateProvider(
  db: Db,
  kind: ProviderKind,
  id: number,
  columns: Record<string, unknown>,
  status: ProfileStatus,
): Promise<void> {
  await db`
    UPDATE ${db(providerTables[kind] as string)} SET ${db({ ...columns, status } as never)},
      rejection_reason = CASE WHEN ${status}::text = 'rejected' THEN rejection_reason END,
      updated_at = now()
    WHERE id = ${id}`;
}

/** The profile photo is also the account's avatar (header, menus): both change together. */
export async function updatePhoto(db: Db, kind: ProviderKind, id: number, url: string | null): Promise<void> {
  const [row] = await db<{ userId: string }[]>`
    UPDATE ${db(providerTables[kind] as string)} SET profile_image_url = ${url}, updated_at = now() WHERE id = ${id} RETURNING user_id`;
  await db`UPDATE users SET profile_image_url = ${url}, updated_at = now() WHERE id = ${row.userId}`;
}

/** A patient who sets up a provider profile becomes that kind of account. */
export async function setUserType(db: Db, userId: string, kind: ProviderKind): Promise<void> {
  await db`UPDATE users SET user_type = ${kind}, updated_at = now() WHERE id = ${userId}`;
}
