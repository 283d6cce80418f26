// Administrator review actions and the audit log (accounts-and-admin.md §7; PRODUCT.md D5).
import { z } from 'zod';
import { emptyToUndefined } from './common.js';

/** Optional body of POST /api/admin/reject-professional/{id} and reject-institution/{id}. */
export const adminRejectSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(1000, { message: 'Reason must be at most 1000 characters' }) // ours
    .optional(),
});
export type AdminRejectInput = z.infer<typeof adminRejectSchema>;

/** Body of POST /api/admin/professionals/{id}/licences/verify (issue 18, ours): the licence's country. */
export const adminVerifyLicenceSchema = z.object({
  country: z.string({ required_error: 'Country is required' }).trim().min(1, { message: 'Country is required' }).max(100),
});
export type AdminVerifyLicenceInput = z.infer<typeof adminVerifyLicenceSchema>;

/** Query of GET /api/admin/audit: newest first, paged (ours). */
export const adminAuditQuerySchema = z.object({
  page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
  perPage: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100).default(25)),
});
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;

/**
 * Query of the admin tab lists (pending, approved, rejected professionals and
 * institutions; ours): paged, searchable by name or e-mail. The answer stays the
 * spec's plain list; the total is in the X-Total-Count header.
 */
export const adminListQuerySchema = z.object({
  q: z.preprocess(emptyToUndefined, z.string().trim().max(200, { message: 'Search must be at most 200 characters' }).optional()),
  page: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ message: 'Page must be a whole number from 1' }).int({ message: 'Page must be a whole number from 1' }).min(1, { message: 'Page must be a whole number from 1' }).max(100_000).default(1),
  ),
  perPage: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ message: 'Per page must be a whole number from 1 to 100' }).int({ message: 'Per page must be a whole number from 1 to 100' }).min(1, { message: 'Per page must be a whole number from 1 to 100' }).max(100, { message: 'Per page must be a whole number from 1 to 100' }).default(50),
  ),
});
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

/** What an audit entry records (ours). */
export const adminAuditActions = [
  'login',
  'logout',
  'change_password',
  'create_user',
  'create_admin_cli',
  'approve_professional',
  'reject_professional',
  'withdraw_professional',
  'approve_institution',
  'reject_institution',
  'withdraw_institution',
  'reopen_professional',
  'reopen_institution',
  'verify_licence',
  'approve_claim',
  'reject_claim',
  'apply_register_change',
  'dismiss_register_change',
  'hide_review',
  'restore_review',
  'dismiss_review_reports',
  // Issue 45: care facts and the lists admins keep for them.
  'edit_care',
  'create_payer',
  'update_payer',
  'delete_payer',
  'set_holiday',
  'delete_holiday',
  // Issue 50: a translation suggestion marked done or dismissed.
  'mark_translation_suggestion',
] as const;
export type AdminAuditAction = (typeof adminAuditActions)[number];

export const adminAuditActionLabels: Record<AdminAuditAction, string> = {
  login: 'Signed in',
  logout: 'Signed out',
  change_password: 'Changed password',
  create_user: 'Created user',
  create_admin_cli: 'Admin created from the command line',
  approve_professional: 'Approved professional',
  reject_professional: 'Rejected professional',
  withdraw_professional: 'Withdrew professional approval',
  approve_institution: 'Approved institution',
  reject_institution: 'Rejected institution',
  withdraw_institution: 'Withdrew institution approval',
  reopen_professional: 'Reopened rejected professional',
  reopen_institution: 'Reopened rejected institution',
  verify_licence: 'Verified licence',
  approve_claim: 'Approved claim of a register listing',
  reject_claim: 'Rejected claim of a register listing',
  apply_register_change: 'Applied register change to a claimed listing',
  dismiss_register_change: 'Dismissed register change of a claimed listing',
  hide_review: 'Hid review',
  restore_review: 'Restored review',
  dismiss_review_reports: 'Dismissed review reports',
  edit_care: 'Edited care facts (hours, services, plans, fees)',
  create_payer: 'Added health plan payer',
  update_payer: 'Edited health plan payer',
  delete_payer: 'Deleted health plan payer',
  set_holiday: 'Set public holiday',
  delete_holiday: 'Deleted public holiday',
  mark_translation_suggestion: 'Marked translation suggestion',
};
