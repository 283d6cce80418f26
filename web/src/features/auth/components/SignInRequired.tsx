import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { signInPath } from '../api/return-path';

/** Shown by a signed-in page to a signed-out visitor: a way to sign in and come back. */
export function SignInRequired({ message = 'Please sign in to continue.' }: { message?: string }) {
  const location = useLocation();

  return (
    <Container size={460} py="xl">
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" gap="sm">
          <Title order={2} fz={22}>
            Sign In Required
          </Title>
          <Text c="dimmed" ta="center">
            {message}
          </Text>
          <Button component={Link} to={signInPath(location.pathname + location.search)}>
            Sign In
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
