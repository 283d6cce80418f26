import type { Db } from '@ilera/db';
import type { SessionUser } from '../../plugins/session';

export async function findUserWithPasswordByEmail(db: Db, email: string) {
  const [row] = await db<(SessionUser & { passwordHash: string | null })[]>`
    SELECT u.id, u.email, u.first_name, u.last_name, u.profile_image_url, u.user_type, u.session_version,
           p.password_hash
    FROM users u LEFT JOIN user_passwords p ON p.user_id = u.id
    WHERE lower(u.email) = lower(${email})`;
  return row ?? null;
}
