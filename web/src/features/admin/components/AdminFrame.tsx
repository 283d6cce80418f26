import type { FormEventHandler, ReactNode } from 'react';
import { Anchor, Box, Button, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Trans } from '@lingui/react/macro';

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
              <Trans>Administration</Trans>
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

/** An admin page that is one form: its fields, then "Back to Dashboard" and the submit button. */
export function AdminFormPage(p: {
  size: string | number;
  gap: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <AdminFrame size={p.size}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={p.onSubmit} noValidate>
          <Stack gap={p.gap}>
            {p.children}
            <Group justify="space-between">
              <Button component={Link} to="/admin" variant="default">
                <Trans>Back to Dashboard</Trans>
              </Button>
              <Button type="submit" loading={p.pending}>
                {p.submitLabel}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </AdminFrame>
  );
}
