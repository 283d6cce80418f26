import argon2 from 'argon2';

/**
 * argon2id with OWASP's minimum parameters (19 MiB, 2 iterations, 1 lane):
 * about 18 ms a hash on our 2-core machines, against 190 ms for the library's
 * defaults, which would cap sign-ins at about 10 a second.
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** A real hash to verify against when the account does not exist, so both paths take the same time. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  return (dummy ??= hashPassword('not-a-real-password-' + Math.random()));
}
