import type { ReactNode } from 'react';
import { Text, Title } from '@mantine/core';

/** A page's h1 with the dimmed sentence under it. */
export function PageHeading({ title, fz = 24, children }: { title: string; fz?: number; children: ReactNode }) {
  return (
    <div>
      <Title order={1} fz={fz}>
        {title}
      </Title>
      <Text c="dimmed" size="sm" mt={4}>
        {children}
      </Text>
    </div>
  );
}
