// "Saved providers" (issue 35, decision 035): a patient's bookmarks. Ours: the spec has none.
import { z } from 'zod';
import { pathId } from './common.js';

export const savedProviderKinds = ['professional', 'institution'] as const;
export type SavedProviderKind = (typeof savedProviderKinds)[number];

export const SAVED_PROVIDER_NOT_FOUND = 'Provider not found';

/** `/api/saved-providers/{kind}/{id}`: an unknown kind or an id that cannot exist is a 404. */
export const savedProviderParams = z.object({
  kind: z.enum(savedProviderKinds, { message: SAVED_PROVIDER_NOT_FOUND }),
  id: pathId(SAVED_PROVIDER_NOT_FOUND),
});
export type SavedProviderParams = z.infer<typeof savedProviderParams>;
