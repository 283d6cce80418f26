// SQL of the saved providers (issue 35): one table, saved_providers (migration 041).
import type { Db } from '@ilera/db';
import type { SavedProviderKind } from '@ilera/contracts';

export interface SavedRow {
  kind: SavedProviderKind;
  id: number;
  name: string;
  /** A professional's specialty, an institution's type (a code: the service labels it). */
  detail: string;
  city: string | null;
  state: string | null;
  profileImageUrl: string | null;
  savedAt: Date;
}

/** Whether the public may see this provider (approved; register listings are approved rows). */
export async function isVisible(db: Db, kind: SavedProviderKind, id: number): Promise<boolean> {
  const rows =
    kind === 'professional'
      ? await db`SELECT 1 FROM professionals WHERE id = ${id} AND status = 'approved'`
      : await db`SELECT 1 FROM institutions WHERE id = ${id} AND status = 'approved'`;
  return rows.length > 0;
}

/** Saves a bookmark; saving one twice keeps the first (and its time). True when it is new. */
export async function save(db: Db, userId: string, kind: SavedProviderKind, id: number): Promise<boolean> {
  const rows =
    kind === 'professional'
      ? await db`INSERT INTO saved_providers (user_id, professional_id) VALUES (${userId}, ${id})
          ON CONFLICT (user_id, professional_id) WHERE professional_id IS NOT NULL DO NOTHING RETURNING 1`
      : await db`INSERT INTO saved_providers (user_id, institution_id) VALUES (${userId}, ${id})
          ON CONFLICT (user_id, institution_id) WHERE institution_id IS NOT NULL DO NOTHING RETURNING 1`;
  return rows.length > 0;
}

/** Removes a bookmark; true when there was one. */
export async function remove(db: Db, userId: string, kind: SavedProviderKind, id: number): Promise<boolean> {
  const rows =
    kind === 'professional'
      ? await db`DELETE FROM saved_providers WHERE user_id = ${userId} AND professional_id = ${id} RETURNING 1`
      : await db`DELETE FROM saved_providers WHERE user_id = ${userId} AND institution_id = ${id} RETURNING 1`;
  return rows.length > 0;
}

/**
 * The account's bookmarks of profiles the public may see, newest first. A withdrawn or
 * rejected profile leaves the list but keeps its row: it comes back if approved again.
 */
export async function list(db: Db, userId: string): Promise<SavedRow[]> {
  return db<SavedRow[]>`
    SELECT 'professional' AS kind, p.id,
      concat_ws(' ', nullif(p.title, ''), u.first_name, u.last_name) AS name, p.specialty AS detail,
      p.city, p.state, coalesce(p.profile_image_url, u.profile_image_url) AS profile_image_url, s.created_at AS saved_at
    FROM saved_providers s JOIN professionals p ON p.id = s.professional_id JOIN users u ON u.id = p.user_id
    WHERE s.user_id = ${userId} AND p.status = 'approved'
    UNION ALL
    SELECT 'institution', i.id, i.name, i.type, i.city, i.state, i.profile_image_url, s.created_at
    FROM saved_providers s JOIN institutions i ON i.id = s.institution_id
    WHERE s.user_id = ${userId} AND i.status = 'approved'
    ORDER BY saved_at DESC, kind, id`;
}
