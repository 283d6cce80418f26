// Licence expiry (issue 18, decision 011), professionals' licences and institutions'
// registrations alike: mails the provider 30 and 7 days before a
// licence expires and when it has expired; at expiry the "Verified" badge goes, and
// bookings stop once no Nigerian licence is current. Runs hourly as a BullMQ job
// scheduler on the maintenance queue; every step is idempotent, so a job run twice
// (or by two workers) mails once and changes the profile once.
import { emit, type Db } from '@ilera/db';
import { licenceTables, lockLicences, saveLicences, type ProviderLicences } from '@ilera/db/licences';
import {
  LICENCE_RENEWAL_PENDING,
  daysBetween,
  lagosToday,
  licenceStanding,
  type LicenceRecord,
  type ProviderKind,
} from '@ilera/contracts';
import type { MailMessageId } from '@ilera/contracts/mail-messages';
import type { WorkerContext } from './context';
import { mailDay, mailLetter, mailMessage, recipientLocale } from './mail-messages';

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

/** The notice in the owner's account language (issue 50); English, as it was, when none. */
function noticeMail(appUrl: string, kind: ProviderKind, who: ProviderLicences, l: LicenceRecord, notice: NoticeKind, days: number, renewalPending: boolean) {
  const locale = recipientLocale(who.language);
  const m = (id: MailMessageId, values: Record<string, string | number> = {}) => mailMessage(locale, id, { kind, country: l.country, ...values });
  const named = { number: `${l.licenseNumber}${l.council ? ` (${l.council})` : ''}`, until: mailDay(locale, new Date(`${l.expiresOn}T12:00:00+01:00`)) };
  const lines: string[] = [];
  let subject: string;
  if (notice === 'expired') {
    subject = m('licence.expired.subject');
    lines.push(m('licence.expired.body', named));
    if (l.country === 'Nigeria') {
      lines.push(m('licence.badge-gone'));
      if (renewalPending) lines.push(m('licence.renewal-pending', { pending: LICENCE_RENEWAL_PENDING }));
    }
  } else {
    subject = m('licence.expires.subject', { days });
    lines.push(m('licence.expires.body', named));
    if (l.country === 'Nigeria') lines.push(m('licence.will-lose'));
  }
  lines.push('', m('licence.renew', { link: `${appUrl}/` }));
  return { to: who.email, subject, text: mailLetter(locale, who.firstName, lines) };
}

/** One provider: mails due now (each once) and the badge and booking state the licences give now. */
async function checkProvider(tx: Db, appUrl: string, kind: ProviderKind, id: number, now: Date): Promise<{ mailed: number; changed: boolean }> {
  const row = await lockLicences(tx, kind, id);
  if (!row) return { mailed: 0, changed: false };
  const today = lagosToday(now);
  const standing = licenceStanding(row.licences, now);
  let mailed = 0;
  for (const l of row.licences) {
    if (!l.expiresOn) continue;
    const days = daysBetween(today, l.expiresOn);
    const notice = noticeKind(days);
    if (!notice) continue;
    // The notice row is the "sent" mark: a second run finds it and mails nothing.
    const inserted = await tx`
      INSERT INTO licence_notices ${tx({
        [licenceTables[kind].noticeColumn]: id,
        country: l.country,
        licenseNumber: l.licenseNumber,
        expiresOn: l.expiresOn,
        kind: notice,
        sentAt: now,
      } as never)}
      ON CONFLICT DO NOTHING RETURNING 1`;
    if (inserted.length === 0) continue;
    await emit(tx, 'mail.send', noticeMail(appUrl, kind, row, l, notice, days, standing.renewalPending));
    mailed++;
  }
  const changed = standing.isVerified !== row.isVerified || standing.renewalPending !== row.licenceRenewalPending;
  if (changed) await saveLicences(tx, kind, id, row.licences, now);
  return { mailed, changed };
}

/**
 * Every professional and institution with a licence (registration) expiring within
 * 30 days or expired within 30 days, and any whose stored badge or booking state an
 * expired Nigerian one may have made stale, checked one transaction each.
 */
export async function runLicenceExpiry(ctx: WorkerContext, now: Date): Promise<{ checked: number; mailed: number; changed: number }> {
  const today = lagosToday(now);
  const from = addDays(today, -NOTICE_DAYS);
  const to = addDays(today, NOTICE_DAYS);
  let checked = 0;
  let mailed = 0;
  let changed = 0;
  for (const kind of ['professional', 'institution'] as const) {
    const t = licenceTables[kind];
    const ids = await ctx.sql<{ id: number }[]>`
      SELECT p.id FROM ${ctx.sql(t.table)} p
      WHERE EXISTS (
        SELECT 1 FROM jsonb_array_elements(p.${ctx.sql(t.column)}) l
        WHERE l->>'expiresOn' BETWEEN ${from} AND ${to}
           OR (l->>'country' = 'Nigeria' AND l->>'expiresOn' < ${today} AND (p.is_verified OR NOT p.licence_renewal_pending)))
      ORDER BY p.id`;
    checked += ids.length;
    for (const { id } of ids) {
      const r = await ctx.sql.begin((tx) => checkProvider(tx, ctx.config.appUrl, kind, id, now));
      mailed += r.mailed;
      if (r.changed) changed++;
    }
  }
  return { checked, mailed, changed };
}
