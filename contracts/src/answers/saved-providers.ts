// Answers of the saved providers calls (issue 35, decision 035).
import { z } from 'zod';
import { savedProviderKinds } from '../schemas/saved-providers.js';
import { instant } from './common.js';

/** One bookmark, with what a list shows offline without the profile: name, what, where. */
export const savedProviderAnswer = z.object({
  kind: z.enum(savedProviderKinds),
  id: z.number().int(),
  name: z.string(),
  /** The specialty of a professional, the type of an institution (its label). */
  subtitle: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  savedAt: instant,
});
export type SavedProvider = z.infer<typeof savedProviderAnswer>;

/** GET /api/saved-providers: newest first; only profiles the public may see. */
export const savedProviderListAnswer = z.array(savedProviderAnswer);
