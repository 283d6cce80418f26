import { Button, Card, Container, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { isRateLimitedError, rateLimitedMessage } from '../../../lib/api';

const texts = {
  professional: {
    title: 'Professional Not Found',
    text: "The professional you're looking for doesn't exist or has been removed.",
  },
  institution: {
    title: 'Institution Not Found',
    text: "The institution you're looking for doesn't exist or has been removed.",
  },
};

/**
 * A missing (or not yet approved) profile, with Back to Search (spec §2, §8).
 * A profile read refused by the per-address limit (429) is not "not found": it says to wait.
 */
export function ProfileNotFound({ kind, error }: { kind: 'professional' | 'institution'; error?: unknown }) {
  const t = isRateLimitedError(error) ? { title: 'Too Many Requests', text: rateLimitedMessage(error) } : texts[kind];
  return (
    <Container size="sm" py={60}>
      <Card withBorder radius="md" padding="xl" ta="center">
        <Stack align="center" gap="sm">
          <Title order={1} size="h2">
            {t.title}
          </Title>
          <Text c="dimmed">{t.text}</Text>
          <Button component={Link} to="/search" leftSection={<IconArrowLeft size={16} />} mt="sm">
            Back to Search
          </Button>
        </Stack>
      </Card>
    </Container>
  );
}
