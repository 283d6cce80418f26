import { useState } from 'react';
import { Anchor, Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { forgotPasswordSchema, type ForgotPasswordInput } from '@ilera/contracts';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { EmailField, useZodForm } from '../../../lib/forms';
import { useForgotPassword } from '../api/forgot-password';
import { AuthLayout } from '../components/AuthLayout';
import { WithAuthMessages } from '../auth-messages';
import { useAuthSaid } from '../said';

/** /forgot-password: the answer never says whether the account exists. Issue 50: in the page's language (auth.po, fetched with the page). */
export default function ForgotPasswordPage() {
  return (
    <WithAuthMessages>
      <ForgotPassword />
    </WithAuthMessages>
  );
}

function ForgotPassword() {
  const { t } = useLingui();
  const said = useAuthSaid();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const forgot = useForgotPassword();
  const form = useZodForm<ForgotPasswordInput>(forgotPasswordSchema, { email: '' });

  const submit = form.onSubmit((values) =>
    forgot.mutate(values, {
      onSuccess: () => {
        toast({
          title: t`Reset email sent`,
          description: t`If an account exists for this email, you will receive a password reset link shortly.`,
        });
        setSentTo(values.email.trim());
      },
      onError: (error) => toast({ title: t`Error`, description: said(errorMessage(error, t`Failed to send reset email`)), variant: 'destructive' }),
    }),
  );

  if (sentTo) {
    return (
      <AuthLayout title={t`Check Your Email`}>
        <Stack gap="md" align="stretch">
          <ThemeIcon size={56} radius="xl" variant="light" mx="auto" aria-hidden>
            <IconMailCheck size={30} />
          </ThemeIcon>
          <Text ta="center">
            <Trans>
              If an account exists for <strong>{sentTo}</strong>, we have sent a link to reset your password. The link is valid for 1
              hour.
            </Trans>
          </Text>
          <Text size="sm" c="dimmed" ta="center">
            <Trans>Didn&apos;t get it? Check your spam folder, or try another address.</Trans>
          </Text>
          <Button
            variant="default"
            onClick={() => {
              form.reset();
              setSentTo(null);
            }}
          >
            <Trans>Try Different Email</Trans>
          </Button>
          <Button component={Link} to="/login">
            <Trans>Back to Login</Trans>
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t`Forgot Password`} subtitle={t`Enter your email and we'll send you a link to reset your password.`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <EmailField form={form} label={t`Email`} placeholder="you@example.com" error={said(form.errors.email)} />
          <Button type="submit" fullWidth loading={forgot.isPending}>
            <Trans>Send Reset Link</Trans>
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            <Trans>Back to Login</Trans>
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
