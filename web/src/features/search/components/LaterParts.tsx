import type { ComponentType, ReactNode } from 'react';
import { Pagination } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { useLocale } from '../../../i18n/use-locale';
import { WithSearchLaterMessages } from '../later-messages';
import { laterTexts, laterTextIn, type LaterTextOf } from '../later-texts';
import { useNames } from '../../../i18n/names';
import type { Understood } from '../understood';
import type { Chips, ChipsProps } from './UnderstoodChips';

/** Loaded by SearchLater.tsx (a chunk of its own): a later text in the page's language, with search-later.po. */
export function LaterText({ text }: { text: LaterTextOf }) {
  return (
    <WithSearchLaterMessages>
      <Said text={text} />
    </WithSearchLaterMessages>
  );
}

function Said({ text }: { text: LaterTextOf }): ReactNode {
  return laterTextIn(useLingui().i18n, text);
}

/** The page list: English as the spec says it; another language with search-later.po. */
export function LaterPages(props: { total: number; value: number; onChange: (page: number) => void }) {
  if (useLocale() === 'en') return <PageList {...props} />;
  return (
    <WithSearchLaterMessages>
      <PageList {...props} translated />
    </WithSearchLaterMessages>
  );
}

const controls = { next: ['Next page', laterTexts.next], previous: ['Previous page', laterTexts.previous], first: ['First page', laterTexts.first], last: ['Last page', laterTexts.last] } as const;

function PageList({ total, value, onChange, translated = false }: { total: number; value: number; onChange: (page: number) => void; translated?: boolean }) {
  const { i18n } = useLingui();
  return (
    <Pagination
      total={total}
      value={value}
      onChange={onChange}
      getItemProps={(page) => ({ 'aria-label': translated ? i18n._(laterTexts.page(page)) : `Page ${page}` })}
      getControlProps={(control) => ({ 'aria-label': translated ? i18n._(controls[control][1]) : controls[control][0] })}
      siblings={1}
    />
  );
}

/** The understood chips with "Lowest fee first" (search-later.po) and a directory name (the names table). */
export function LaterChips({ Chips: Drawn, ...props }: ChipsProps & { Chips: typeof Chips }) {
  return (
    <WithSearchLaterMessages>
      <NamedChips {...props} Chips={Drawn} />
    </WithSearchLaterMessages>
  );
}

function NamedChips({ Chips: Drawn, ...props }: ChipsProps & { Chips: ComponentType<ChipsProps & { later?: (u: Understood) => string | undefined }> }) {
  const { i18n } = useLingui();
  const names = useNames();
  // A specialty's, a service's, a language's or an institution type's (a group's: "Hospitals (all kinds)") name.
  const named = new Set(['specialty', 'services', 'languages', 'type']);
  const later = (u: Understood) =>
    u.field === 'sort' && u.value === 'fee' ? i18n._(laterTexts.lowestFee) : named.has(u.field) ? names(u.label) : undefined;
  return <Drawn {...props} later={later} />;
}
