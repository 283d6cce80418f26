import { lazy, Suspense } from 'react';
import { useAuth } from '../../auth/api/use-auth';
import { SectionCard } from '../../profiles/components/ProfileParts';
import type { ProviderKind } from '../../profiles/api/types';

// Issue 50: the card comes with its texts (care-report.po) in a chunk of its own: only a signed-in visitor sees it, and
// only the browser draws it (the server does not know who is signed in), so the profile page's first load carries neither.
// The profile's card frame is handed to it: imported by the lazy chunk, the profile pages' parts would move to the chunk
// every page shares (scripts/chunk-groups.ts), onto the search page's first load.
const CareReportCard = lazy(() => import('./CareReportCard'));

/**
 * A profile's "Help keep this page right" (issue 45): anyone signed in may suggest an edit; on a register
 * listing (no owner to ask) a signed-in patient may say they visited and answer "How was your visit?".
 * The owner edits their page instead, so it is not shown to them. Nothing for visitors who are signed out.
 */
export function CareReportActions({ kind, id, name, ownerId, listed }: { kind: ProviderKind; id: number; name: string; ownerId: string | null; listed: boolean }) {
  const { user } = useAuth();
  if (!user || (ownerId !== null && String(user.id) === ownerId)) return null;
  return (
    <Suspense fallback={null}>
      <CareReportCard kind={kind} id={id} name={name} mayReport={listed && user.userType === 'patient'} Frame={SectionCard} />
    </Suspense>
  );
}
