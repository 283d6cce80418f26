import { Button, Container, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { changePasswordFormSchema, type ChangePasswordFormInput } from '@ilera/contracts';
import { PageLoader } from '../../../components/PageLoader';
import { errorMessage, isUnauthorizedError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { zodResolver } from 'mantine-form-zod-resolver';
import { useAuth } from '../api/use-auth';
import { useChangePassword } from '../api/change-password';
import { handleUnauthorized, serverFieldErrors } from '../api/server-errors';
import { SignInRequired } from '../components/SignInRequired';

/** /change-password (signed in): current, new and confirm, each with a show/hide toggle. */
export default function ChangePasswordPage() {
  const { isLoading, isAuthenticated } = useAuth();
  if (isLoading) return <PageLoader />;
  if (!isAuthenticated) return <SignInRequired message="Please sign in to change your password." />;
  return <ChangePasswordForm />;
}

function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm<ChangePasswordFormInput>({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: zodResolver(changePasswordFormSchema, { errorPriority: 'first' }),
  });

  const submit = form.onSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toast({ title: 'Password Changed', description: 'Your password has been updated. Other devices have been signed out.' });
          form.reset();
        },
        onError: (error) => {
          if (isUnauthorizedError(error)) return handleUnauthorized();
          const fields = serverFieldErrors(error);
          if (fields) form.setErrors(fields);
          toast({
            title: 'Password Change Failed',
            description: errorMessage(error, 'Failed to change password. Please check your current password.'),
            variant: 'destructive',
          });
        },
      },
    ),
  );

  return (
    <Container size={480} py="xl">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <div>
              <Title order={1} fz={24}>
                Change Password
              </Title>
              <Text c="dimmed" size="sm" mt={4}>
                Changing your password signs you out on every other device.
              </Text>
            </div>
            <PasswordInput
              label="Current Password"
              autoComplete="current-password"
              required
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide current password' }}
              {...form.getInputProps('currentPassword')}
            />
            <PasswordInput
              label="New Password"
              description="At least 8 characters"
              autoComplete="new-password"
              required
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide new password' }}
              {...form.getInputProps('newPassword')}
            />
            <PasswordInput
              label="Confirm New Password"
              autoComplete="new-password"
              required
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password confirmation' }}
              {...form.getInputProps('confirmPassword')}
            />
            <Button type="submit" loading={change.isPending} mt="xs">
              Change Password
            </Button>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
