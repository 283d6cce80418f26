import { useEffect, useRef, useState } from 'react';
import { Button, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconAlertTriangle } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { resetPasswordFormSchema, type ResetPasswordFormInput } from '@ilera/contracts';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { PasswordField, useZodForm } from '../../../lib/forms';
import { useResetPassword } from '../api/reset-password';
import { useResetTokenValidity } from '../api/validate-reset-token';
import { AuthLayout } from '../components/AuthLayout';

const INVALID_LINK = 'This password reset link is invalid or has expired.';

/** /reset-password?token=…: the token is checked first; no token counts as invalid. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const validity = useResetTokenValidity(token);
  const [done, setDone] = useState(false);
  const toasted = useRef(false);

  const invalid = !token || (validity.isSuccess && !validity.data.valid);
  useEffect(() => {
    if (toasted.current) return;
    if (token && validity.isSuccess && !validity.data.valid) {
      toasted.current = true;
      toast({ title: 'Invalid Token', description: validity.data.message || INVALID_LINK, variant: 'destructive' });
    } else if (validity.isError) {
      toasted.current = true;
      toast({ title: 'Error', description: 'Failed to validate reset token', variant: 'destructive' });
    }
  }, [token, validity.isSuccess, validity.isError, validity.data]);

  if (done) {
    return (
      <AuthLayout title="Password Reset Successful">
        <Stack gap="md">
          <ThemeIcon size={56} radius="xl" variant="light" mx="auto" aria-hidden>
            <IconCircleCheck size={30} />
          </ThemeIcon>
          <Text ta="center">Your password has been reset. You can now sign in with your new password.</Text>
          <Button component={Link} to="/login">
            Continue to Login
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  if (token && validity.isPending) {
    return (
      <AuthLayout title="Reset Password">
        <Group justify="center" gap="sm" py="md" role="status">
          <Loader size="sm" />
          <Text>Validating reset token...</Text>
        </Group>
      </AuthLayout>
    );
  }

  if (invalid || validity.isError) {
    return (
      <AuthLayout title="Invalid Reset Link">
        <Stack gap="md">
          <ThemeIcon size={56} radius="xl" variant="light" color="red" mx="auto" aria-hidden>
            <IconAlertTriangle size={30} />
          </ThemeIcon>
          <Text ta="center">
            {validity.isError ? 'Failed to validate reset token' : (validity.data?.message ?? INVALID_LINK)}
          </Text>
          <Button component={Link} to="/forgot-password">
            Request New Link
          </Button>
          <Button component={Link} to="/login" variant="default">
            Back to Login
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  return <ResetForm token={token} onDone={() => setDone(true)} />;
}

function ResetForm({ token, onDone }: { token: string; onDone: () => void }) {
  const reset = useResetPassword();
  const form = useZodForm<ResetPasswordFormInput>(resetPasswordFormSchema, { newPassword: '', confirmPassword: '' });
  const { newPassword, confirmPassword } = form.values;
  // Spec: disabled until both are filled, equal and at least 8 characters.
  const ready = newPassword.length >= 8 && newPassword === confirmPassword;
  const mismatch = confirmPassword.length > 0 && newPassword.length > 0 && newPassword !== confirmPassword;

  const submit = form.onSubmit((values) =>
    reset.mutate(
      { token, newPassword: values.newPassword },
      {
        onSuccess: (answer) => {
          toast({ title: 'Password Reset Successful', description: answer.message });
          onDone();
        },
        onError: (error) =>
          toast({ title: 'Error', description: errorMessage(error, 'Failed to reset password'), variant: 'destructive' }),
      },
    ),
  );

  return (
    <AuthLayout title="Reset Password" subtitle="Choose a new password for your account.">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <PasswordField form={form} name="newPassword" label="New Password" description="At least 8 characters" toggle="Show or hide new password" />
          <PasswordField
            form={form}
            name="confirmPassword"
            label="Confirm New Password"
            toggle="Show or hide password confirmation"
            error={form.errors.confirmPassword ?? (mismatch ? 'Passwords do not match' : undefined)}
          />
          <Button type="submit" fullWidth disabled={!ready} loading={reset.isPending}>
            Reset Password
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
