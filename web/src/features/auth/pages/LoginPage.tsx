import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { loginSchema, type LoginInput } from '@ilera/contracts';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useZodForm } from '../../../lib/forms';
import { SignInFields } from '../components/sign-in-fields';
import { useLogin } from '../api/login';
import { AuthLayout } from '../components/AuthLayout';
import { WithAuthMessages } from '../auth-messages';
import { registerPath, safeNext } from '../api/return-path';
import { useAuthSaid } from '../said';

/** /login (spec accounts §2): e-mail and password; admins go to /admin, everyone else to /. Issue 50: in the page's language (auth.po, fetched with the page). */
export default function LoginPage() {
  return (
    <WithAuthMessages>
      <Login />
    </WithAuthMessages>
  );
}

function Login() {
  const { t } = useLingui();
  const said = useAuthSaid();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLogin();
  const form = useZodForm<LoginInput>(loginSchema, { email: '', password: '' });

  const submit = form.onSubmit((values) =>
    login.mutate(values, {
      onSuccess: ({ user }) => {
        toast({ title: t`Login Successful` });
        navigate(user.userType === 'admin' ? '/admin' : (safeNext(params.get('next')) ?? '/'), { replace: true });
      },
      onError: (error) =>
        toast({
          title: t`Login Failed`,
          description: said(errorMessage(error, 'Invalid email or password')),
          variant: 'destructive',
        }),
    }),
  );

  return (
    <AuthLayout title={t`Sign In`} subtitle={t`Welcome back to Ilera`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SignInFields
            form={form}
            words={{ email: t`Email`, password: t`Password`, toggle: t`Show or hide password` }}
            said={said}
            email={{ placeholder: 'you@example.com' }}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm">
              <Trans>Forgot your password?</Trans>
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={login.isPending}>
            <Trans>Sign In</Trans>
          </Button>
          {/* Issue 34: a new account comes back, after its first sign-in, to where this sign-in would have. */}
          <Button component={Link} to={registerPath(params.get('next'))} variant="default" fullWidth>
            <Trans>Create New Account</Trans>
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            <Trans>Administrator?</Trans>{' '}
            <Anchor component={Link} to="/admin/login" size="sm">
              <Trans>Admin Login</Trans>
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
