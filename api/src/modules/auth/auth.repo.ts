import type { Db } from '@ilera/db';
import type { SessionUser } from '../../plugins/session';

type UserWithHash = SessionUser & { passwordHash: string | null };

export async function findUserWithPasswordByEmail(db: Db, email: string): Promise<UserWithHash | null> {
  const [row] = await db<UserWithHash[]>`
    SELECT u.id, u.email, u.first_name, u.last_name, u.profile_image_url, u.user_type, u.session_version,
           p.password_hash
    FROM users u LEFT JOIN user_passwords p ON p.user_id = u.id
    WHERE lower(u.email) = lower(${email})`;
  return row ?? null;
}

export async function findUserWithPasswordById(db: Db, id: string): Promise<UserWithHash | null> {
  const [row] = await db<UserWithHash[]>`
    SELECT u.id, u.email, u.first_name, u.last_name, u.profile_image_url, u.user_type, u.session_version,
           p.password_hash
    FROM users u LEFT JOIN user_passwords p ON p.user_id = u.id
    WHERE u.id = ${id}`;
  return row ?? null;
}

export async function findUserIdByEmail(db: Db, email: string): Promise<{ id: string; email: string } | null> {
  const [row] = await db<{ id: string; email: string }[]>`SELECT id, email FROM users WHERE lower(email) = lower(${email})`;
  return row ?? null;
}

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  profileImageUrl: string | null;
  userType: SessionUser['userType'];
}

/** Inserts a user and its password hash (the caller's transaction). */
export async function insertUserWithPassword(db: Db, user: NewUser, passwordHash: string): Promise<SessionUser> {
  const [row] = await db<SessionUser[]>`
    INSERT INTO users (email, first_name, last_name, phone, profile_image_url, user_type)
    VALUES (${user.email}, ${user.firstName}, ${user.lastName}, ${user.phone}, ${user.profileImageUrl}, ${user.userType})
    RETURNING id, email, first_name, last_name, profile_image_url, user_type, session_version`;
  await db`INSERT INTO user_passwords (user_id, password_hash) VALUES (${row.id}, ${passwordHash})`;
  return row;
}

/**
 * Replaces the password and raises the session version in one statement pair
 * (the caller's transaction): every cookie issued before now stops working.
 * Answers the new session version.
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

// ---------------------------------------------------------------- reset tokens

export async function insertResetToken(db: Db, userId: string, tokenHash: string, ttlSeconds: number): Promise<number> {
  const [row] = await db<{ id: number }[]>`
    INSERT INTO password_reset_tokens (user_id, token_hash, expires_at)
    VALUES (${userId}, ${tokenHash}, now() + make_interval(secs => ${ttlSeconds}))
    RETURNING id`;
  return row.id;
}

/** The user of an unused, unexpired token, or null. */
export async function findUsableResetToken(db: Db, tokenHash: string): Promise<{ id: number; userId: string } | null> {
  const [row] = await db<{ id: number; userId: string }[]>`
    SELECT id, user_id FROM password_reset_tokens
    WHERE token_hash = ${tokenHash} AND NOT used AND expires_at > now()`;
  return row ?? null;
}

/** Same, with a row lock: two concurrent resets with one token cannot both pass. */
export async function lockUsableResetToken(db: Db, tokenHash: string): Promise<{ id: number; userId: string } | null> {
  const [row] = await db<{ id: number; userId: string }[]>`
    SELECT id, user_id FROM password_reset_tokens
    WHERE token_hash = ${tokenHash} AND NOT used AND expires_at > now()
    FOR UPDATE`;
  return row ?? null;
}

/** Uses up every outstanding token of the user (a reset or a password change ends them all). */
export async function useAllResetTokens(db: Db, userId: string): Promise<void> {
  await db`UPDATE password_reset_tokens SET used = true WHERE user_id = ${userId} AND NOT used`;
}
