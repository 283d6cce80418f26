import { lazy, Suspense, type ReactNode } from 'react';
import { useLocale } from '../../../i18n/use-locale';
import type { LaterTextOf } from '../later-texts';

// Issue 50 (decision 046): the search page's texts that few visits show, or that come with an answer, and the page
// list (shown under an answer, used after a tap), in a chunk of their own with their words (search-later.po): the
// search page's first load carries neither. On a page the server drew, React keeps what was drawn until the chunk
// has come (a suspended boundary keeps its server HTML while it hydrates).
const LaterText = lazy(() => import('./LaterParts').then((m) => ({ default: m.LaterText })));
const LaterPages = lazy(() => import('./LaterParts').then((m) => ({ default: m.LaterPages })));

/**
 * A text in the page's language: English as the spec says it (`en`, drawn at once), another language's words
 * (`text`: which text and its values, later-texts.ts) once its catalog has come, English meanwhile.
 */
export function SearchLater({ en, text }: { en: string; text: LaterTextOf }): ReactNode {
  if (useLocale() === 'en') return en;
  return (
    <Suspense fallback={en}>
      <LaterText text={text} />
    </Suspense>
  );
}

/** The page list (Mantine's Pagination), its labels in the page's language ("Page 2", "Next page"). */
export function Pages(props: { total: number; value: number; onChange: (page: number) => void }) {
  return (
    <Suspense fallback={null}>
      <LaterPages {...props} />
    </Suspense>
  );
}
