// GET /api/photos/{kind}/{id}?w= (issue 35): a provider's photo at the size shown. Ours.
import { z } from 'zod';
import { pathId } from './common.js';

/** The sizes the app shows a provider's photo at (CSS pixels): lists, result cards, profiles. */
export const PHOTO_WIDTHS = [48, 64, 112] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];

export const PHOTO_NOT_FOUND = 'Photo not found';
const WIDTH_MESSAGE = `w must be one of ${PHOTO_WIDTHS.join(', ')}`;

export const photoParams = z.object({
  kind: z.enum(['professional', 'institution'], { message: PHOTO_NOT_FOUND }),
  id: pathId(PHOTO_NOT_FOUND),
});

/** `v` (the original's fingerprint, so that a new photo is a new address) is allowed and not read. */
export const photoQuery = z.object({
  w: z.coerce.number({ message: WIDTH_MESSAGE }).refine((w) => (PHOTO_WIDTHS as readonly number[]).includes(w), { message: WIDTH_MESSAGE }),
  v: z.string().max(32).optional(),
});

/** The address of a provider's photo at a shown size; `source` is the photo URL the profile holds. */
export function photoPath(kind: 'professional' | 'institution', id: number | string, width: PhotoWidth, source: string): string {
  // A short fingerprint of the original's URL (FNV-1a): a changed photo is a new address, so the
  // day-long browser cache of the old one does not show it.
  let h = 0x811c9dc5;
  for (let i = 0; i < source.length; i++) h = Math.imul(h ^ source.charCodeAt(i), 0x01000193) >>> 0;
  return `/api/photos/${kind}/${id}?w=${width}&v=${h.toString(36)}`;
}
