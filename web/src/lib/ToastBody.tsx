import type { ReactNode } from 'react';
import { Button, Stack, Text } from '@mantine/core';

/** A toast's description with its optional action button (see lib/toast.ts). */
export function ToastBody({
  description,
  actionLabel,
  destructive,
  onAction,
}: {
  description?: ReactNode;
  actionLabel: string;
  destructive: boolean;
  onAction: () => void;
}) {
  return (
    <Stack gap={6} align="flex-start">
      {description !== undefined && <Text size="sm">{description}</Text>}
      <Button size="xs" variant="light" color={destructive ? 'red' : undefined} onClick={onAction}>
        {actionLabel}
      </Button>
    </Stack>
  );
}
