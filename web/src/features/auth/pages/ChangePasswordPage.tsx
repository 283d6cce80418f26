import { Button, Container, Paper, Stack } from '@mantine/core';
import { PageHeading } from '../../../components/PageHeading';
import { PageLoader } from '../../../components/PageLoader';
import { toast } from '../../../lib/toast';
import { useAuth } from '../api/use-auth';
import { useChangePassword } from '../api/change-password';
import { ChangePasswordFields, useChangePasswordForm } from '../components/change-password';
import { SignInRequired } from '../components/SignInRequired';

/** /change-password (signed in): current, new and confirm, each with a show/hide toggle. */
export default function ChangePasswordPage() {
  const { isLoading, isAuthenticated } = useAuth();
  if (isLoading) return <PageLoader />;
  if (!isAuthenticated) return <SignInRequired to="password" />;
  return <ChangePasswordForm />;
}

function ChangePasswordForm() {
  const change = useChangePassword();
  const { form, submit } = useChangePasswordForm(change, (form) => {
    toast({ title: 'Password Changed', description: 'Your password has been updated. Other devices have been signed out.' });
    form.reset();
  });

  return (
    <Container size={480} py="xl">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <PageHeading title="Change Password">Changing your password signs you out on every other device.</PageHeading>
            <ChangePasswordFields form={form} named />
            <Button type="submit" loading={change.isPending} mt="xs">
              Change Password
            </Button>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
