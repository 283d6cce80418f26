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

export async function findUserIdByEmail(db: Db, email: string): Promise<{ id: string; email: string; language: string | null } | null> {
  const [row] = await db<{ id: string; email: string; language: string | null }[]>`SELECT id, email, language FROM users WHERE lower(email) = lower(${email})`;
  return row ?? null;
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
