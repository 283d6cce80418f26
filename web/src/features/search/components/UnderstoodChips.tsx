import { lazy, Suspense } from 'react';
import { Button, Group, Pill, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { Understood } from '../understood';
import { institutionTypeLabel } from '@ilera/contracts';
import { institutionTypeIn, professionalTypeText } from '../labels';
import { useLocale } from '../../../i18n/use-locale';

const LaterChips = lazy(() => import('./LaterParts').then((m) => ({ default: m.LaterChips })));

export type ChipsProps = {
  items: Understood[];
  onRemove: (item: Understood) => void;
  /** Applies a suggestion as the page's own filter; undefined for one the page cannot apply. */
  onApply?: (item: Understood) => (() => void) | undefined;
};

/** The fields whose chips have words in search-later.po ("Lowest fee first") or the directory's names table. */
const LATER_FIELDS = new Set(['sort', 'specialty', 'services']);

/**
 * What the typed words were understood as, above the results (issue 13), as Zocdoc
 * and Practo show a search's filters: "Showing results for: Cardiology × Lagos ×".
 * Removing one searches again without the words it came from.
 * Issue 48: when the words name a provider the server applies none of them and says so
 * (`suggested`): "Matching the name you typed. Narrow to: Lagos +", each offered, the ones
 * the page has a filter for (`onApply`) a button that applies it, the others shown as read.
 */
export function UnderstoodChips(props: ChipsProps) {
  // Issue 50: a chip whose words come later (a sort's, a specialty's or a service's name) in another language: the
  // chips are drawn again once they have come, in English meanwhile.
  if (useLocale() === 'en' || !props.items.some((u) => LATER_FIELDS.has(u.field))) return <Chips {...props} />;
  return (
    <Suspense fallback={<Chips {...props} />}>
      <LaterChips {...props} Chips={Chips} />
    </Suspense>
  );
}

/** The chips; `later`: the words of a chip whose words come later (LaterParts.tsx), or undefined. */
export function Chips({ items, onRemove, onApply, later }: ChipsProps & { later?: (u: Understood) => string | undefined }) {
  const { t } = useLingui();
  /**
   * Issue 50: a chip's words in the page's language. The API names what it understood in English (its
   * `label`); the kinds of chip the page knows are said in the page's language, a name (a specialty, a
   * place, a plan's name) as the directory holds it, a specialty's or service's from the names table; "Lowest fee
   * first" (the words "cheap", "affordable") from search-later.po.
   */
  const chipLabel = (u: Understood): string => {
    switch (u.field) {
      case 'near':
        return t`Near you`;
      case 'collection':
        return t`Institutions`;
      case 'openNow':
        return t`Open now`;
      case 'open24Hours':
        return t`Open 24 hours`;
      case 'freeAtPointOfCare':
        return t`Free at the point of care`;
      case 'professionalType':
        return u.value in professionalTypeText ? t(professionalTypeText[u.value as keyof typeof professionalTypeText]) : u.label;
      case 'type':
        // One type by its list's name ("Teaching Hospital"); a group of types keeps the API's words.
        return u.label === institutionTypeLabel(u.value) ? institutionTypeIn(t, u.value) : u.label;
    }
    const said = later?.(u);
    if (said) return said;
    const named = /^(?:Accepts|Speaks) (.+)$/.exec(u.label)?.[1];
    if (named && u.field === 'plans') return t`Accepts ${named}`;
    if (named && u.field === 'languages') return t`Speaks ${named}`;
    return u.label;
  };
  const applied = items.filter((u) => !u.suggested);
  const offered = items.filter((u) => u.suggested);
  if (items.length === 0) return null;
  return (
    <Stack gap={4}>
      {applied.length > 0 && (
        <Group gap={6} role="group" aria-label={t`Understood from your search`}>
          <Text size="sm" c="dimmed">
            {t`Showing results for:`}
          </Text>
          {applied.map((u) => {
            const label = chipLabel(u);
            return (
              <Pill
                key={`${u.field}:${u.value}:${u.text}`}
                size="md"
                withRemoveButton
                onRemove={() => onRemove(u)}
                // Mantine hides a pill's remove button from assistive technology and the
                // keyboard (in a pills input, Backspace removes); here it is the only way.
                removeButtonProps={{ 'aria-label': t`Remove ${label}`, 'aria-hidden': false, tabIndex: 0 }}
              >
                {label}
              </Pill>
            );
          })}
        </Group>
      )}
      {offered.length > 0 && (
        <Group gap={6} role="group" aria-label={t`Suggested from your search`}>
          <Text size="sm" c="dimmed">
            {t`Matching the name you typed. Narrow to:`}
          </Text>
          {offered.map((u) => {
            const label = chipLabel(u);
            const apply = onApply?.(u);
            const key = `${u.field}:${u.value}:${u.text}`;
            return apply ? (
              <Button key={key} size="compact-sm" variant="light" radius="xl" onClick={apply} aria-label={t`Filter by ${label}`}>
                + {label}
              </Button>
            ) : (
              <Pill key={key} size="md" c="dimmed">
                {label}
              </Pill>
            );
          })}
        </Group>
      )}
    </Stack>
  );
}
