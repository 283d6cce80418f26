// Institution profiles: who may read or change them, and the approval status
// after a change. Every change writes its search event in its transaction.
import { emit, type Db, type Sql } from '@ilera/db';
import { lockLicences, saveLicences } from '@ilera/db/licences';
import { licencesToStore, withoutVerifier, type InstitutionProfileInput, type PhotoInput } from '@ilera/contracts';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import * as repo from './institutions.repo';
import type { InstitutionRef, InstitutionRow } from './institutions.repo';

export const INSTITUTION_NOT_FOUND = 'Institution not found';
export const NO_INSTITUTION_PROFILE = 'Institution profile not found';

type Viewer = SessionUser | null;

const isAdmin = (viewer: Viewer) => viewer?.userType === 'admin';
const isOwnerOrAdmin = (ref: Pick<InstitutionRef, 'userId'>, viewer: Viewer) =>
  !!viewer && (viewer.userType === 'admin' || viewer.id === ref.userId);

/**
 * The profile as the viewer may see it. The institution's own contact e-mail,
 * phone and address are public directory data; the account holder (contact
 * person and login e-mail) and the rejection reason are for the owner and admins.
 */
export function institutionView(row: InstitutionRow, viewer: Viewer) {
  const { rejectionReason, user, ...fields } = row;
  // Which administrator verified a registration is for administrators (and the audit log).
  const rest = isAdmin(viewer) ? fields : { ...fields, registrations: withoutVerifier(fields.registrations) };
  if (isOwnerOrAdmin(row, viewer)) return { ...rest, rejectionReason, user };
  return rest;
}

function visibleTo(ref: Pick<InstitutionRef, 'userId' | 'status'>, viewer: Viewer): boolean {
  return ref.status === 'approved' || isOwnerOrAdmin(ref, viewer);
}

export async function getInstitution(db: Db, id: number, viewer: Viewer) {
  const row = await repo.findInstitutionById(db, id);
  if (!row || !visibleTo(row, viewer)) throw new NotFoundError(INSTITUTION_NOT_FOUND);
  return institutionView(row, viewer);
}

/** For other areas (reviews, appointments): throws 404 unless the viewer may see the profile. */
export async function assertInstitutionVisible(db: Db, id: number, viewer: Viewer): Promise<InstitutionRef> {
  const ref = await repo.findInstitutionRef(db, id);
  if (!ref || !visibleTo(ref, viewer)) throw new NotFoundError(INSTITUTION_NOT_FOUND);
  return ref;
}

/** GET /api/institutions/user/{userId}: that user or an admin only. */
export async function getInstitutionOfUser(db: Db, userId: string, viewer: Viewer) {
  if (!viewer) throw new UnauthorizedError();
  if (viewer.id !== userId && !isAdmin(viewer)) throw new NotFoundError(NO_INSTITUTION_PROFILE);
  const row = await repo.findInstitutionByUserId(db, userId);
  if (!row) throw new NotFoundError(NO_INSTITUTION_PROFILE);
  return institutionView(row, viewer);
}

async function reload(db: Db, id: number, viewer: Viewer) {
  const row = await repo.findInstitutionById(db, id);
  if (!row) throw new NotFoundError(INSTITUTION_NOT_FOUND);
  return institutionView(row, viewer);
}

/**
 * POST /api/institutions. An institution account without a profile creates its
 * own; a patient may set one up and becomes an institution account. The profile
 * starts pending.
 */
export async function createInstitution(sql: Sql, user: SessionUser, input: InstitutionProfileInput) {
  if (user.userType !== 'institution' && user.userType !== 'patient') {
    throw new ForbiddenError('Only institution accounts can create an institution profile');
  }
  const id = await sql.begin(async (tx) => {
    if (await repo.findInstitutionRefByUserId(tx, user.id)) {
      throw new ConflictError('You already have an institution profile');
    }
    if (await repo.professionalIdOfUser(tx, user.id)) {
      throw new ForbiddenError('This account already has a professional profile');
    }
    const newId = await repo.insertInstitution(tx, user.id, input);
    if (user.userType === 'patient') await repo.setUserType(tx, user.id, 'institution');
    await emit(tx, 'search.institution', { id: newId });
    if (input.registrations) await saveRegistrations(tx, newId, input.registrations);
    return newId;
  });
  return reload(sql, id, user);
}

/**
 * An institution's registrations (issue 18) as sent with its profile: a Nigerian
 * one's issuing body is one of the list (the type's usual one when none is given);
 * one whose number, body or expiry changed loses its verification. A body without
 * `registrations` (the spec's) keeps those on record.
 */
export async function saveRegistrations(tx: Db, id: number, input: NonNullable<InstitutionProfileInput['registrations']>) {
  const current = (await lockLicences(tx, 'institution', id))!;
  await saveLicences(tx, 'institution', id, licencesToStore('institution', current.type, input, current.licences), new Date());
}

/**
 * The status after an edit: a change of institution type (what an admin
 * checked) sends an approved profile back to review; an owner's edit of a
 * rejected profile resubmits it. Admin edits keep the status.
 */
export function statusAfterEdit(current: InstitutionRef, input: InstitutionProfileInput, byAdmin: boolean) {
  if (byAdmin) return current.status;
  if (current.status === 'rejected') return 'pending' as const;
  if (current.status === 'approved' && current.type !== input.type) return 'pending' as const;
  return current.status;
}

/** PUT /api/institutions/{id}: the owner or an admin. */
export async function updateInstitution(sql: Sql, user: SessionUser, id: number, input: InstitutionProfileInput) {
  await sql.begin(async (tx) => {
    const current = await repo.findInstitutionRefForUpdate(tx, id);
    if (!current) throw new NotFoundError(INSTITUTION_NOT_FOUND);
    if (!isOwnerOrAdmin(current, user)) throw new ForbiddenError();
    await repo.updateInstitutionRow(tx, id, input, statusAfterEdit(current, input, isAdmin(user)));
    await emit(tx, 'search.institution', { id });
    if (input.registrations) await saveRegistrations(tx, id, input.registrations);
    // Professional search results show their first institution's name.
    if (current.name !== input.name) {
      for (const professionalId of await repo.affiliatedProfessionalIds(tx, id)) {
        await emit(tx, 'search.professional', { id: professionalId });
      }
    }
  });
  return reload(sql, id, user);
}

/** PUT /api/institutions/photo: the signed-in institution's own photo; null removes it. */
export async function updateOwnPhoto(sql: Sql, user: SessionUser, input: PhotoInput) {
  const id = await sql.begin(async (tx) => {
    const ref = await repo.findInstitutionRefByUserId(tx, user.id);
    if (!ref) throw new NotFoundError(NO_INSTITUTION_PROFILE);
    await repo.updateInstitutionPhoto(tx, ref.id, input.profileImageUrl || null);
    await emit(tx, 'search.institution', { id: ref.id });
    return ref.id;
  });
  return reload(sql, id, user);
}
