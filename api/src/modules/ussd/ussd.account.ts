// "My appointments" on USSD (issue 49): the account whose mobile number is the calling phone, behind a
// 4-digit USSD PIN set in Account settings, hashed like a password (argon2id). Five wrong PINs in a row
// lock it for a day; each use is told by a text. The list is the next three appointments: a patient may
// cancel one, a provider confirm a request, through the web's own rules (changeStatus).
import { toE164 } from '@ilera/contracts';
import type { Db, Sql } from '@ilera/db';
import { hashPassword, verifyPassword } from '@ilera/db/passwords';

export const PIN_TRIES = 5;
const LOCK_MS = 24 * 3600 * 1000;
export const PIN_MESSAGE = 'Your USSD PIN must be 4 digits.';

export interface UssdAccount {
  id: string;
  userType: string;
  pinHash: string;
  failures: number;
  lockedUntil: Date | null;
}

/** The account this phone may open with its PIN: the PIN was set for this number and the account's mobile is still it. */
export async function accountOfPhone(db: Db, phone: string): Promise<UssdAccount | null> {
  const rows = await db<(UssdAccount & { phone: string | null })[]>`
    SELECT id, user_type, ussd_pin_hash AS pin_hash, ussd_pin_failures AS failures, ussd_pin_locked_until AS locked_until, phone
    FROM users WHERE ussd_phone_e164 = ${phone} AND ussd_pin_hash IS NOT NULL
    ORDER BY ussd_pin_set_at DESC LIMIT 2`;
  const row = rows.find((r) => toE164(r.phone) === phone);
  if (!row) return null;
  const { phone: _, ...account } = row;
  return account;
}

export type PinCheck = { ok: true } | { ok: false; lockedUntil: Date | null; triesLeft: number };

/** Checks a PIN: a good one clears the count; a wrong one counts, and the fifth locks the PIN for a day. */
export async function checkPin(sql: Sql, account: UssdAccount, pin: string, now = new Date()): Promise<PinCheck> {
  if (account.lockedUntil && account.lockedUntil > now) return { ok: false, lockedUntil: account.lockedUntil, triesLeft: 0 };
  if (/^\d{4}$/.test(pin) && (await verifyPassword(account.pinHash, pin))) {
    await sql`UPDATE users SET ussd_pin_failures = 0, ussd_pin_locked_until = NULL WHERE id = ${account.id}`;
    return { ok: true };
  }
  const [row] = await sql<{ failures: number; lockedUntil: Date | null }[]>`
    UPDATE users SET ussd_pin_failures = CASE WHEN ussd_pin_failures + 1 >= ${PIN_TRIES} THEN 0 ELSE ussd_pin_failures + 1 END,
      ussd_pin_locked_until = CASE WHEN ussd_pin_failures + 1 >= ${PIN_TRIES} THEN ${new Date(now.getTime() + LOCK_MS)}::timestamptz ELSE NULL END
    WHERE id = ${account.id}
    RETURNING ussd_pin_failures AS failures, ussd_pin_locked_until AS locked_until`;
  return { ok: false, lockedUntil: row?.lockedUntil ?? null, triesLeft: row?.lockedUntil ? 0 : PIN_TRIES - (row?.failures ?? 0) };
}

/** Sets (or replaces) the account's PIN for its mobile number as it is now; false when it has no mobile we can text. */
export async function setPin(sql: Sql, userId: string, pin: string): Promise<{ phone: string } | null> {
  const [user] = await sql<{ phone: string | null }[]>`SELECT phone FROM users WHERE id = ${userId}`;
  const phone = toE164(user?.phone);
  if (!phone) return null;
  const hash = await hashPassword(pin);
  await sql`
    UPDATE users SET ussd_pin_hash = ${hash}, ussd_phone_e164 = ${phone}, ussd_pin_failures = 0, ussd_pin_locked_until = NULL, ussd_pin_set_at = now()
    WHERE id = ${userId}`;
  return { phone };
}

export async function removePin(sql: Sql, userId: string): Promise<void> {
  await sql`UPDATE users SET ussd_pin_hash = NULL, ussd_phone_e164 = NULL, ussd_pin_failures = 0, ussd_pin_locked_until = NULL, ussd_pin_set_at = NULL WHERE id = ${userId}`;
}

export async function pinStatus(sql: Sql, userId: string): Promise<{ set: boolean; phone: string | null; lockedUntil: string | null }> {
  const [row] = await sql<{ set: boolean; phone: string | null; lockedUntil: Date | null }[]>`
    SELECT ussd_pin_hash IS NOT NULL AS set, ussd_phone_e164 AS phone, ussd_pin_locked_until AS locked_until FROM users WHERE id = ${userId}`;
  const locked = row?.lockedUntil && row.lockedUntil > new Date() ? row.lockedUntil.toISOString() : null;
  return { set: row?.set ?? false, phone: row?.phone ?? null, lockedUntil: locked };
}

export interface UssdAppointment {
  id: number;
  status: string;
  appointmentDate: Date;
  providerName: string;
  /** The account is the provider of this appointment (else its patient). */
  asProvider: boolean;
}

/**
 * The account's next three appointments that can still change, as patient or as provider. Those this
 * session changed stay in the list (as they are now), so a step the provider posts again finds the same list.
 * The account's appointments are found one role at a time, each through its own index (as patient; as the
 * professional or institution it owns): one OR across the three joined tables read every future appointment
 * and every institution, 60 ms of PostgreSQL at 20,000 appointments, on each step of the menu (decision 045:
 * steps are replayed).
 */
export async function nextAppointments(db: Db, userId: string, sessionId: string, now = new Date()): Promise<UssdAppointment[]> {
  return db<UssdAppointment[]>`
    WITH mine AS (
      SELECT id FROM appointments WHERE patient_id = ${userId} AND appointment_date > ${now}
      UNION SELECT a.id FROM professionals p JOIN appointments a ON a.professional_id = p.id WHERE p.user_id = ${userId} AND a.appointment_date > ${now}
      UNION SELECT a.id FROM institutions i JOIN appointments a ON a.institution_id = i.id WHERE i.user_id = ${userId} AND a.appointment_date > ${now}
    )
    SELECT a.id, a.status, a.appointment_date,
      CASE WHEN a.professional_id IS NOT NULL THEN concat_ws(' ', nullif(p.title, ''), pu.first_name, pu.last_name) ELSE i.name END AS provider_name,
      coalesce(p.user_id, i.user_id) = ${userId} AS as_provider
    FROM mine
    JOIN appointments a ON a.id = mine.id
    LEFT JOIN professionals p ON p.id = a.professional_id
    LEFT JOIN users pu ON pu.id = p.user_id
    LEFT JOIN institutions i ON i.id = a.institution_id
    WHERE (a.status IN ('pending', 'confirmed') OR a.id IN (
        SELECT split_part(action, ':', 2)::int FROM ussd_actions WHERE session_id = ${sessionId} AND action ~ '^(cancelled|confirmed):[0-9]+$'))
    ORDER BY a.appointment_date
    LIMIT 3`;
}

/** The account a phone is taken to belong to (its language's), and whether a language chosen from it may be kept on that account. */
export interface PhoneAccount {
  /** The account a choice of language is saved on; null when none, or when several accounts share the number. */
  id: string | null;
  language: string | null;
}

/** The key of users_phone_last_digits_idx (migration 086) for a number: its last 10 digits. */
export const lastDigits = (phone: string) => phone.replace(/\D/g, '').slice(-10);

/**
 * Whose language a phone gets on USSD and in SMS search answers (issue 50, decision 049): the account that set
 * a USSD PIN for this number (its owner proved the password), else the one account whose mobile is this number
 * (users.phone however typed). The index (migration 086) reads the accounts whose typed mobile ends with the
 * number's last 10 digits; contracts' toE164 keeps those that are this number, as accountOfPhone does, so the
 * reading of a typed number lives in one place. Several accounts on one number (a family phone): their
 * language if they all have the same one, and none to save a choice on.
 */
export async function phoneAccount(db: Db, phone: string): Promise<PhoneAccount> {
  const candidates = await db<{ id: string; language: string | null; pin: boolean; phone: string }[]>`
    SELECT id, language, ussd_phone_e164 = ${phone} AND ussd_pin_hash IS NOT NULL AS pin, phone
    FROM users WHERE right(regexp_replace(phone, '[^0-9]', '', 'g'), 10) = ${lastDigits(phone)}
    ORDER BY 3 DESC, created_at LIMIT 20`;
  const rows = candidates.filter((r) => toE164(r.phone) === phone).slice(0, 5);
  const pinned = rows.find((r) => r.pin);
  if (pinned) return { id: pinned.id, language: pinned.language };
  if (rows.length === 1) return { id: rows[0]!.id, language: rows[0]!.language };
  const languages = new Set(rows.map((r) => r.language));
  return { id: null, language: languages.size === 1 ? [...languages][0]! : null };
}

/** Keeps a language chosen on USSD or by an SMS keyword on the phone's account. */
export async function saveAccountLanguage(sql: Sql, userId: string, language: string): Promise<void> {
  await sql`UPDATE users SET language = ${language}, updated_at = now() WHERE id = ${userId}`;
}
