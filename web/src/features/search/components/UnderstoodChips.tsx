import { lazy, Suspense } from 'react';
import { Button, Group, Pill, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { Understood } from '../understood';
import { institutionTypeLabel } from '@ilera/contracts';
import { hasInstitutionTypeText, institutionTypeIn, professionalTypeText } from '../labels';
import { useLocale } from '../../../i18n/use-locale';

const LaterChips = lazy(() => import('./LaterParts').then((m) => ({ default: m.LaterChips })));

export type ChipsProps = {
  items: Understood[];
  onRemove: (item: Understood) => void;
  /** Applies a suggestion as the page's own filter; undefined for one the page cannot apply. */
  onApply?: (item: Understood) => (() => void) | undefined;
};

/** The fields whose chips have words in search-later.po ("Lowest fee first") or the directory's names table. */
const LATER_FIELDS = new Set(['sort', 'specialty', 'services', 'languages']);

/** A chip of one institution type the search page's catalog names ("Teaching Hospital"); else a group's or a rarer type's (the names table). */
const knownType = (u: Understood) => u.field === 'type' && u.label === institutionTypeLabel(u.value) && hasInstitutionTypeText(u.value);
const saidLater = (u: Understood) => LATER_FIELDS.has(u.field) || (u.field === 'type' && !knownType(u));

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
  if (useLocale() === 'en' || !props.items.some(saidLater)) return <Chips {...props} />;
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
  const speaksChip = (named: string) => t`Speaks ${named}`;
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
        // One type by the search page's words ("Teaching Hospital"); a group of types ("Hospitals (all kinds)") or a
        // rarer type by the names table, English (the API's words) until it has come.
        return knownType(u) ? institutionTypeIn(t, u.value) : (later?.(u) ?? u.label);
    }
    const named = /^(?:Accepts|Speaks) (.+)$/.exec(u.label)?.[1];
    if (named && u.field === 'plans') return t`Accepts ${named}`;
    // The language's name from the names table ("Speaks Hausa" is "Yana jin Hausa", "Ó ń sọ Háúsá").
    if (named && u.field === 'languages') return speaksChip(later?.({ ...u, label: named }) ?? named);
    return later?.(u) || u.label;
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
