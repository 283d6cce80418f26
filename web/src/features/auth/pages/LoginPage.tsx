import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { loginSchema, type LoginInput } from '@ilera/contracts';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { EmailField, PasswordField, useZodForm } from '../../../lib/forms';
import { useLogin } from '../api/login';
import { AuthLayout } from '../components/AuthLayout';
import { registerPath, safeNext } from '../api/return-path';

/** /login (spec accounts §2): e-mail and password; admins go to /admin, everyone else to /. */
export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLogin();
  const form = useZodForm<LoginInput>(loginSchema, { email: '', password: '' });

  const submit = form.onSubmit((values) =>
    login.mutate(values, {
      onSuccess: ({ user }) => {
        toast({ title: 'Login Successful' });
        navigate(user.userType === 'admin' ? '/admin' : (safeNext(params.get('next')) ?? '/'), { replace: true });
      },
      onError: (error) =>
        toast({
          title: 'Login Failed',
          description: errorMessage(error, 'Invalid email or password'),
          variant: 'destructive',
        }),
    }),
  );

  return (
    <AuthLayout title="Sign In" subtitle="Welcome back to Ilera">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <EmailField form={form} placeholder="you@example.com" />
          <PasswordField form={form} name="password" label="Password" autoComplete="current-password" />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot your password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={login.isPending}>
            Sign In
          </Button>
          {/* Issue 34: a new account comes back, after its first sign-in, to where this sign-in would have. */}
          <Button component={Link} to={registerPath(params.get('next'))} variant="default" fullWidth>
            Create New Account
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            Administrator?{' '}
            <Anchor component={Link} to="/admin/login" size="sm">
              Admin Login
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
