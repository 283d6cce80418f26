// Claims of register listings (issue 33, PRODUCT.md D22, decision 031). An institution account
// claims an unclaimed listing with its registration; an administrator approves or rejects it. An
// approved claim gives the listing its owner: the listing becomes that account's profile (register
// code, coordinates and every field kept) and the account's own institution row, which never was
// more than an application, is removed. At most one claim of a listing is ever approved; approving
// one rejects the others still open. Every change writes the listing's search event and the
// claimants' mail in its transaction (D16); every decision is in the admin activity log.
import { pathId, type AdminClaimsQuery, type CreateClaimInput } from '@ilera/contracts';
import { emit, isUniqueViolation, type Db, type Sql, type Tx } from '@ilera/db';
import type { MailMessageId } from '@ilera/contracts/mail-messages';
import { mailLetter, mailMessage, recipientLocale } from '@ilera/workers/mail-messages';
import { AppError, ConflictError, NotFoundError } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { auditFailure, recordAdminAction } from '../admin/audit.service';
import { saveRegistrations } from '../institutions/institutions.service';
import * as repo from './claims.repo';

export const LISTING_NOT_FOUND = 'Listing not found'; // ours
export const CLAIM_NOT_FOUND = 'Claim not found'; // ours
export const ALREADY_CLAIMED = 'This facility has already been claimed'; // ours
export const CLAIM_OPEN = 'You have already claimed this facility: your claim is being reviewed'; // ours
export const CLAIM_DECIDED = 'This claim has already been decided'; // ours
export const MANAGES_LISTING = 'Your account already manages a facility from the national register'; // ours
export const PROFILE_IN_USE =
  'Your institution profile already has appointments, reviews or affiliations: ask Ilera support to merge it with this listing'; // ours
export const ANOTHER_CLAIM_APPROVED = 'Another claim for this facility was approved'; // ours

/** Who a claim's mail goes to, in their account's language (issue 50). */
interface Claimant {
  email: string;
  firstName: string | null;
  language: string | null;
}

const claimMail = (to: Claimant, subject: MailMessageId, body: (m: (id: MailMessageId, values?: Record<string, string>) => string) => string[]) => {
  const l = recipientLocale(to.language);
  const m = (id: MailMessageId, values?: Record<string, string>) => mailMessage(l, id, values);
  return {
    to: to.email,
    subject: m(subject),
    text: mailLetter(l, to.firstName, body(m)),
  };
};

/** The mail of a claim that was not approved, with its reason when there is one (the administrator's words, as typed). */
const notApprovedMail = (to: Claimant, listingName: string, reason: string | null, tail: [MailMessageId, Record<string, string>?]) =>
  claimMail(to, 'claim.rejected.subject', (m) => [
    m('claim.rejected.body', { name: listingName }),
    ...(reason ? ['', m('reason', { reason: reason === ANOTHER_CLAIM_APPROVED ? m('claim.rejected.another') : reason })] : []),
    '',
    m(...tail),
  ]);

/**
 * What stops an account's own institution row from giving way to the listing: a listing it already
 * manages, or a profile patients and professionals have used (decision 031: refused, not merged).
 */
function ownRowBlocker(own: repo.OwnInstitution | null): string | null {
  if (!own) return null;
  if (own.fromRegister) return MANAGES_LISTING;
  if (own.hasHistory) return PROFILE_IN_USE;
  return null;
}

// ---------------------------------------------------------------- claimant

/** POST /api/institutions/{id}/claims: an institution account claims an unclaimed listing. */
export async function createClaim(sql: Sql, user: SessionUser, institutionId: number, input: CreateClaimInput) {
  const id = await sql.begin(async (tx) => {
    // Locked: a claim made while another is being approved waits, then sees the listing claimed.
    const listing = await repo.findListing(tx, institutionId, true);
    if (!listing || listing.status !== 'approved') throw new NotFoundError(LISTING_NOT_FOUND);
    if (listing.userId) throw new ConflictError(ALREADY_CLAIMED);
    const blocker = ownRowBlocker(await repo.findOwnInstitution(tx, user.id));
    if (blocker) throw new ConflictError(blocker);
    const { country, licenseNumber, council, expiresOn } = input.registration;
    const claimId = await repo.insertClaim(tx, {
      institutionId,
      claimantUserId: user.id,
      registration: { country, licenseNumber, council: council || null, expiresOn: expiresOn || null },
      message: input.message || null,
    });
    if (claimId == null) throw new ConflictError(CLAIM_OPEN);
    await emit(tx, 'search.institution', { id: institutionId });
    return claimId;
  });
  const [claim] = await repo.claimsOf(sql, user.id, sql`AND c.id = ${id}`);
  return claim!;
}

/** GET /api/claims: the signed-in institution account's claims. */
export const myClaims = (sql: Sql, user: SessionUser) => repo.claimsOf(sql, user.id);

/** DELETE /api/claims/{id}: the claimant withdraws its open claim; anyone else's looks missing (D9). */
export async function withdrawClaim(sql: Sql, user: SessionUser, id: number): Promise<void> {
  await sql.begin(async (tx) => {
    const claim = await repo.findClaim(tx, id, true);
    if (!claim || claim.claimantUserId !== user.id) throw new NotFoundError(CLAIM_NOT_FOUND);
    if (claim.status !== 'pending') throw new ConflictError(CLAIM_DECIDED);
    await repo.setClaimStatus(tx, id, 'withdrawn', null, null);
    await emit(tx, 'search.institution', { id: claim.institutionId });
  });
}

// ---------------------------------------------------------------- administrators

/** GET /api/admin/claims: one page of the queue (or of decided claims) and the total. */
export async function claimsQueue(sql: Sql, query: AdminClaimsQuery) {
  const rows = await repo.claimsPage(sql, query.status, query.perPage, (query.page - 1) * query.perPage);
  const total = rows[0]?.total ?? (query.page > 1 ? ((await repo.claimsPage(sql, query.status, 1, 0))[0]?.total ?? 0) : 0);
  return { items: rows.map(({ total: _t, ...item }) => item), total, page: query.page, perPage: query.perPage };
}

export type ClaimDecision = 'approve' | 'reject';

interface Deps {
  sql: Sql;
  appUrl: string;
}

/**
 * Approve or reject an open claim. The claim is locked, then (approving) the listing and the
 * claimant's own row: two administrators deciding claims of one listing at once are serialised,
 * and the unique index on approved claims answers a second approval with 409 whatever happens.
 */
export async function decideClaim(deps: Deps, admin: SessionUser, decision: ClaimDecision, rawId: string, rawReason?: string) {
  const base = { adminId: admin.id, action: `${decision}_claim`, targetType: 'claim', targetId: rawId.slice(0, 20) };
  try {
    const parsed = pathId(CLAIM_NOT_FOUND).safeParse(rawId);
    if (!parsed.success) throw new NotFoundError(CLAIM_NOT_FOUND);
    const id = parsed.data;
    const reason = rawReason?.trim() || null;
    return await deps.sql.begin(async (tx: Tx) => {
      const found = await repo.findClaim(tx, id);
      if (!found) throw new NotFoundError(CLAIM_NOT_FOUND);
      // The listing first, then the claim: every decision and new claim of one listing queues on the
      // listing's row, so an approval rejecting the other claims never waits on a second approval
      // holding one of them (a deadlock).
      await repo.findListing(tx, found.institutionId, true);
      const claim = (await repo.findClaim(tx, id, true))!;
      if (claim.status !== 'pending') throw new ConflictError(CLAIM_DECIDED);
      const result =
        decision === 'approve' ? await approve(tx, deps, admin, claim, reason) : await reject(tx, deps, admin, claim, reason);
      await recordAdminAction(tx, { ...base, targetId: id, outcome: 'success', detail: result.detail });
      await emit(tx, 'search.institution', { id: claim.institutionId });
      return { success: true as const, id, status: result.status, institutionId: claim.institutionId, rejectedClaimIds: result.rejectedClaimIds };
    });
  } catch (err) {
    const refused = isUniqueViolation(err, 'institution_claims_one_approved') ? new ConflictError(ALREADY_CLAIMED) : err;
    if (refused instanceof AppError && refused.statusCode < 500) await auditFailure(deps.sql, base, refused);
    throw refused;
  }
}

async function approve(tx: Tx, deps: Deps, admin: SessionUser, claim: repo.ClaimRef, reason: string | null) {
  const listing = await repo.findListing(tx, claim.institutionId);
  if (!listing) throw new NotFoundError(LISTING_NOT_FOUND);
  if (listing.userId) throw new ConflictError(ALREADY_CLAIMED);
  // The claimant may have become another kind of account since (an admin's change): only institutions own one.
  if (claim.claimantUserType !== 'institution') throw new ConflictError('The claimant is no longer an institution account'); // ours
  const own = await repo.findOwnInstitution(tx, claim.claimantUserId, true);
  const blocker = ownRowBlocker(own);
  if (blocker) throw new ConflictError(blocker);
  // institutions.user_id is unique: the account's own row goes first (decision 031).
  if (own) {
    await repo.deleteInstitution(tx, own.id);
    await emit(tx, 'search.institution', { id: own.id });
  }
  await repo.setClaimStatus(tx, claim.id, 'approved', admin.id, reason);
  await repo.giveListingTo(tx, claim.institutionId, claim.claimantUserId);
  // The registration the claim gave becomes the profile's, unverified until an administrator checks it (issue 18).
  await saveRegistrations(tx, claim.institutionId, [claim.registration as never]);
  const others = await repo.rejectOpenClaims(tx, claim.institutionId, claim.id, admin.id, ANOTHER_CLAIM_APPROVED);
  const profileUrl = `${deps.appUrl}/institution/${claim.institutionId}`;
  const claimant = { email: claim.claimantEmail, firstName: claim.claimantFirstName, language: claim.claimantLanguage };
  await emit(
    tx,
    'mail.send',
    claimMail(claimant, 'claim.approved.subject', (m) => [
      m('claim.approved.body', { name: claim.listingName }),
      '',
      m('see-as-patients', { link: profileUrl }),
      m('claim.approved.complete', { link: `${deps.appUrl}/profile-setup` }),
    ]),
  );
  for (const other of others) {
    await emit(tx, 'mail.send', notApprovedMail(other, claim.listingName, ANOTHER_CLAIM_APPROVED, ['claim.rejected.mistake']));
  }
  const rejectedClaimIds = others.map((o) => o.id);
  return {
    status: 'approved' as const,
    rejectedClaimIds,
    detail: {
      institutionId: claim.institutionId,
      name: claim.listingName,
      claimant: claim.claimantEmail,
      ...(own ? { removedInstitutionId: own.id } : {}),
      ...(rejectedClaimIds.length ? { rejectedClaimIds } : {}),
      ...(reason ? { reason } : {}),
    },
  };
}

async function reject(tx: Db, deps: Deps, admin: SessionUser, claim: repo.ClaimRef, reason: string | null) {
  await repo.setClaimStatus(tx, claim.id, 'rejected', admin.id, reason);
  const claimant = { email: claim.claimantEmail, firstName: claim.claimantFirstName, language: claim.claimantLanguage };
  await emit(
    tx,
    'mail.send',
    notApprovedMail(claimant, claim.listingName, reason, ['claim.rejected.again', { link: `${deps.appUrl}/institution/${claim.institutionId}` }]),
  );
  return {
    status: 'rejected' as const,
    rejectedClaimIds: [] as number[],
    detail: { institutionId: claim.institutionId, name: claim.listingName, claimant: claim.claimantEmail, ...(reason ? { reason } : {}) },
  };
}
