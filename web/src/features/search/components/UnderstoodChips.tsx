import { Group, Pill, Text } from '@mantine/core';
import type { Understood } from '../understood';

/**
 * What the typed words were understood as, above the results (issue 13), as Zocdoc
 * and Practo show a search's filters: "Showing results for: Cardiology × Lagos ×".
 * Removing one searches again without the words it came from.
 */
export function UnderstoodChips({ items, onRemove }: { items: Understood[]; onRemove: (item: Understood) => void }) {
  if (items.length === 0) return null;
  return (
    <Group gap={6} role="group" aria-label="Understood from your search">
      <Text size="sm" c="dimmed">
        Showing results for:
      </Text>
      {items.map((u) => (
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
  );
}
