import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { loginSchema, type LoginInput } from '@ilera/contracts';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { zodResolver } from 'mantine-form-zod-resolver';
import { useLogin } from '../api/login';
import { AuthLayout } from '../components/AuthLayout';
import { safeNext } from '../api/return-path';


/** /login (spec accounts §2): e-mail and password; admins go to /admin, everyone else to /. */
export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLogin();
  const form = useForm<LoginInput>({
    initialValues: { email: '', password: '' },
    validate: zodResolver(loginSchema, { errorPriority: 'first' }),
  });

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
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot your password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={login.isPending}>
            Sign In
          </Button>
          <Button component={Link} to="/register" variant="default" fullWidth>
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
