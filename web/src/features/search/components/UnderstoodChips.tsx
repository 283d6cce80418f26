import { Button, Group, Pill, Stack, Text } from '@mantine/core';
import type { Understood } from '../understood';

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
  const applied = items.filter((u) => !u.suggested);
  const offered = items.filter((u) => u.suggested);
  if (items.length === 0) return null;
  return (
    <Stack gap={4}>
      {applied.length > 0 && (
        <Group gap={6} role="group" aria-label="Understood from your search">
          <Text size="sm" c="dimmed">
            Showing results for:
          </Text>
          {applied.map((u) => (
            <Pill
              key={`${u.field}:${u.value}:${u.text}`}
              size="md"
              withRemoveButton
              onRemove={() => onRemove(u)}
              // Mantine hides a pill's remove button from assistive technology and the
              // keyboard (in a pills input, Backspace removes); here it is the only way.
              removeButtonProps={{ 'aria-label': `Remove ${u.label}`, 'aria-hidden': false, tabIndex: 0 }}
            >
              {u.label}
            </Pill>
          ))}
        </Group>
      )}
      {offered.length > 0 && (
        <Group gap={6} role="group" aria-label="Suggested from your search">
          <Text size="sm" c="dimmed">
            Matching the name you typed. Narrow to:
          </Text>
          {offered.map((u) => {
            const apply = onApply?.(u);
            const key = `${u.field}:${u.value}:${u.text}`;
            return apply ? (
              <Button key={key} size="compact-sm" variant="light" radius="xl" onClick={apply} aria-label={`Filter by ${u.label}`}>
                + {u.label}
              </Button>
            ) : (
              <Pill key={key} size="md" c="dimmed">
                {u.label}
              </Pill>
            );
          })}
        </Group>
      )}
    </Stack>
  );
}
