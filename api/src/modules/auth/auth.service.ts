import { createHash, randomBytes } from 'node:crypto';
import type { Queue } from 'bullmq';
import { emit, type Db, type Sql } from '@ilera/db';
import { BadRequestError, UnauthorizedError } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import {
  findUserIdByEmail,
  findUserWithPasswordByEmail,
  findUserWithPasswordById,
  insertResetToken,
  findUsableResetToken,
  lockUsableResetToken,
  useAllResetTokens,
} from './auth.repo';
import { dummyHash, hashPassword, verifyPassword } from '@ilera/db/passwords';
import { setPasswordAndRaiseSessionVersion } from '@ilera/db/users';
import { passwordResetMail } from './password-reset-mail';
import { recipientLocale } from '@ilera/workers/messages';
import { recordAdminAction } from '../admin/audit.service';
import { REQUEST_REDIS_TIMEOUT_MS, withTimeout } from '../../redis';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';
export const SAME_PASSWORD = 'New password must be different from the current password';
export const INVALID_RESET_TOKEN = 'This password reset link is invalid or has expired.';
export const VALID_RESET_TOKEN = 'Token is valid';
export const RESET_EMAIL_SENT =
  'If an account exists for this email, a password reset link has been sent. It is valid for 1 hour.';
export const PASSWORD_RESET_DONE = 'Your password has been reset. You can now sign in with your new password.';
export const PASSWORD_CHANGED = 'Your password has been changed.';

/** Reset links are valid one hour. */
export const RESET_TOKEN_TTL_SECONDS = 3600;

/**
 * Checks e-mail and password. An unknown e-mail still costs one argon2
 * verification, so timing does not reveal which accounts exist.
 */
export async function authenticate(db: Db, email: string, password: string): Promise<SessionUser> {
  const row = await findUserWithPasswordByEmail(db, email);
  const ok = await verifyPassword(row?.passwordHash ?? (await dummyHash()), password);
  if (!row || !row.passwordHash || !ok) throw new UnauthorizedError(INVALID_CREDENTIALS);
  const { passwordHash: _omit, ...user } = row;
  return user;
}

/** Whether `password` is the user's (re-authentication before a grave step, e.g. deleting the account). */
export async function isPasswordOf(db: Db, userId: string, password: string): Promise<boolean> {
  const row = await findUserWithPasswordById(db, userId);
  const ok = await verifyPassword(row?.passwordHash ?? (await dummyHash()), password);
  return Boolean(row?.passwordHash) && ok;
}

/**
 * Changes a signed-in user's password after checking the current one. Raises
 * the user's session version, so every other session ends at its next request;
 * answers the new version so the caller can re-issue its own cookie (signIn).
 * A wrong current password is a 400 on the field, not a 401: the client treats
 * 401 as "you are signed out".
 */
export async function changePassword(
  sql: Sql,
  userId: string,
  currentPassword: string,
  newPassword: string,
): Promise<{ sessionVersion: number }> {
  const row = await findUserWithPasswordById(sql, userId);
  if (!row) throw new UnauthorizedError();
  const ok = row.passwordHash ? await verifyPassword(row.passwordHash, currentPassword) : false;
  if (!ok) throw new BadRequestError(CURRENT_PASSWORD_INCORRECT, { currentPassword: CURRENT_PASSWORD_INCORRECT });
  if (currentPassword === newPassword) throw new BadRequestError(SAME_PASSWORD, { newPassword: SAME_PASSWORD });
  const hash = await hashPassword(newPassword);
  const sessionVersion = await sql.begin(async (tx) => {
    const version = await setPasswordAndRaiseSessionVersion(tx, userId, hash);
    // A reset link mailed before the change must not undo it.
    await useAllResetTokens(tx, userId);
    return version;
  });
  return { sessionVersion };
}

// ---------------------------------------------------------------- password recovery

/** Only this hash of a reset token is stored: a database leak yields no usable link. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface ResetMailDeps {
  sql: Sql;
  mailQueue: Pick<Queue, 'add'>;
  appUrl: string;
}

/**
 * Creates a reset token for the account of `email`, if there is one, and
 * queues the mail once the token row has committed. The raw token exists only
 * in the mail job: not in the database, not in any log, and in the outbox only
 * while Redis is unreachable (below). Answers nothing either way: the route's
 * answer must not depend on it.
 */
export async function sendPasswordResetMail(deps: ResetMailDeps, email: string): Promise<void> {
  const user = await findUserIdByEmail(deps.sql, email);
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  const tokenId = await insertResetToken(deps.sql, user.id, hashResetToken(token), RESET_TOKEN_TTL_SECONDS);
  const link = `${deps.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  // In the account's language (issue 50, decision 049).
  const mail = { to: user.email, ...passwordResetMail(link, recipientLocale(user.language)) };
  try {
    await withTimeout(
      deps.mailQueue.add(
        'mail.send',
        mail,
        // Job id from the token row: a retried add cannot send twice. Once sent,
        // the job (which holds the link) is dropped from Redis.
        { jobId: `password-reset-${tokenId}`, removeOnComplete: true },
      ),
      REQUEST_REDIS_TIMEOUT_MS,
      'queue the password reset mail',
    );
  } catch {
    // Redis is unreachable: the mail waits in the outbox and the relay queues it
    // once Redis is back, rather than being lost. The row holds the link, so the
    // raw token is stored there: usable for at most RESET_TOKEN_TTL_SECONDS (1 hour)
    // and once, and the processed row is deleted 7 days later with the others
    // (docs/RELIABILITY.md, "Limits and Redis outages").
    await emit(deps.sql, 'mail.send', mail);
  }
}

export async function validateResetToken(db: Db, token: string): Promise<{ valid: boolean; message: string }> {
  const row = token ? await findUsableResetToken(db, hashResetToken(token)) : null;
  return row ? { valid: true, message: VALID_RESET_TOKEN } : { valid: false, message: INVALID_RESET_TOKEN };
}

/**
 * Sets a new password with a reset token: single use (every outstanding token
 * of the user is used up), and the session version is raised so every session
 * of the account ends.
 */
export async function resetPassword(sql: Sql, token: string, newPassword: string): Promise<void> {
  const tokenHash = hashResetToken(token);
  // Fail fast without hashing for an unknown token; the locked re-check below decides.
  if (!(await findUsableResetToken(sql, tokenHash))) throw new BadRequestError(INVALID_RESET_TOKEN);
  const hash = await hashPassword(newPassword);
  await sql.begin(async (tx) => {
    const row = await lockUsableResetToken(tx, tokenHash);
    if (!row) throw new BadRequestError(INVALID_RESET_TOKEN);
    await setPasswordAndRaiseSessionVersion(tx, row.userId, hash);
    await useAllResetTokens(tx, row.userId);
    // Issue 48 (D4): an administrator's password changed through "Forgot your password?" is in the
    // activity log like a change in the admin area or Account settings, with where it was made.
    const [user] = await tx<{ userType: string }[]>`SELECT user_type FROM users WHERE id = ${row.userId}`;
    if (user?.userType === 'admin') {
      await recordAdminAction(tx, {
        adminId: row.userId,
        action: 'change_password',
        targetType: 'user',
        targetId: row.userId,
        outcome: 'success',
        detail: { from: 'password_reset' },
      });
    }
  });
}
