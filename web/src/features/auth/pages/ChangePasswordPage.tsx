import { Button, Container, Paper, Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { PageHeading } from '../../../components/PageHeading';
import { PageLoader } from '../../../components/PageLoader';
import { toast } from '../../../lib/toast';
import { useAuth } from '../api/use-auth';
import { useChangePassword } from '../api/change-password';
import { ChangePasswordFields, useChangePasswordForm } from '../components/change-password';
import { SignInRequired } from '../components/SignInRequired';
import { WithAuthMessages } from '../auth-messages';
import { useAuthSaidText } from '../said';

/** /change-password (signed in): current, new and confirm, each with a show/hide toggle. Issue 50: in the page's language (auth.po). */
export default function ChangePasswordPage() {
  const { isLoading, isAuthenticated } = useAuth();
  if (isLoading) return <PageLoader />;
  if (!isAuthenticated) return <SignInRequired to="password" />;
  return (
    <WithAuthMessages>
      <ChangePasswordForm />
    </WithAuthMessages>
  );
}

function ChangePasswordForm() {
  const { t } = useLingui();
  const said = useAuthSaidText();
  const change = useChangePassword();
  const { form, submit } = useChangePasswordForm(
    change,
    (form) => {
      toast({ title: t`Password Changed`, description: t`Your password has been updated. Other devices have been signed out.` });
      form.reset();
    },
    undefined,
    { title: t`Password Change Failed`, fallback: t`Failed to change password. Please check your current password.`, said },
  );
  const words = {
    current: t`Current Password`,
    next: t`New Password`,
    confirm: t`Confirm New Password`,
    toggle: t`Show or hide password`,
    said,
    named: {
      current: t`Show or hide current password`,
      next: t`Show or hide new password`,
      confirm: t`Show or hide password confirmation`,
      rule: t`At least 8 characters`,
    },
  };

  return (
    <Container size={480} py="xl">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <PageHeading title={t`Change Password`}>{t`Changing your password signs you out on every other device.`}</PageHeading>
            <ChangePasswordFields form={form} named words={words} />
            <Button type="submit" loading={change.isPending} mt="xs">
              {t`Change Password`}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
