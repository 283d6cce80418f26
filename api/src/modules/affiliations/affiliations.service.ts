// Affiliations (PRODUCT.md D20): a professional asks to join an institution with a
// role; the institution confirms or declines; either side can end the link. Both
// sides are one model, told apart by `Side`. A change that alters what the public
// sees (a confirmed link made or ended) writes search events for both profiles in
// its transaction: a card names the first institution, an institution card counts
// its professionals (D16).
import { emit, type Db, type Sql } from '@ilera/db';
import type { AnswerAffiliationInput, CreateAffiliationInput } from '@ilera/contracts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import * as repo from './affiliations.repo';
import type { LinkRef, Side } from './affiliations.repo';

export const AFFILIATION_NOT_FOUND = 'Affiliation not found'; // ours
export const PROVIDERS_ONLY = 'Only professional and institution accounts have affiliations'; // ours
export const PROFESSIONALS_ONLY = 'Only professionals can ask to join an institution'; // ours
export const INSTITUTIONS_ONLY = 'Only the institution can confirm or decline a request'; // ours
export const ALREADY_LINKED = 'You have already asked to join this institution'; // ours
export const ALREADY_ANSWERED = 'This request has already been answered'; // ours
export const NO_PROFESSIONAL_PROFILE = 'Professional profile not found';

/** The signed-in account's side, or 403 for accounts that have no side (patients, admins). */
async function sideOf(db: Db, user: SessionUser, allowed: Side['kind'][], refusal: string): Promise<Side | null> {
  const kind = user.userType;
  if (kind !== 'professional' && kind !== 'institution') throw new ForbiddenError(refusal);
  if (!allowed.includes(kind)) throw new ForbiddenError(refusal);
  const profileId = await repo.profileIdOfUser(db, kind, user.id);
  return profileId == null ? null : { kind, profileId };
}

const isParty = (link: LinkRef, side: Side) =>
  side.kind === 'professional' ? link.professionalId === side.profileId : link.institutionId === side.profileId;

async function emitBoth(tx: Db, link: LinkRef) {
  await emit(tx, 'search.professional', { id: link.professionalId });
  await emit(tx, 'search.institution', { id: link.institutionId });
}

async function view(db: Db, id: number) {
  const row = await repo.findLink(db, id);
  if (!row) throw new NotFoundError(AFFILIATION_NOT_FOUND);
  return row;
}

/** GET /api/affiliations: the signed-in side's requests and links. */
export async function listAffiliations(db: Db, user: SessionUser) {
  const side = await sideOf(db, user, ['professional', 'institution'], PROVIDERS_ONLY);
  return side ? repo.listLinks(db, side) : [];
}

/** POST /api/affiliations: a professional asks an approved institution; the link starts pending. */
export async function requestAffiliation(sql: Sql, user: SessionUser, input: CreateAffiliationInput) {
  const side = await sideOf(sql, user, ['professional'], PROFESSIONALS_ONLY);
  if (!side) throw new NotFoundError(NO_PROFESSIONAL_PROFILE);
  // Only a listed institution can be asked: the others look missing (D1).
  if ((await repo.institutionStatus(sql, input.institutionId)) !== 'approved') {
    throw new NotFoundError('Institution not found');
  }
  const id = await repo.requestLink(sql, side.profileId, input.institutionId, input.role);
  if (id == null) throw new ConflictError(ALREADY_LINKED, { institutionId: ALREADY_LINKED });
  return view(sql, id);
}

/** PUT /api/affiliations/{id}: the institution answers a pending request. */
export async function answerAffiliation(sql: Sql, user: SessionUser, id: number, input: AnswerAffiliationInput) {
  const side = await sideOf(sql, user, ['institution'], INSTITUTIONS_ONLY);
  await sql.begin(async (tx) => {
    const link = await repo.findLinkForUpdate(tx, id);
    // Another institution's request looks missing (D9).
    if (!link || !side || !isParty(link, side)) throw new NotFoundError(AFFILIATION_NOT_FOUND);
    if (link.status !== 'pending') throw new ConflictError(ALREADY_ANSWERED);
    await repo.setLinkStatus(tx, id, input.status);
    if (input.status === 'confirmed') await emitBoth(tx, link);
  });
  return view(sql, id);
}

/** DELETE /api/affiliations/{id}: either side ends a link, withdraws or clears a request. */
export async function endAffiliation(sql: Sql, user: SessionUser, id: number): Promise<void> {
  const side = await sideOf(sql, user, ['professional', 'institution'], PROVIDERS_ONLY);
  await sql.begin(async (tx) => {
    const link = await repo.findLinkForUpdate(tx, id);
    if (!link || !side || !isParty(link, side)) throw new NotFoundError(AFFILIATION_NOT_FOUND);
    await repo.deleteLink(tx, id);
    if (link.status === 'confirmed') await emitBoth(tx, link);
  });
}
