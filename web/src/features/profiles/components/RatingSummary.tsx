import { Group, Text } from '@mantine/core';
import { Plural } from '@lingui/react/macro';
import { Stars } from '../../../components/Stars';

/**
 * Average rating with one decimal and the review count (spec §9). The stars show
 * the average rounded down, so 4.9 never shows five full stars.
 */
export function RatingSummary({ average, count }: { average: number; count: number }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Stars value={average} />
      <Text size="sm" fw={600}>
        {average.toFixed(1)}
      </Text>
      <Text size="sm" c="dimmed">
        (<Plural value={count} one="# review" other="# reviews" />)
      </Text>
    </Group>
  );
}
