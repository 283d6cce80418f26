import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Box, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconShieldLock } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router-dom';
import { adminLoginSchema, type AdminLoginInput } from '@ilera/contracts';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useZodForm } from '../../../lib/forms';
import { SignInFields } from '../../auth/components/sign-in-fields';
import { useAdminLogin } from '../api/admin-login';
import { DashboardMessages } from '../../../i18n/dashboard-messages';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAdminSaid } from '../said';

/** /admin/login (spec accounts §2, §8): failures shown as a toast and inline. */
/** Under the signed-in pages' catalog (issue 50): AdminFrame's words are in dashboard.po. */
export default function AdminLoginPage() {
  return (
    <DashboardMessages>
      <AdminLoginPageBody />
    </DashboardMessages>
  );
}

function AdminLoginPageBody() {
  const navigate = useNavigate();
  const login = useAdminLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm<AdminLoginInput>(adminLoginSchema, { email: '', password: '' });
  const { t } = useLingui();
  const said = useAdminSaid();
  const fieldError = (message: ReactNode) => (typeof message === 'string' && message ? said(message) : message);

  const submit = form.onSubmit((values) => {
    setFailure(null);
    login.mutate(values, {
      onSuccess: () => {
        toast({ title: t`Login Successful`, description: t`Welcome to the admin dashboard.` });
        navigate('/admin', { replace: true });
      },
      onError: (error) => {
        const message = said(errorMessage(error, 'Invalid credentials'));
        setFailure(message);
        toast({ title: t`Login Failed`, description: message, variant: 'destructive' });
      },
    });
  });

  return (
    <Box component="main" bg="gray.0" mih="100vh" py={{ base: 'lg', sm: 48 }}>
      <Container size={440} px="md">
        <Stack gap="lg">
          <Anchor component={Link} to="/" underline="never" fw={800} fz={28} c="teal.7" ta="center">
            Ilera
          </Anchor>
          <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
            <form onSubmit={submit} noValidate>
              <Stack gap="sm">
                <Stack gap={4} align="center">
                  <IconShieldLock size={32} aria-hidden color="var(--mantine-color-teal-7)" />
                  <Title order={1} fz={24}>
                    <Trans>Admin Login</Trans>
                  </Title>
                  <Text c="dimmed" size="sm">
                    <Trans>Sign in with your administrator account</Trans>
                  </Text>
                </Stack>
                {failure && (
                  <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} title={t`Login Failed`} role="alert">
                    {failure}
                  </Alert>
                )}
                <SignInFields
                  form={form}
                  words={{ email: t`Email`, password: t`Password`, toggle: t`Show or hide password` }}
                  said={fieldError}
                  email={{ autoComplete: 'username' }}
                />
                <Button type="submit" fullWidth loading={login.isPending}>
                  <Trans>Sign In</Trans>
                </Button>
                <Text size="sm" ta="center" c="dimmed">
                  <Trans>
                    Not an administrator?{' '}
                    <Anchor component={Link} to="/login" size="sm">
                      User login
                    </Anchor>
                  </Trans>
                </Text>
              </Stack>
            </form>
          </Paper>
        </Stack>
      </Container>
    </Box>
  );
}
