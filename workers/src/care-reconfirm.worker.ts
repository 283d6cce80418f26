// Care facts re-confirmation (issue 45, D29; decision 039): every CARE_REMINDER_DAYS an owner whose care
// facts (hours, services, plans, fees) were last confirmed more than CARE_REMINDER_DAYS ago gets a mail and a
// text asking them to check and confirm them. The text waits out the quiet hours (D24: 21:00-07:00 WAT).
// care_facts.reminded_at is the "sent" mark: a provider is reminded at most once every CARE_REMINDER_DAYS,
// and a job run twice (retry, two workers) sends once. Register listings have no owner to remind.
import { CARE_REMINDER_DAYS, toTextableE164, watDayNumber, type ProviderKind } from '@ilera/contracts';
import { emit, type Db } from '@ilera/db';
import type { WorkerContext } from './context';
import type { TextJob } from './channels/processor';
import { afterQuietHours, careReconfirmText } from './channels/texts';
import { mailLetter } from './mail-messages';
import { localDay, message, recipientLocale, usesEnglishDates } from './messages';

/** The daily repeatable job on the reminders queue (reminder.worker.ts schedules and runs it). */
export const CARE_RECONFIRM_SCHEDULER_ID = 'care-reconfirm';
/** Once a day, mid-morning in Lagos: a text goes at once rather than waiting for the morning. */
export const CARE_RECONFIRM_PATTERN = '0 10 * * *';
/** Providers reminded per run at most (the rest the next day): a first run after a long pause stays small. */
const BATCH = 500;

const DAY_MS = 86400_000;

interface Due {
  kind: ProviderKind;
  id: number;
}

/** Owners' providers whose newest confirmation is older than CARE_REMINDER_DAYS and who were not reminded since. */
async function dueProviders(db: Db, now: Date): Promise<Due[]> {
  const cutoff = new Date(now.getTime() - CARE_REMINDER_DAYS * DAY_MS);
  return db<Due[]>`
    SELECT CASE WHEN f.professional_id IS NOT NULL THEN 'professional' ELSE 'institution' END AS kind,
      coalesce(f.professional_id, f.institution_id) AS id
    FROM care_facts f
      LEFT JOIN professionals p ON p.id = f.professional_id
      LEFT JOIN institutions i ON i.id = f.institution_id
    WHERE coalesce(p.user_id, i.user_id) IS NOT NULL AND coalesce(p.status, i.status) = 'approved'
      AND greatest(f.hours_confirmed_at, f.services_confirmed_at, f.plans_confirmed_at, f.fees_confirmed_at) < ${cutoff}
      AND (f.reminded_at IS NULL OR f.reminded_at < ${cutoff})
    ORDER BY f.id LIMIT ${BATCH}`;
}

interface Owner {
  email: string;
  firstName: string | null;
  name: string;
  profilePhone: string | null;
  accountPhone: string | null;
  confirmedAt: Date;
  /** The owner's account language (users.language): their text's (issue 50, decision 049). */
  language: string | null;
}

/**
 * The provider's care facts row locked, still due, with whom to write to: the account's e-mail, and the
 * numbers a text may go to (the profile's phone if a mobile, else the account's).
 */
async function lockDue(db: Db, { kind, id }: Due, cutoff: Date): Promise<Owner | null> {
  const provider =
    kind === 'professional'
      ? db`JOIN professionals p ON p.id = f.professional_id JOIN users u ON u.id = p.user_id`
      : db`JOIN institutions p ON p.id = f.institution_id JOIN users u ON u.id = p.user_id`;
  const name = kind === 'professional' ? db`concat_ws(' ', nullif(p.title, ''), u.first_name, u.last_name)` : db`p.name`;
  const [row] = await db<Owner[]>`
    SELECT u.email, u.first_name, ${name} AS name, p.phone AS profile_phone, u.phone AS account_phone, u.language,
      greatest(f.hours_confirmed_at, f.services_confirmed_at, f.plans_confirmed_at, f.fees_confirmed_at) AS confirmed_at
    FROM care_facts f ${provider}
    WHERE f.${db(`${kind}_id`)} = ${id}
      AND greatest(f.hours_confirmed_at, f.services_confirmed_at, f.plans_confirmed_at, f.fees_confirmed_at) < ${cutoff}
      AND (f.reminded_at IS NULL OR f.reminded_at < ${cutoff})
    FOR UPDATE OF f`;
  return row ?? null;
}

const formatDay = (d: Date) => d.toLocaleDateString('en-GB', { timeZone: 'Africa/Lagos', day: 'numeric', month: 'long', year: 'numeric' });

/** In the owner's account language (issue 50, decision 049); English, as it was, when none. */
function reconfirmMail(o: Owner, link: string) {
  const l = recipientLocale(o.language);
  const day = usesEnglishDates(l) ? formatDay(o.confirmedAt) : localDay(l, o.confirmedAt, true);
  return {
    to: o.email,
    subject: message(l, 'mail.reconfirm.subject'),
    text: mailLetter(l, o.firstName, [message(l, 'mail.reconfirm.why', { provider: o.name }), message(l, 'mail.reconfirm.last', { day }), link]),
  };
}

/**
 * One run: each due provider in its own transaction (lock, mail event, text job, reminded_at), so a run
 * stopped part-way resumes where it stopped. The text is added before the commit under a fixed id (one per
 * provider and day): a rolled-back transaction's retry adds nothing new.
 */
export async function runCareReconfirm(ctx: WorkerContext, now: Date): Promise<{ due: number; reminded: number; texted: number }> {
  const cutoff = new Date(now.getTime() - CARE_REMINDER_DAYS * DAY_MS);
  const link = `${ctx.config.appUrl}/profile-setup`;
  const due = await dueProviders(ctx.sql, now);
  let reminded = 0;
  let texted = 0;
  for (const provider of due) {
    const sent = await ctx.sql.begin(async (tx) => {
      const owner = await lockDue(tx, provider, cutoff);
      if (!owner) return null;
      await emit(tx, 'mail.send', reconfirmMail(owner, link));
      const to = toTextableE164(owner.profilePhone) ?? toTextableE164(owner.accountPhone);
      if (to) {
        const job: TextJob = { ...careReconfirmText(owner.name, to, link, recipientLocale(owner.language)), kind: 'care-reconfirm' };
        const jobId = `text-care-reconfirm-${provider.kind}-${provider.id}-${watDayNumber(now)}`;
        await ctx.queues.texts.add('text.send', job, { jobId, delay: afterQuietHours(now).getTime() - now.getTime() });
      }
      await tx`UPDATE care_facts SET reminded_at = ${now} WHERE ${tx(`${provider.kind}_id`)} = ${provider.id}`;
      return { texted: to !== null };
    });
    if (!sent) continue;
    reminded++;
    if (sent.texted) texted++;
  }
  return { due: due.length, reminded, texted };
}
