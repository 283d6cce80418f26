import { Button, Group, Pill, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { Understood } from '../understood';
import { institutionTypeLabel } from '@ilera/contracts';
import { institutionTypeIn, professionalTypeText } from '../labels';

/**
 * What the typed words were understood as, above the results (issue 13), as Zocdoc
 * and Practo show a search's filters: "Showing results for: Cardiology × Lagos ×".
 * Removing one searches again without the words it came from.
 * Issue 48: when the words name a provider the server applies none of them and says so
 * (`suggested`): "Matching the name you typed. Narrow to: Lagos +", each offered, the ones
 * the page has a filter for (`onApply`) a button that applies it, the others shown as read.
 */
export function UnderstoodChips({
  items,
  onRemove,
  onApply,
}: {
  items: Understood[];
  onRemove: (item: Understood) => void;
  /** Applies a suggestion as the page's own filter; undefined for one the page cannot apply. */
  onApply?: (item: Understood) => (() => void) | undefined;
}) {
  const { t } = useLingui();
  /**
   * Issue 50: a chip's words in the page's language. The API names what it understood in English (its
   * `label`); the kinds of chip the page knows are said in the page's language, a name (a specialty, a
   * place, a plan's name) as the directory holds it. "Lowest fee first" (the words "cheap", "affordable")
   * stays the API's English for now: the search page's first load has no room left (check-size.ts).
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
