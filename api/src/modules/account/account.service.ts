// Account settings for every role (issue 14; PRODUCT.md D21).
import { CARE_PAYER_MESSAGE, DELETE_PASSWORD_INCORRECT, FORMER_PATIENT, type UpdateAccountInput } from '@ilera/contracts';
import { emit, type Sql, type Tx } from '@ilera/db';
import { mailLetter, mailMessage, mailWhen, recipientLocale } from '@ilera/workers/mail-messages';
import { BadRequestError, UnauthorizedError } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { isPasswordOf } from '../auth/auth.service';
import * as repo from './account.repo';

export interface AccountDeps {
  sql: Sql;
  appUrl: string;
}

function accountView(row: repo.AccountRow) {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    profileImageUrl: row.profileImageUrl,
    userType: row.userType,
    myPlan: row.myPlan,
    language: row.language,
    createdAt: row.createdAt,
  };
}

export async function getAccount(sql: Sql, user: SessionUser) {
  const row = await repo.findAccount(sql, user.id);
  if (!row) throw new UnauthorizedError();
  return accountView(row);
}

/** Name and phone, kept as typed (phones are compared on their digits elsewhere), and "My plan" (a payer of the list). */
export async function updateAccount(sql: Sql, user: SessionUser, input: UpdateAccountInput) {
  if (input.myPlan && !(await repo.payerExists(sql, input.myPlan))) {
    throw new BadRequestError(CARE_PAYER_MESSAGE, { myPlan: CARE_PAYER_MESSAGE });
  }
  const row = await repo.updateAccount(sql, user.id, input).catch((err: { code?: string }) => {
    // The payer was deleted since the check above.
    if (err?.code === '23503') throw new BadRequestError(CARE_PAYER_MESSAGE, { myPlan: CARE_PAYER_MESSAGE });
    throw err;
  });
  if (!row) throw new UnauthorizedError();
  return accountView(row);
}

/** Every session of the user ends, this one included (D14: the session version is raised). */
export async function signOutEverywhere(sql: Sql, user: SessionUser): Promise<void> {
  await repo.raiseSessionVersion(sql, user.id);
}

/** D21, right of access: everything we hold about the user, as JSON. Never a password hash. */
export async function exportAccount(sql: Sql, user: SessionUser) {
  const account = await repo.findAccount(sql, user.id);
  if (!account) throw new UnauthorizedError();
  const rows = await repo.exportRows(sql, user.id);
  return {
    exportedAt: new Date().toISOString(),
    account: { ...accountView(account), updatedAt: account.updatedAt },
    ...rows,
  };
}

/** The mail the other side of a cancelled appointment gets, in that side's account language (issue 50). */
function cancellationMail(appUrl: string, a: repo.CancelledAppointment, deletedIsPatient: boolean) {
  if (deletedIsPatient) {
    const l = recipientLocale(a.providerLanguage);
    const when = mailWhen(l, a.appointmentDate);
    return {
      to: a.providerEmail,
      subject: mailMessage(l, 'account-cancelled.subject', { name: a.patientName, when }),
      text: mailLetter(l, null, [
        mailMessage(l, 'account-cancelled.patient-left', { patient: a.patientName, provider: a.providerName, when }),
        '',
        mailMessage(l, 'account-cancelled.yours', { link: `${appUrl}/appointments` }),
      ]),
    };
  }
  const l = recipientLocale(a.patientLanguage);
  const when = mailWhen(l, a.appointmentDate);
  return {
    to: a.patientEmail,
    subject: mailMessage(l, 'account-cancelled.subject', { name: a.providerName, when }),
    text: mailLetter(l, a.patientName, [
      mailMessage(l, 'account-cancelled.provider-left', { provider: a.providerName, when }),
      '',
      mailMessage(l, 'account-cancelled.find', { link: `${appUrl}/search` }),
    ]),
  };
}

/** The last mail of a deleted account, in its language (issue 50). */
function deletedMail(owner: { email: string; firstName: string | null; language: string | null }) {
  const l = recipientLocale(owner.language);
  return {
    to: owner.email,
    subject: mailMessage(l, 'account-deleted.subject'),
    text: mailLetter(l, owner.firstName, [mailMessage(l, 'account-deleted.body')]),
  };
}

/**
 * D21, right of erasure. After the password is checked, in one transaction:
 * future appointments (booked or received) are cancelled and the other side is
 * mailed; the user's details leave the appointments they booked; their reviews
 * stay under "Former patient"; their profile leaves the search index; the user
 * row goes (and with it the password, reset links and profiles), so signing in
 * is impossible and every session is refused.
 */
export async function deleteAccount(deps: AccountDeps, user: SessionUser, password: string): Promise<void> {
  if (!(await isPasswordOf(deps.sql, user.id, password))) {
    throw new BadRequestError(DELETE_PASSWORD_INCORRECT, { password: DELETE_PASSWORD_INCORRECT });
  }
  await deps.sql.begin(async (tx: Tx) => {
    const owner = await repo.lockOwner(tx, user.id);
    if (!owner) throw new UnauthorizedError();
    const cancelled = await repo.cancelFutureAppointments(tx, user.id, owner.professionalId, owner.institutionId);
    for (const a of cancelled) {
      const mail = cancellationMail(deps.appUrl, a, a.patientId === user.id);
      if (mail.to) await emit(tx, 'mail.send', mail);
    }
    await repo.erasePatientDetails(tx, user.id, FORMER_PATIENT);
    // The profile leaves the index, and linked profiles no longer name it.
    const linked = await repo.linkedProfiles(tx, owner.professionalId, owner.institutionId);
    // Issue 17: the providers whose slots the cancellations freed show them again as their next free slot.
    const freed = (key: 'professionalId' | 'institutionId') =>
      cancelled.map((a) => a[key]).filter((id): id is number => id != null);
    const once = (ids: number[]) => [...new Set(ids)];
    for (const id of once([...(owner.professionalId ? [owner.professionalId] : []), ...linked.professionalIds, ...freed('professionalId')])) {
      await emit(tx, 'search.professional', { id });
    }
    for (const id of once([...(owner.institutionId ? [owner.institutionId] : []), ...linked.institutionIds, ...freed('institutionId')])) {
      await emit(tx, 'search.institution', { id });
    }
    await repo.deleteUser(tx, user.id);
    await emit(tx, 'mail.send', deletedMail(owner));
  });
}
