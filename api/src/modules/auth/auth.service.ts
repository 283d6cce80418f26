import type { Db } from '@ilera/db';
import { UnauthorizedError } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { findUserWithPasswordByEmail } from './auth.repo';
import { dummyHash, verifyPassword } from './password';

export const INVALID_CREDENTIALS = 'Invalid email or password';

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
