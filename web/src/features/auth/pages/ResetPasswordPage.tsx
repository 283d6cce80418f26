import { useEffect, useRef, useState } from 'react';
import { Button, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconAlertTriangle } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { resetPasswordFormSchema, type ResetPasswordFormInput } from '@ilera/contracts';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { PasswordField, useZodForm } from '../../../lib/forms';
import { useResetPassword } from '../api/reset-password';
import { useResetTokenValidity } from '../api/validate-reset-token';
import { AuthLayout } from '../components/AuthLayout';
import { WithAuthMessages } from '../auth-messages';
import { useAuthSaid } from '../said';

const INVALID_LINK = 'This password reset link is invalid or has expired.';

/** /reset-password?token=…: the token is checked first; no token counts as invalid. Issue 50: in the page's language (auth.po, fetched with the page). */
export default function ResetPasswordPage() {
  return (
    <WithAuthMessages>
      <ResetPassword />
    </WithAuthMessages>
  );
}

function ResetPassword() {
  const { t } = useLingui();
  const said = useAuthSaid();
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
      toast({ title: t`Invalid Token`, description: said(validity.data.message || INVALID_LINK), variant: 'destructive' });
    } else if (validity.isError) {
      toasted.current = true;
      toast({ title: t`Error`, description: t`Failed to validate reset token`, variant: 'destructive' });
    }
  }, [token, validity.isSuccess, validity.isError, validity.data]);

  if (done) {
    return (
      <AuthLayout title={t`Password Reset Successful`}>
        <Stack gap="md">
          <ThemeIcon size={56} radius="xl" variant="light" mx="auto" aria-hidden>
            <IconCircleCheck size={30} />
          </ThemeIcon>
          <Text ta="center">
            <Trans>Your password has been reset. You can now sign in with your new password.</Trans>
          </Text>
          <Button component={Link} to="/login">
            <Trans>Continue to Login</Trans>
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  if (token && validity.isPending) {
    return (
      <AuthLayout title={t`Reset Password`}>
        <Group justify="center" gap="sm" py="md" role="status">
          <Loader size="sm" />
          <Text>
            <Trans>Validating reset token...</Trans>
          </Text>
        </Group>
      </AuthLayout>
    );
  }

  if (invalid || validity.isError) {
    return (
      <AuthLayout title={t`Invalid Reset Link`}>
        <Stack gap="md">
          <ThemeIcon size={56} radius="xl" variant="light" color="red" mx="auto" aria-hidden>
            <IconAlertTriangle size={30} />
          </ThemeIcon>
          <Text ta="center">
            {validity.isError ? t`Failed to validate reset token` : said(validity.data?.message ?? INVALID_LINK)}
          </Text>
          <Button component={Link} to="/forgot-password">
            <Trans>Request New Link</Trans>
          </Button>
          <Button component={Link} to="/login" variant="default">
            <Trans>Back to Login</Trans>
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  return <ResetForm token={token} onDone={() => setDone(true)} />;
}

function ResetForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useLingui();
  const said = useAuthSaid();
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
          toast({ title: t`Password Reset Successful`, description: said(answer.message) });
          onDone();
        },
        onError: (error) =>
          toast({ title: t`Error`, description: said(errorMessage(error, t`Failed to reset password`)), variant: 'destructive' }),
      },
    ),
  );

  return (
    <AuthLayout title={t`Reset Password`} subtitle={t`Choose a new password for your account.`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <PasswordField
            form={form}
            name="newPassword"
            label={t`New Password`}
            description={t`At least 8 characters`}
            toggle={t`Show or hide new password`}
            error={said(form.errors.newPassword)}
          />
          <PasswordField
            form={form}
            name="confirmPassword"
            label={t`Confirm New Password`}
            toggle={t`Show or hide password confirmation`}
            error={said(form.errors.confirmPassword ?? (mismatch ? 'Passwords do not match' : undefined))}
          />
          <Button type="submit" fullWidth disabled={!ready} loading={reset.isPending}>
            <Trans>Reset Password</Trans>
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
