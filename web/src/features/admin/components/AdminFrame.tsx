import type { ReactNode } from 'react';
import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';

/** The frame of the admin pages: a slim bar with the site name, then the page. */
export function AdminFrame({ children, size = 'lg' }: { children: ReactNode; size?: string | number }) {
  return (
    <Box bg="gray.0" mih="100vh">
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size={size} py="sm">
          <Group gap="xs">
            <Anchor component={Link} to="/" underline="never" fw={800} fz={22} c="teal.7">
              Ilera
            </Anchor>
            <Text c="dimmed" fw={600}>
              Administration
            </Text>
          </Group>
        </Container>
      </Box>
      <Container component="main" size={size} py="lg">
        {children}
      </Container>
    </Box>
  );
}
