// Register changes of claimed listings (issue 33, D22, decisions 030/031; ours): a newer register
// file never overwrites what a claimed facility's owner edited; its new fields wait in
// register_listings.pending and an administrator applies the ones to take, or dismisses them.
import { z } from 'zod';
import { instant } from './answers/common.js';

/**
 * The register's fields an administrator may apply to a claimed listing, each with the
 * institution column(s) it writes. `coordinates` is the pair (and makes the location the register's).
 */
export const REGISTER_CHANGE_FIELDS = ['name', 'type', 'state', 'city', 'lga', 'ward', 'ownership', 'ownershipType', 'facilityLevel', 'coordinates'] as const;
export type RegisterChangeField = (typeof REGISTER_CHANGE_FIELDS)[number];

export const registerChangeFieldLabels: Record<RegisterChangeField, string> = {
  name: 'Name',
  type: 'Type',
  state: 'State',
  city: 'City',
  lga: 'LGA',
  ward: 'Ward',
  ownership: 'Ownership',
  ownershipType: 'Ownership type',
  facilityLevel: 'Level',
  coordinates: 'Coordinates',
};

export const REGISTER_CHANGE_NOT_FOUND = 'No register change is waiting for this listing'; // ours
export const REGISTER_FIELDS_MESSAGE = `Choose the fields to apply from: ${REGISTER_CHANGE_FIELDS.join(', ')}`; // ours

/** Body of POST /api/admin/register-changes/{institutionId}/apply: the register fields to write onto the profile. */
export const applyRegisterChangeSchema = z.object({
  fields: z
    .array(z.enum(REGISTER_CHANGE_FIELDS, { errorMap: () => ({ message: REGISTER_FIELDS_MESSAGE }) }), {
      required_error: REGISTER_FIELDS_MESSAGE,
      invalid_type_error: REGISTER_FIELDS_MESSAGE,
    })
    .min(1, { message: REGISTER_FIELDS_MESSAGE })
    .max(REGISTER_CHANGE_FIELDS.length, { message: REGISTER_FIELDS_MESSAGE }),
});
export type ApplyRegisterChangeInput = z.infer<typeof applyRegisterChangeSchema>;

const coordinates = z.object({ latitude: z.number(), longitude: z.number() });
const registerValue = z.union([z.string(), coordinates]).nullable();
export type RegisterValue = z.infer<typeof registerValue>;

/** One field the newer register file changed: the profile's value now, the register's before and its new one. */
export const registerFieldChangeAnswer = z.object({
  field: z.enum(REGISTER_CHANGE_FIELDS),
  current: registerValue,
  previousRegister: registerValue,
  register: registerValue,
});
export type RegisterFieldChange = z.infer<typeof registerFieldChangeAnswer>;

/** GET /api/admin/register-changes: one claimed listing whose newer register fields wait. */
export const registerChangeAnswer = z.object({
  institution: z.object({ id: z.number().int(), name: z.string(), ownerEmail: z.string().nullable() }),
  registerKey: z.string(),
  /** The register's last_updated before and in the newer file (YYYY-MM-DD). */
  registerUpdated: z.object({ previous: z.string().nullable(), new: z.string().nullable() }),
  importId: z.number().int().nullable(),
  at: instant,
  /** Only the fields the newer file changed; empty when only the register's other facts (date, codes) did. */
  changes: z.array(registerFieldChangeAnswer),
});
export type RegisterChange = z.infer<typeof registerChangeAnswer>;

export const registerChangesPageAnswer = z.object({
  items: z.array(registerChangeAnswer),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
export type RegisterChangesPage = z.infer<typeof registerChangesPageAnswer>;

/** POST .../apply and .../dismiss. */
export const registerChangeDecisionAnswer = z.object({
  success: z.literal(true),
  institutionId: z.number().int(),
  applied: z.array(z.enum(REGISTER_CHANGE_FIELDS)),
});
