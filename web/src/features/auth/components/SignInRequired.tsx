import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { signInPath } from '../api/return-path';
import { WithAuthMessages } from '../auth-messages';

const messages = {
  continue: msg`Please sign in to continue.`,
  account: msg`Please sign in to see your account settings.`,
  password: msg`Please sign in to change your password.`,
  saved: msg`Please sign in to see your saved providers.`,
};

/**
 * Shown by a signed-in page to a signed-out visitor: a way to sign in and come back. Issue 50: in the page's language,
 * with sign-in's catalog (auth.po), fetched here: the visitor's next page is sign-in, which needs it anyway.
 */
export function SignInRequired({ to = 'continue' }: { to?: keyof typeof messages }) {
  return (
    <WithAuthMessages>
      <SignInCard to={to} />
    </WithAuthMessages>
  );
}

function SignInCard({ to }: { to: keyof typeof messages }) {
  const location = useLocation();
  const { i18n } = useLingui();
  return (
    <Container size={460} py="xl">
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" gap="sm">
          <Title order={2} fz={22}>
            <Trans>Sign In Required</Trans>
          </Title>
          <Text c="dimmed" ta="center">
            {i18n._(messages[to])}
          </Text>
          <Button component={Link} to={signInPath(location.pathname + location.search)}>
            <Trans>Sign In</Trans>
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
