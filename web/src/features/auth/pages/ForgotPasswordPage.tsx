import { useState } from 'react';
import { Anchor, Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { forgotPasswordSchema, type ForgotPasswordInput } from '@ilera/contracts';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { EmailField, useZodForm } from '../../../lib/forms';
import { useForgotPassword } from '../api/forgot-password';
import { AuthLayout } from '../components/AuthLayout';

/** /forgot-password: the answer never says whether the account exists. */
export default function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const forgot = useForgotPassword();
  const form = useZodForm<ForgotPasswordInput>(forgotPasswordSchema, { email: '' });

  const submit = form.onSubmit((values) =>
    forgot.mutate(values, {
      onSuccess: () => {
        toast({
          title: 'Reset email sent',
          description: 'If an account exists for this email, you will receive a password reset link shortly.',
        });
        setSentTo(values.email.trim());
      },
      onError: (error) =>
        toast({ title: 'Error', description: errorMessage(error, 'Failed to send reset email'), variant: 'destructive' }),
    }),
  );

  if (sentTo) {
    return (
      <AuthLayout title="Check Your Email">
        <Stack gap="md" align="stretch">
          <ThemeIcon size={56} radius="xl" variant="light" mx="auto" aria-hidden>
            <IconMailCheck size={30} />
          </ThemeIcon>
          <Text ta="center">
            If an account exists for <strong>{sentTo}</strong>, we have sent a link to reset your password. The link is
            valid for 1 hour.
          </Text>
          <Text size="sm" c="dimmed" ta="center">
            Didn&apos;t get it? Check your spam folder, or try another address.
          </Text>
          <Button
            variant="default"
            onClick={() => {
              form.reset();
              setSentTo(null);
            }}
          >
            Try Different Email
          </Button>
          <Button component={Link} to="/login">
            Back to Login
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Forgot Password" subtitle="Enter your email and we'll send you a link to reset your password.">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <EmailField form={form} placeholder="you@example.com" />
          <Button type="submit" fullWidth loading={forgot.isPending}>
            Send Reset Link
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            Back to Login
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
