// The SQL that creates an account and replaces its password, shared by registration,
// the administrator's "Add user", password changes and resets, and the admin:create command.
import type { UserType } from '@ilera/contracts';
import type { Db } from './client';

/** An account as a session knows it. */
export interface AccountUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  userType: UserType;
  sessionVersion: number;
}

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  profileImageUrl: string | null;
  userType: UserType;
}

/** Inserts a user and its password hash (the caller's transaction). */
export async function insertUserWithPassword(db: Db, user: NewUser, passwordHash: string): Promise<AccountUser> {
  const [row] = await db<AccountUser[]>`
    INSERT INTO users (email, first_name, last_name, phone, profile_image_url, user_type)
    VALUES (${user.email}, ${user.firstName}, ${user.lastName}, ${user.phone}, ${user.profileImageUrl}, ${user.userType})
    RETURNING id, email, first_name, last_name, profile_image_url, user_type, session_version`;
  await db`INSERT INTO user_passwords (user_id, password_hash) VALUES (${row.id}, ${passwordHash})`;
  return row;
}

/**
 * Replaces the password and raises the session version (the caller's transaction):
 * every cookie issued before now stops working (D14). Answers the new session version.
 */
export async function setPasswordAndRaiseSessionVersion(db: Db, userId: string, passwordHash: string): Promise<number> {
  await db`
    INSERT INTO user_passwords (user_id, password_hash) VALUES (${userId}, ${passwordHash})
    ON CONFLICT (user_id) DO UPDATE SET password_hash = EXCLUDED.password_hash, updated_at = now()`;
  const [row] = await db<{ sessionVersion: number }[]>`
    UPDATE users SET session_version = session_version + 1, updated_at = now()
    WHERE id = ${userId} RETURNING session_version`;
  return row.sessionVersion;
}
