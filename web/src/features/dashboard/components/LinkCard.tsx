import type { ReactNode } from 'react';
import { Button, Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

/** A card that leads somewhere: icon and title, a sentence, one button. */
export function LinkCard(p: { title: string; text: string; to: string; action: string; icon: ReactNode; iconSize?: string; buttonVariant?: string }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Group gap="sm" mb="xs">
        <ThemeIcon variant="light" size={p.iconSize} radius="xl" aria-hidden>
          {p.icon}
        </ThemeIcon>
        <Title order={2} size="h4">
          {p.title}
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {p.text}
      </Text>
      <Button component={Link} to={p.to} variant={p.buttonVariant}>
        {p.action}
      </Button>
    </Card>
  );
}
