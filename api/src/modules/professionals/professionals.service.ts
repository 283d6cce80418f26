// Professional profiles: who may read or change them, and what a change does to
// the approval status. Every change writes its search event in its transaction
// (PRODUCT.md D16), so the index can never miss an edit.
import { emit, type Db, type Sql } from '@ilera/db';
import { lockLicences, saveLicences } from '@ilera/db/licences';
import {
  LICENSE_PER_COUNTRY_MESSAGE,
  licencesToStore,
  withoutVerifier,
  type CountriesInput,
  type LicenceInput,
  type PhotoInput,
  type ProfessionalProfileInput,
} from '@ilera/contracts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import * as repo from './professionals.repo';
import type { ProfessionalRef, ProfessionalRow } from './professionals.repo';

export const PROFESSIONAL_NOT_FOUND = 'Professional not found';
export const NO_PROFESSIONAL_PROFILE = 'Professional profile not found';

type Viewer = SessionUser | null;

const isAdmin = (viewer: Viewer) => viewer?.userType === 'admin';
const isOwnerOrAdmin = (ref: Pick<ProfessionalRef, 'userId'>, viewer: Viewer) =>
  !!viewer && (viewer.userType === 'admin' || viewer.id === ref.userId);

/**
 * The profile as the viewer may see it. The account e-mail and the rejection
 * reason are private: only the owner and admins receive them. Phone and address
 * are the practice's public directory data.
 */
export function professionalView(row: ProfessionalRow, viewer: Viewer) {
  const { rejectionReason, user, ...fields } = row;
  // Which administrator verified a licence is for administrators (and the audit log).
  const rest = isAdmin(viewer)
    ? fields
    : { ...fields, countryLicenses: withoutVerifier(fields.countryLicenses) };
  if (isOwnerOrAdmin(row, viewer)) return { ...rest, rejectionReason, user };
  const { email: _private, ...publicUser } = user;
  return { ...rest, user: publicUser };
}

/**
 * Approved profiles are public (D1); pending and rejected ones exist only for
 * their owner and admins, and look missing to everyone else.
 */
function visibleTo(ref: Pick<ProfessionalRef, 'userId' | 'status'>, viewer: Viewer): boolean {
  return ref.status === 'approved' || isOwnerOrAdmin(ref, viewer);
}

export async function getProfessional(db: Db, id: number, viewer: Viewer) {
  const row = await repo.findProfessionalById(db, id);
  if (!row || !visibleTo(row, viewer)) throw new NotFoundError(PROFESSIONAL_NOT_FOUND);
  return professionalView(row, viewer);
}

/** For other areas (reviews, appointments): throws 404 unless the viewer may see the profile. */
export async function assertProfessionalVisible(db: Db, id: number, viewer: Viewer): Promise<ProfessionalRef> {
  const ref = await repo.findProfessionalRef(db, id);
  if (!ref || !visibleTo(ref, viewer)) throw new NotFoundError(PROFESSIONAL_NOT_FOUND);
  return ref;
}

/** GET /api/professionals/user/{userId}: that user or an admin only. */
export async function getProfessionalOfUser(db: Db, userId: string, viewer: Viewer) {
  if (!viewer) throw new UnauthorizedError();
  // Another user's profile lookup looks missing (D9: 404 for another user's private resource).
  if (viewer.id !== userId && !isAdmin(viewer)) throw new NotFoundError(NO_PROFESSIONAL_PROFILE);
  const row = await repo.findProfessionalByUserId(db, userId);
  if (!row) throw new NotFoundError(NO_PROFESSIONAL_PROFILE);
  return professionalView(row, viewer);
}

async function reload(db: Db, id: number, viewer: Viewer) {
  const row = await repo.findProfessionalById(db, id);
  if (!row) throw new NotFoundError(PROFESSIONAL_NOT_FOUND);
  return professionalView(row, viewer);
}

/**
 * POST /api/professionals. A professional account without a profile creates its
 * own; a patient may set one up too and becomes a professional account. An
 * institution or admin account cannot own one. The profile starts pending.
 */
export async function createProfessional(sql: Sql, user: SessionUser, input: ProfessionalProfileInput) {
  if (user.userType !== 'professional' && user.userType !== 'patient') {
    throw new ForbiddenError('Only professional accounts can create a professional profile');
  }
  const id = await sql.begin(async (tx) => {
    if (await repo.findProfessionalRefByUserId(tx, user.id)) {
      throw new ConflictError('You already have a professional profile');
    }
    if (await repo.institutionIdOfUser(tx, user.id)) {
      throw new ForbiddenError('This account already has an institution profile');
    }
    const newId = await repo.insertProfessional(tx, user.id, input);
    if (user.userType === 'patient') await repo.setUserType(tx, user.id, 'professional');
    await emit(tx, 'search.professional', { id: newId });
    return newId;
  });
  return reload(sql, id, user);
}

/**
 * The status after an edit. Identity that an admin checked (licence number,
 * professional type) sends an approved profile back to review; an owner's edit
 * of a rejected profile resubmits it. Admin edits keep the status.
 */
export function statusAfterEdit(
  current: ProfessionalRef,
  input: ProfessionalProfileInput,
  byAdmin: boolean,
): ProfessionalRef['status'] {
  if (byAdmin) return current.status;
  if (current.status === 'rejected') return 'pending';
  if (current.status === 'approved') {
    const licenceChanged = (current.licenseNumber ?? '') !== (input.licenseNumber ?? '');
    const typeChanged = current.professionalType !== input.professionalType;
    if (licenceChanged || typeChanged) return 'pending';
  }
  return current.status;
}

/** PUT /api/professionals/{id}: the owner or an admin. */
export async function updateProfessional(sql: Sql, user: SessionUser, id: number, input: ProfessionalProfileInput) {
  await sql.begin(async (tx) => {
    const current = await repo.findProfessionalRefForUpdate(tx, id);
    if (!current) throw new NotFoundError(PROFESSIONAL_NOT_FOUND);
    if (!isOwnerOrAdmin(current, user)) throw new ForbiddenError();
    const status = statusAfterEdit(current, input, isAdmin(user));
    await repo.updateProfessionalRow(tx, id, input, status);
    await emit(tx, 'search.professional', { id });
  });
  return reload(sql, id, user);
}

async function ownProfile(db: Db, user: SessionUser): Promise<ProfessionalRef> {
  const ref = await repo.findProfessionalRefByUserId(db, user.id);
  if (!ref) throw new NotFoundError(NO_PROFESSIONAL_PROFILE);
  return ref;
}

/** PUT /api/professionals/photo: the signed-in professional's own photo; null removes it. */
export async function updateOwnPhoto(sql: Sql, user: SessionUser, input: PhotoInput) {
  const id = await sql.begin(async (tx) => {
    const ref = await ownProfile(tx, user);
    await repo.updateProfessionalPhoto(tx, ref.id, input.profileImageUrl || null);
    await emit(tx, 'search.professional', { id: ref.id });
    return ref.id;
  });
  return reload(sql, id, user);
}

/**
 * PUT /api/professionals/countries (issue 14): the spec's bare list of countries
 * keeps the licences of the countries still listed; `{countries, countryLicenses}`
 * also adds or changes licences. Either way every country keeps a licence
 * (countries = licences); a licence that changed loses its verification.
 */
export async function updateOwnCountries(
  sql: Sql,
  user: SessionUser,
  countries: CountriesInput,
  countryLicenses?: LicenceInput[],
) {
  const id = await sql.begin(async (tx) => {
    const ref = await ownProfile(tx, user);
    const current = (await lockLicences(tx, 'professional', ref.id))!;
    const input = countries.map(
      (country) => countryLicenses?.find((l) => l.country === country) ?? current.licences.find((l) => l.country === country),
    );
    if (input.some((l) => !l)) {
      throw new BadRequestError(LICENSE_PER_COUNTRY_MESSAGE, { countryLicenses: LICENSE_PER_COUNTRY_MESSAGE });
    }
    const licences = licencesToStore('professional', current.type, input as LicenceInput[], current.licences);
    await saveLicences(tx, 'professional', ref.id, licences, new Date(), { countries });
    return ref.id;
  });
  return reload(sql, id, user);
}

export async function listSpecialties(db: Db) {
  return repo.listSpecialties(db);
}
