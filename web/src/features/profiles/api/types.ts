// What the web adds to the profile answers (their shapes are contracts' Professional, Institution, Review).
import type { Professional } from '@ilera/contracts';

// The profile forms still import these from here (issue 19 moves them with the forms).
export type { Institution, Professional } from '@ilera/contracts';

/** The two kinds of provider; also the path segment of their pages and calls. */
export type ProviderKind = 'professional' | 'institution';

/** Newest first, or verified visits first (D19). */
export type ReviewOrder = 'newest' | 'verified';

/** 'Dr. Ngozi Eze'. */
export function professionalName(p: Pick<Professional, 'title'> & { user: { firstName: string | null; lastName: string | null } }): string {
  return [p.title, p.user.firstName, p.user.lastName].filter(Boolean).join(' ');
}
