import type { ReactNode } from 'react';
import { Container, Stack, Text, Title } from '@mantine/core';

/** Layout for the short text pages (About, Privacy, Terms). */
export function StaticPage({ title, updated, children }: { title: string; updated?: string; children: ReactNode }) {
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <div>
          <Title order={1}>{title}</Title>
          {updated && (
            <Text size="sm" c="dimmed" mt={4}>
              Last updated {updated}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Container>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Title order={2} fz="lg" mb={6}>
        {title}
      </Title>
      <Stack gap="xs" fz="sm" lh={1.6}>
        {children}
      </Stack>
    </section>
  );
}
