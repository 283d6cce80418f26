// What professionals and institutions do alike (issue 19, one provider model): who may
// read or change a profile, what an edit does to its approval status, the photo, and
// the search event every change writes in its transaction (PRODUCT.md D16). Each area
// gives what really differs: its profile query and view, its columns, the fields an
// approval checked, and any follow-up of an edit.
import { emit, type Db, type Sql } from '@ilera/db';
import { lagosIsoOfSeconds, withoutVerifier, type LicenceRecord, type PhotoInput, type ProfileStatus, type ProviderKind } from '@ilera/contracts';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import * as repo from './providers.repo';
import { profileCareOf, profileCareWindows } from '../care/care.service';
import type { CareRead, CareWindows } from '../care/care.repo';

export type Viewer = SessionUser | null;

export const isAdmin = (viewer: Viewer) => viewer?.userType === 'admin';
const isOwnerOrAdmin = (ref: { userId: string | null }, viewer: Viewer) => !!viewer && (viewer.userType === 'admin' || viewer.id === ref.userId);

/**
 * Approved profiles are public (D1); pending and rejected ones exist only for
 * their owner and admins, and look missing to everyone else.
 */
const visibleTo = (ref: { userId: string | null; status: ProfileStatus }, viewer: Viewer) =>
  ref.status === 'approved' || isOwnerOrAdmin(ref, viewer);

const article = { professional: 'a professional', institution: 'an institution' } as const;
const other = { professional: 'institution', institution: 'professional' } as const;

/** A stored profile: its owner account and rejection reason are private. */
interface ProfileRow {
  id: number;
  userId: string | null;
  status: ProfileStatus;
  rejectionReason: string | null;
  /** Null for an unclaimed register listing (issue 33): no account owns it. */
  user: { email: string } | null;
  nextSlot: number | null;
}

export interface ProviderArea<K extends ProviderKind, Row extends ProfileRow, Input> {
  kind: K;
  notFound: string;
  noProfile: string;
  /** The field holding its licences or registrations: who verified one is for administrators. */
  licenceField: keyof Row & string;
  /** Whether the public sees the owner's name (a professional is a person; an institution's account holder is not shown). */
  ownerIsPublic: boolean;
  /** The profile with its care facts, in one statement (issue 47). */
  findProfile(db: Db, by: { id: number } | { userId: string }, care: CareWindows): Promise<{ row: Row; care: CareRead } | null>;
  columns(input: Input): Record<string, unknown>;
  /** The status after an owner's edit (admin edits keep it). */
  statusAfterEdit(current: repo.ProviderRefs[K], input: Input): ProfileStatus;
  /** Refuses an edit (anyone's, admins' too) that the profile as it stands does not allow, before anything is written. */
  checkEdit?(current: repo.ProviderRefs[K], input: Input): void;
  /** More to write with an edit or a creation, in its transaction (`current` is null for a new profile). */
  afterWrite?(tx: Db, id: number, input: Input, current: repo.ProviderRefs[K] | null): Promise<void>;
}

/** The calls of one kind of provider, built from what differs. */
export function providerService<K extends ProviderKind, Row extends ProfileRow, Input>(area: ProviderArea<K, Row, Input>) {
  const { kind } = area;
  const topic = `search.${kind}` as const;

  /**
   * The profile as the viewer may see it. The account e-mail and the rejection
   * reason are for the owner and admins; phone and address are public directory data.
   */
  function view(row: Row, viewer: Viewer): Omit<Row, 'rejectionReason'> & { rejectionReason?: string | null } {
    const { rejectionReason, user, ...stored } = row;
    // The row keeps the next free slot in epoch seconds, as the index does; the answer also says it in WAT.
    const fields = { ...stored, nextSlotAt: row.nextSlot == null ? null : lagosIsoOfSeconds(row.nextSlot) };
    const rest = isAdmin(viewer)
      ? fields
      : { ...fields, [area.licenceField]: withoutVerifier(row[area.licenceField] as LicenceRecord[]) };
    if (isOwnerOrAdmin(row, viewer)) return { ...rest, rejectionReason, ...(user ? { user } : {}) } as unknown as Row;
    if (!area.ownerIsPublic || !user) return rest as unknown as Row;
    const { email: _private, ...publicOwner } = user;
    return { ...rest, user: publicOwner } as unknown as Row;
  }

  /**
   * The profile with its care facts (issue 45: public, "open now" computed at the moment read), and the
   * answer as the viewer may see it. One statement reads both (issue 47); null when there is no such profile.
   */
  async function find(db: Db, by: { id: number } | { userId: string }) {
    const at = new Date();
    const found = await area.findProfile(db, by, profileCareWindows(at));
    return found && { ...found, at };
  }
  const answer = (found: { row: Row; care: CareRead; at: Date }, viewer: Viewer) => ({
    ...view(found.row, viewer),
    care: profileCareOf(kind, found.care, found.at),
  });

  async function reload(db: Db, id: number, viewer: Viewer) {
    const found = await find(db, { id });
    if (!found) throw new NotFoundError(area.notFound);
    return answer(found, viewer);
  }

  async function ownProfile(db: Db, user: SessionUser): Promise<repo.ProviderRefs[K]> {
    const ref = await repo.findRef(db, kind, { userId: user.id });
    if (!ref) throw new NotFoundError(area.noProfile);
    return ref;
  }

  return {
    view,
    reload,
    ownProfile,

    async get(db: Db, id: number, viewer: Viewer) {
      const found = await find(db, { id });
      if (!found || !visibleTo(found.row, viewer)) throw new NotFoundError(area.notFound);
      return answer(found, viewer);
    },

    /**
     * For other areas (reviews): throws 404 unless the viewer may see the profile whose owner and status
     * the caller read (null: no such profile), in the caller's own statement (issue 47).
     */
    assertVisible(ref: { userId: string | null; status: ProfileStatus } | null, viewer: Viewer) {
      if (!ref || !visibleTo(ref, viewer)) throw new NotFoundError(area.notFound);
    },

    /** GET /api/{kind}s/user/{userId}: that user or an admin only; anyone else's looks missing (D9). */
    async getOfUser(db: Db, userId: string, viewer: Viewer) {
      if (!viewer) throw new UnauthorizedError();
      if (viewer.id !== userId && !isAdmin(viewer)) throw new NotFoundError(area.noProfile);
      const found = await find(db, { userId });
      if (!found) throw new NotFoundError(area.noProfile);
      return answer(found, viewer);
    },

    /**
     * POST /api/{kind}s. An account of the kind without a profile creates its own; a
     * patient may set one up and becomes that kind of account; an account with the
     * other kind of profile cannot. The profile starts pending.
     */
    async create(sql: Sql, user: SessionUser, input: Input) {
      if (user.userType !== kind && user.userType !== 'patient') {
        throw new ForbiddenError(`Only ${kind} accounts can create ${article[kind]} profile`);
      }
      const id = await sql.begin(async (tx) => {
        if (await repo.findRef(tx, kind, { userId: user.id })) throw new ConflictError(`You already have ${article[kind]} profile`);
        if (await repo.findRef(tx, other[kind], { userId: user.id })) {
          throw new ForbiddenError(`This account already has ${article[other[kind]]} profile`);
        }
        const newId = await repo.insertProvider(tx, kind, { userId: user.id, ...area.columns(input) });
        if (user.userType === 'patient') await repo.setUserType(tx, user.id, kind);
        await emit(tx, topic, { id: newId });
        await area.afterWrite?.(tx, newId, input, null);
        return newId;
      });
      return reload(sql, id, user);
    },

    /** PUT /api/{kind}s/{id} before its body is read: 404 for no such profile, 403 unless the owner or an admin (D9). */
    async assertMayEdit(db: Db, user: SessionUser, id: number) {
      const ref = await repo.findRef(db, kind, { id });
      if (!ref) throw new NotFoundError(area.notFound);
      if (!isOwnerOrAdmin(ref, user)) throw new ForbiddenError();
    },

    /** PUT /api/{kind}s/{id}: the owner or an admin; an owner's edit of what an approval checked sends it back to review. */
    async update(sql: Sql, user: SessionUser, id: number, input: Input) {
      await sql.begin(async (tx) => {
        const current = await repo.findRef(tx, kind, { id }, true);
        if (!current) throw new NotFoundError(area.notFound);
        if (!isOwnerOrAdmin(current, user)) throw new ForbiddenError();
        area.checkEdit?.(current, input);
        const status = isAdmin(user) ? current.status : area.statusAfterEdit(current, input);
        await repo.updateProvider(tx, kind, id, area.columns(input), status);
        await emit(tx, topic, { id });
        await area.afterWrite?.(tx, id, input, current);
      });
      return reload(sql, id, user);
    },

    /** PUT /api/{kind}s/photo: the signed-in provider's own photo; null removes it. */
    async updateOwnPhoto(sql: Sql, user: SessionUser, input: PhotoInput) {
      const id = await sql.begin(async (tx) => {
        const ref = await ownProfile(tx, user);
        await repo.updatePhoto(tx, kind, ref.id, input.profileImageUrl || null);
        await emit(tx, topic, { id: ref.id });
        return ref.id;
      });
      return reload(sql, id, user);
    },
  };
}

/** An owner's edit of a rejected profile resubmits it; a change to what an approval checked sends an approved one back. */
export function resubmitted(status: ProfileStatus, checkedFieldChanged: boolean): ProfileStatus {
  if (status === 'rejected') return 'pending';
  if (status === 'approved' && checkedFieldChanged) return 'pending';
  return status;
}
