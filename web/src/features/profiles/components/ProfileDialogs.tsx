import { lazy, Suspense, useState, type ReactNode } from 'react';

// A profile page's dialogs (booking, review, photo, countries) bring Modal, Select,
// the date and time pickers, focus trapping and their zod schemas: most visitors
// open none of them, so their code is fetched when one first opens, not with the page.
export const BookAppointmentDialog = lazy(() => import('../../appointments/components/BookAppointmentDialog'));
export const WriteReviewDialog = lazy(() => import('../../reviews/components/WriteReviewDialog'));
export const PhotoDialog = lazy(() => import('./PhotoDialog').then((m) => ({ default: m.PhotoDialog })));
export const CountriesDialog = lazy(() => import('./CountriesDialog').then((m) => ({ default: m.CountriesDialog })));
export const CareFactsDialog = lazy(() => import('../../care/components/CareFactsDialog'));

/**
 * Renders its dialog from the first time it opens (fetching its code then) and keeps
 * it mounted afterwards, so that closing still animates and reopening is immediate.
 */
export function WhenOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  return wanted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
