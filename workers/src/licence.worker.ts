// Licence expiry (issue 18, decision 011): mails the provider 30 and 7 days before a
// licence expires and when it has expired; at expiry the "Verified" badge goes, and
// bookings stop once no Nigerian licence is current. Runs hourly as a BullMQ job
// scheduler on the maintenance queue; every step is idempotent, so a job run twice
// (or by two workers) mails once and changes the profile once.
import { emit, type Db } from '@ilera/db';
import {
  daysBetween,
  formatLagosDate,
  lagosToday,
  licenceStanding,
  type LicenceRecord,
} from '@ilera/contracts';
import type { WorkerContext } from './context';

export const LICENCE_SCHEDULER_ID = 'licence-expiry';
export const LICENCE_CHECK_EVERY_MS = 3600 * 1000;
/** Mails go 30 and 7 days ahead; an expiry mail only for a licence expired within this many days. */
const NOTICE_DAYS = 30;

type NoticeKind = 'expires-30' | 'expires-7' | 'expired';

function noticeKind(days: number): NoticeKind | null {
  if (days < 0) return days >= -NOTICE_DAYS ? 'expired' : null;
  if (days <= 7) return 'expires-7';
  if (days <= NOTICE_DAYS) return 'expires-30';
  return null;
}

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86400_000).toISOString().slice(0, 10);

interface Candidate {
  id: number;
  countryLicenses: LicenceRecord[];
  isVerified: boolean;
  licenceRenewalPending: boolean;
  email: string;
  firstName: string | null;
}

function noticeMail(appUrl: string, who: Candidate, l: LicenceRecord, kind: NoticeKind, days: number, renewalPending: boolean) {
  const what = `your ${l.country} licence ${l.licenseNumber}${l.council ? ` (${l.council})` : ''}`;
  const until = formatLagosDate(`${l.expiresOn}T12:00:00+01:00`);
  const lines = [`Hello ${who.firstName ?? ''},`.replace(' ,', ','), ''];
  let subject: string;
  if (kind === 'expired') {
    subject = `Your ${l.country} licence has expired`;
    lines.push(`Ilera's record of ${what} shows that it expired on ${until}.`);
    if (l.country === 'Nigeria') {
      lines.push('Your profile no longer shows the "Verified" badge.');
      if (renewalPending) {
        lines.push('Until a renewed licence is on your profile, it says "Not currently accepting bookings: licence renewal pending"; appointments already made stay.');
      }
    }
  } else {
    subject = `Your ${l.country} licence expires in ${days} day${days === 1 ? '' : 's'}`;
    lines.push(`Ilera's record of ${what} shows that it expires on ${until}.`);
    if (l.country === 'Nigeria') {
      lines.push('Once it expires, your profile loses the "Verified" badge, and without another current Nigerian licence it stops taking new bookings.');
    }
  }
  lines.push('', `After renewing, enter the new expiry date under Countries of Practice on your dashboard: ${appUrl}/`, '', 'The Ilera team');
  return { to: who.email, subject, text: lines.join('\n') };
}

/** One professional: mails due now (each once) and the badge and booking state the licences give now. */
async function checkProfessional(tx: Db, appUrl: string, id: number, now: Date): Promise<{ mailed: number; changed: boolean }> {
  const [row] = await tx<Candidate[]>`
    SELECT p.id, p.country_licenses, p.is_verified, p.licence_renewal_pending, u.email, u.first_name
    FROM professionals p JOIN users u ON u.id = p.user_id WHERE p.id = ${id} FOR UPDATE OF p`;
  if (!row) return { mailed: 0, changed: false };
  const today = lagosToday(now);
  const standing = licenceStanding(row.countryLicenses, now);
  let mailed = 0;
  for (const l of row.countryLicenses) {
    if (!l.expiresOn) continue;
    const days = daysBetween(today, l.expiresOn);
    const kind = noticeKind(days);
    if (!kind) continue;
    // The notice row is the "sent" mark: a second run finds it and mails nothing.
    const inserted = await tx`
      INSERT INTO licence_notices (professional_id, country, license_number, expires_on, kind, sent_at)
      VALUES (${id}, ${l.country}, ${l.licenseNumber}, ${l.expiresOn}, ${kind}, ${now})
      ON CONFLICT DO NOTHING RETURNING 1`;
    if (inserted.length === 0) continue;
    await emit(tx, 'mail.send', noticeMail(appUrl, row, l, kind, days, standing.renewalPending));
    mailed++;
  }
  const changed = standing.isVerified !== row.isVerified || standing.renewalPending !== row.licenceRenewalPending;
  if (changed) {
    await tx`
      UPDATE professionals SET is_verified = ${standing.isVerified}, licence_renewal_pending = ${standing.renewalPending},
        updated_at = now()
      WHERE id = ${id}`;
    await emit(tx, 'search.professional', { id });
  }
  return { mailed, changed };
}

/**
 * Every professional with a licence expiring within 30 days or expired within 30
 * days, and any whose stored badge or booking state an expired Nigerian licence may
 * have made stale, checked one transaction each.
 */
export async function runLicenceExpiry(ctx: WorkerContext, now: Date): Promise<{ checked: number; mailed: number; changed: number }> {
  const today = lagosToday(now);
  const from = addDays(today, -NOTICE_DAYS);
  const to = addDays(today, NOTICE_DAYS);
  const ids = await ctx.sql<{ id: number }[]>`
    SELECT p.id FROM professionals p
    WHERE EXISTS (
      SELECT 1 FROM jsonb_array_elements(p.country_licenses) l
      WHERE l->>'expiresOn' BETWEEN ${from} AND ${to}
         OR (l->>'country' = 'Nigeria' AND l->>'expiresOn' < ${today} AND (p.is_verified OR NOT p.licence_renewal_pending)))
    ORDER BY p.id`;
  let mailed = 0;
  let changed = 0;
  for (const { id } of ids) {
    const r = await ctx.sql.begin((tx) => checkProfessional(tx, ctx.config.appUrl, id, now));
    mailed += r.mailed;
    if (r.changed) changed++;
  }
  return { checked: ids.length, mailed, changed };
}
