import {
  lagosToday,
  licenceCurrent,
  licenceStanding,
  licencesToStore,
  normalizeState,
  splitServices,
  type AdminVerifyLicenceInput,
  type AdminCreateUserInput,
  type ChangePasswordInput,
  pathId,
} from '@ilera/contracts';
import { emit, isUniqueViolation, type Db, type Sql, type Tx } from '@ilera/db';
import type { MailMessageId } from '@ilera/contracts/mail-messages';
import { mailLetter, mailMessage, recipientLocale } from '@ilera/workers/mail-messages';
import { AppError, ConflictError, NotFoundError, UnauthorizedError } from '../../errors';
import { publicUser, type SessionUser } from '../../plugins/session';
import { authenticate, changePassword, INVALID_CREDENTIALS } from '../auth/auth.service';
import { hashPassword } from '@ilera/db/passwords';
import { insertUserWithPassword } from '@ilera/db/users';
import { insertProvider } from '../providers/providers.repo';
import { languageColumns } from '../professionals/professionals.repo';
import { EMAIL_TAKEN } from '../auth/register.service';
import { lockLicences, saveLicences } from '@ilera/db/licences';
import {
  accountLanguage,
  auditPage,
  insertAudit,
  listInstitutions,
  listProfessionals,
  lockInstitution,
  lockProfessional,
  setAccountLanguage,
  setProfileStatus,
  stats,
  type AuditEntryInput,
  type ListPage,
  type ProfileStatus,
  type ReviewTarget,
} from './admin.repo';

export interface AdminDeps {
  sql: Sql;
  appUrl: string;
}


const emptyToNull = (v: string | null | undefined): string | null => (v && v.trim() ? v.trim() : null);

import { auditFailure, recordAdminAction } from './audit.service';
export { auditFailure, recordAdminAction };

// ---------------------------------------------------------------- sessions

/**
 * Admin sign-in. A non-admin account is refused with exactly the answer of a
 * wrong password (same status, same message, one argon2 verification either
 * way), so the admin login reveals nothing about which accounts are admins.
 */
export async function adminLogin(sql: Sql, email: string, password: string): Promise<SessionUser> {
  // The attempted address is kept (in the database only) so an operator can see who is being tried.
  const detail = { email: email.trim().toLowerCase() };
  let user: SessionUser;
  try {
    user = await authenticate(sql, email, password);
  } catch (err) {
    if (err instanceof UnauthorizedError) await auditFailure(sql, { adminId: null, action: 'login', detail }, err);
    throw err;
  }
  if (user.userType !== 'admin') {
    const err = new UnauthorizedError(INVALID_CREDENTIALS);
    await auditFailure(sql, { adminId: null, action: 'login', detail: { ...detail, notAdmin: true } }, err);
    throw err;
  }
  await insertAudit(sql, { adminId: user.id, action: 'login', outcome: 'success', targetType: 'user', targetId: user.id });
  return user;
}

export async function adminLogout(sql: Sql, admin: SessionUser): Promise<void> {
  await insertAudit(sql, { adminId: admin.id, action: 'logout', outcome: 'success', targetType: 'user', targetId: admin.id });
}

/** Where an administrator changed their password: the admin area, or Account settings (PUT /api/auth/change-password). */
export type PasswordChangePlace = 'admin_area' | 'account_settings';

/**
 * D4: the admin's password really changes (the auth area's changePassword:
 * checks the current one, raises the session version so every other session
 * ends), and the change is audited, wherever it was made. The answer is the new
 * version, for the caller's fresh cookie.
 */
export async function changeAdminPassword(
  deps: AdminDeps,
  admin: SessionUser,
  input: ChangePasswordInput,
  from: PasswordChangePlace = 'admin_area',
): Promise<{ sessionVersion: number }> {
  const entry = { adminId: admin.id, action: 'change_password', targetType: 'user', targetId: admin.id, detail: { from } };
  let result: { sessionVersion: number };
  try {
    result = await changePassword(deps.sql, admin.id, input.currentPassword, input.newPassword);
  } catch (err) {
    if (err instanceof AppError && err.statusCode < 500) await auditFailure(deps.sql, entry, err);
    throw err;
  }
  await deps.sql.begin(async (tx) => {
    await insertAudit(tx, { ...entry, outcome: 'success' });
    const l = recipientLocale(await accountLanguage(tx, admin.id));
    await emit(tx, 'mail.send', {
      to: admin.email,
      subject: mailMessage(l, 'admin-password.subject'),
      text: mailLetter(l, admin.firstName, [
        mailMessage(l, 'admin-password.body'),
        '',
        mailMessage(l, 'admin-password.reset', { link: `${deps.appUrl}/forgot-password` }),
      ]),
    });
  });
  return result;
}

/** PUT /api/auth/change-password: anyone's own password; an administrator's change is audited as in the admin area (D4). */
export function changeOwnPassword(deps: AdminDeps, user: SessionUser, input: ChangePasswordInput): Promise<{ sessionVersion: number }> {
  if (user.userType === 'admin') return changeAdminPassword(deps, user, input, 'account_settings');
  return changePassword(deps.sql, user.id, input.currentPassword, input.newPassword);
}

// ---------------------------------------------------------------- statistics & lists

export const getStats = (sql: Sql) => stats(sql);


export interface ListQuery {
  q?: string;
  page: number;
  perPage: number;
}

/** One page of a tab list and the number of entries that match in all. */
async function paged<R extends { total: number }>(
  query: ListQuery,
  fetch: (page: ListPage) => Promise<R[]>,
): Promise<{ rows: R[]; total: number }> {
  const page = { q: query.q, limit: query.perPage, offset: (query.page - 1) * query.perPage };
  const rows = await fetch(page);
  if (rows.length > 0 || page.offset === 0) return { rows, total: rows[0]?.total ?? 0 };
  // Past the last page: the count still tells the client where the list ends.
  const [first] = await fetch({ ...page, limit: 1, offset: 0 });
  return { rows, total: first?.total ?? 0 };
}

/** A list row as the admin screens get it: the owner's columns nested under `user`. */
function listItem<R extends { firstName: string | null; lastName: string | null; email: string | null; total: number }>(row: R) {
  const { firstName, lastName, email, total: _total, ...profile } = row;
  // An unclaimed register listing (issue 33) has no owner account.
  return { ...profile, user: email === null ? null : { firstName, lastName, email } };
}

/** One page of a tab list (professionals and institutions alike) and its total. */
export async function profilesByStatus(sql: Sql, kind: ReviewKind, status: ProfileStatus, query: ListQuery) {
  const { rows, total } =
    kind === 'professional'
      ? await paged(query, (page) => listProfessionals(sql, status, page))
      : await paged(query, (page) => listInstitutions(sql, status, page));
  return { total, items: (rows as Parameters<typeof listItem>[0][]).map(listItem) };
}

export async function auditLog(sql: Sql, page: number, perPage: number) {
  const { rows, total } = await auditPage(sql, perPage, (page - 1) * perPage);
  return {
    items: rows.map((r) => ({
      id: r.id,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      outcome: r.outcome,
      detail: r.detail,
      createdAt: r.createdAt,
      admin: r.adminId
        ? { id: r.adminId, email: r.adminEmail, firstName: r.adminFirstName, lastName: r.adminLastName }
        : null,
    })),
    total,
    page,
    perPage,
  };
}

// ---------------------------------------------------------------- approvals

export type ReviewKind = 'professional' | 'institution';
export type ReviewAction = 'approve' | 'reject' | 'withdraw' | 'reopen';

const kindLabel: Record<ReviewKind, string> = { professional: 'Professional', institution: 'Institution' };

/**
 * The routes' one id rule (contracts pathId), applied here rather than by the route's
 * schema: a refused id is an admin action too, and is audited as a failure.
 */
function parseProfileId(raw: string, kind: ReviewKind): number {
  const id = pathId(`${kindLabel[kind]} not found`).safeParse(raw);
  if (!id.success) throw new NotFoundError(id.error.issues[0]?.message);
  return id.data;
}

/** Which statuses an action starts from, and where it leads (D5, D6). */
function transition(kind: ReviewKind, action: ReviewAction, from: ProfileStatus): ProfileStatus {
  const label = kindLabel[kind];
  switch (action) {
    case 'approve':
      // A rejected application may still be approved later (the owner may have fixed it).
      if (from === 'approved') throw new ConflictError(`${label} is already approved`);
      return 'approved';
    case 'reject':
      if (from === 'rejected') throw new ConflictError(`${label} is already rejected`);
      if (from === 'approved') throw new ConflictError(`${label} is approved: withdraw the approval first`);
      return 'rejected';
    case 'withdraw':
      if (from !== 'approved') throw new ConflictError(`${label} is not approved`);
      return 'pending';
    case 'reopen':
      // A rejected application goes back to the pending queue to be reviewed again (issue 14).
      if (from !== 'rejected') throw new ConflictError(`${label} is not rejected`);
      return 'pending';
  }
}

/** The owner's mail of an administrator's decision, in the owner's account language (issue 50). The reason is the administrator's, as typed. */
function ownerMail(
  appUrl: string,
  kind: ReviewKind,
  action: ReviewAction,
  target: ReviewTarget,
  reason: string | null,
): { subject: string; text: string } {
  const l = recipientLocale(target.ownerLanguage);
  const m = (id: MailMessageId, values?: Record<string, string>) => mailMessage(l, id, values);
  const name = { name: target.name };
  const setup = { link: `${appUrl}/profile-setup` };
  const lines: string[] = [];
  let subject: string;
  if (action === 'approve') {
    subject = m('profile.approve.subject');
    lines.push(m('profile.approve.body', name), '', m('see-as-patients', { link: `${appUrl}/${kind}/${target.id}` }));
  } else if (action === 'reject') {
    subject = m('profile.reject.subject');
    lines.push(m('profile.reject.body', name));
    if (reason) lines.push('', m('reason', { reason }));
    lines.push('', m('profile.reject.update', setup));
  } else if (action === 'reopen') {
    subject = m('profile.reopen.subject');
    lines.push(m('profile.reopen.body', name), '', m('profile.reopen.update', setup));
  } else {
    subject = m('profile.withdraw.subject');
    lines.push(m('profile.withdraw.body', name), '', m('profile.withdraw.review', setup));
  }
  return { subject, text: mailLetter(l, target.ownerFirstName, lines) };
}

/**
 * Approve, reject or withdraw a profile. The status change, its audit entry,
 * the search event and the owner's e-mail commit together or not at all (D16);
 * the row is locked, so two admins acting at once cannot both win.
 */
export async function reviewProfile(
  deps: AdminDeps,
  admin: SessionUser,
  kind: ReviewKind,
  action: ReviewAction,
  rawId: string,
  rawReason?: string,
): Promise<{ id: number; status: ProfileStatus }> {
  const auditAction = `${action}_${kind}`;
  const base = { adminId: admin.id, action: auditAction, targetType: kind, targetId: rawId.slice(0, 20) };
  try {
    const id = parseProfileId(rawId, kind);
    const reason = action === 'reject' ? emptyToNull(rawReason) : null;
    return await deps.sql.begin(async (tx: Tx) => {
      const target = kind === 'professional' ? await lockProfessional(tx, id) : await lockInstitution(tx, id);
      if (!target) throw new NotFoundError(`${kindLabel[kind]} not found`);
      const to = transition(kind, action, target.status);
      await setProfileStatus(tx, kind, id, to, reason);
      await insertAudit(tx, {
        ...base,
        targetId: id,
        outcome: 'success',
        detail: { name: target.name, from: target.status, to, ...(reason ? { reason } : {}) },
      });
      await emit(tx, kind === 'professional' ? 'search.professional' : 'search.institution', { id });
      if (target.ownerEmail) await emit(tx, 'mail.send', { to: target.ownerEmail, ...ownerMail(deps.appUrl, kind, action, target, reason) });
      return { id, status: to };
    });
  } catch (err) {
    if (err instanceof AppError && err.statusCode < 500) await auditFailure(deps.sql, base, err);
    throw err;
  }
}

// ---------------------------------------------------------------- licences (issue 18)

export const LICENCE_NOT_FOUND = 'Licence not found'; // ours
export const LICENCE_EXPIRED = 'This licence has expired and cannot be verified'; // ours

/**
 * "Verify licence" on the approval screen: the administrator has checked a
 * professional's licence or an institution's registration against the register of
 * its council or body. The verification (who, when), the badge it gives, the audit
 * entry and the search event commit together.
 */
export async function verifyLicence(
  deps: AdminDeps,
  admin: SessionUser,
  kind: ReviewKind,
  rawId: string,
  input: AdminVerifyLicenceInput,
  now: Date = new Date(),
) {
  const base = { adminId: admin.id, action: 'verify_licence', targetType: kind, targetId: rawId.slice(0, 20) };
  try {
    const id = parseProfileId(rawId, kind);
    return await deps.sql.begin(async (tx: Tx) => {
      const current = await lockLicences(tx, kind, id);
      if (!current) throw new NotFoundError(`${kindLabel[kind]} not found`);
      const licence = current.licences.find((l) => l.country === input.country);
      if (!licence) throw new NotFoundError(LICENCE_NOT_FOUND);
      if (!licenceCurrent(licence, lagosToday(now))) throw new ConflictError(LICENCE_EXPIRED);
      const verified = { ...licence, verifiedAt: now.toISOString(), verifiedBy: admin.id };
      const licences = current.licences.map((l) => (l === licence ? verified : l));
      await saveLicences(tx, kind, id, licences, now);
      await insertAudit(tx, {
        ...base,
        targetId: id,
        outcome: 'success',
        detail: { country: licence.country, licenseNumber: licence.licenseNumber, council: licence.council ?? null, expiresOn: licence.expiresOn ?? null },
      });
      const field = kind === 'professional' ? 'countryLicenses' : 'registrations';
      return { id, [field]: licences, isVerified: licenceStanding(licences, now).isVerified };
    });
  } catch (err) {
    if (err instanceof AppError && err.statusCode < 500) await auditFailure(deps.sql, base, err);
    throw err;
  }
}

// ---------------------------------------------------------------- create user

/**
 * The new account's welcome, in the language the administrator chose for it (issue 50, decision 049); English,
 * word for word as it was, when none was chosen. The account type is named in the mail's language.
 */
function welcomeMail(appUrl: string, input: AdminCreateUserInput): { subject: string; text: string } {
  const l = recipientLocale(input.language);
  const lines = [mailMessage(l, 'welcome.created', { type: input.userType })];
  if (input.userType === 'professional' || input.userType === 'institution') lines.push(mailMessage(l, 'welcome.listed'));
  lines.push(
    '',
    mailMessage(l, 'welcome.sign-in', { link: input.userType === 'admin' ? `${appUrl}/admin/login` : `${appUrl}/login` }),
    mailMessage(l, 'welcome.forgot', { link: `${appUrl}/forgot-password` }),
  );
  return { subject: mailMessage(l, 'welcome.subject'), text: mailLetter(l, input.firstName, lines) };
}

/**
 * Creates a user of any type in one transaction. A professional or an
 * institution created by an admin is checked by that admin: it starts approved
 * and its search event is written with it.
 */
export async function createUser(deps: AdminDeps, admin: SessionUser, input: AdminCreateUserInput) {
  const base = { adminId: admin.id, action: 'create_user', targetType: 'user' };
  const hash = await hashPassword(input.password);
  const state = input.state ? normalizeState(input.state) : null;
  const phone = emptyToNull(input.phone);
  const profileImageUrl = emptyToNull(input.profileImageUrl);
  try {
    return await deps.sql.begin(async (tx: Tx) => {
      const user = await insertUserWithPassword(
        tx,
        {
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          phone,
          profileImageUrl,
          userType: input.userType,
        },
        hash,
      );
      if (input.language) await setAccountLanguage(tx, user.id, input.language);
      let professionalId: number | undefined;
      let institutionId: number | undefined;
      if (input.userType === 'professional') {
        // The primary country first, then the countries of practice in the order chosen.
        const chosen = [...new Set(input.countriesOfPractice)];
        const countries = [...new Set([...(input.country ? [input.country] : []), ...chosen])];
        const countryLicenses = licencesToStore(
          'professional',
          input.professionalType,
          chosen.map((country) => ({ country, licenseNumber: input.licenseNumbers[country]!.trim() })),
          [],
        );
        const primary = countryLicenses.find((l) => l.country === (input.country || 'Nigeria')) ?? countryLicenses[0];
        professionalId = await insertProvider(tx, 'professional', {
          userId: user.id,
          professionalType: input.professionalType,
          title: input.title!,
          specialty: input.specialty!,
          licenseNumber: primary?.licenseNumber ?? null,
          yearsOfExperience: input.yearsOfExperience ?? 0,
          consultationFee: input.consultationFee ?? null,
          education: emptyToNull(input.education),
          bio: emptyToNull(input.bio),
          certifications: emptyToNull(input.certifications),
          ...languageColumns({ languages: emptyToNull(input.languages) }),
          profileImageUrl,
          phone,
          address: emptyToNull(input.address),
          city: emptyToNull(input.city),
          state,
          countries: countries.length ? countries : ['Nigeria'],
          countryLicenses: tx.json(countryLicenses as never),
          status: 'approved',
          // Verified only once an administrator checks a Nigerian licence on the approval screen (issue 18).
          isVerified: false,
        });
        await emit(tx, 'search.professional', { id: professionalId });
      } else if (input.userType === 'institution') {
        institutionId = await insertProvider(tx, 'institution', {
          userId: user.id,
          name: input.institutionName!.trim(),
          type: input.institutionType!,
          services: splitServices(input.services),
          description: emptyToNull(input.description),
          profileImageUrl,
          phone,
          // D18: no public e-mail until the institution sets one; its sign-in e-mail is never copied.
          website: emptyToNull(input.website),
          address: emptyToNull(input.address),
          city: emptyToNull(input.city),
          state,
          status: 'approved',
          // Verified only once an administrator checks a Nigerian registration on the approval screen (issue 18).
          isVerified: false,
        });
        await emit(tx, 'search.institution', { id: institutionId });
      }
      await insertAudit(tx, {
        ...base,
        targetId: user.id,
        outcome: 'success',
        detail: {
          email: user.email,
          userType: user.userType,
          name: `${input.firstName} ${input.lastName}`,
          ...(professionalId ? { professionalId } : {}),
          ...(institutionId ? { institutionId, institutionName: input.institutionName } : {}),
        },
      });
      await emit(tx, 'mail.send', { to: user.email, ...welcomeMail(deps.appUrl, input) });
      return {
        success: true as const,
        user: publicUser(user),
        ...(professionalId ? { professionalId } : {}),
        ...(institutionId ? { institutionId } : {}),
      };
    });
  } catch (err) {
    const refused = isUniqueViolation(err, 'users_email_lower_key') ? new ConflictError(EMAIL_TAKEN, { email: EMAIL_TAKEN }) : err;
    if (refused instanceof AppError) {
      await auditFailure(deps.sql, { ...base, detail: { email: input.email, userType: input.userType } }, refused);
    }
    throw refused;
  }
}
