import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router-dom';
import { changePasswordFormSchema, type ChangePasswordFormInput } from '@ilera/contracts';
import { errorMessage, isUnauthorizedError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { zodResolver } from 'mantine-form-zod-resolver';
import { handleUnauthorized, serverFieldErrors } from '../../auth/api/server-errors';
import { useChangeAdminPassword } from '../api/change-admin-password';
import { AdminFrame } from '../components/AdminFrame';
import { AdminGuard } from '../components/AdminGuard';

const toggle = { 'aria-label': 'Show or hide password' };

function ChangePasswordForm() {
  const navigate = useNavigate();
  const change = useChangeAdminPassword();
  const form = useForm<ChangePasswordFormInput>({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: zodResolver(changePasswordFormSchema, { errorPriority: 'first' }),
  });

  const submit = form.onSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toast({
            title: 'Password Changed',
            description: 'Your admin password has been changed and your other sessions signed out.',
          });
          navigate('/admin');
        },
        onError: (error) => {
          if (isUnauthorizedError(error)) return handleUnauthorized('/admin/login');
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
    <AdminFrame size={520}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Title order={1} fz={24}>
              Change Admin Password
            </Title>
            {/* D4: the change is real, so the spec's "manual system update" notice is replaced. */}
            <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />} title="Takes effect at once">
              The new password works as soon as you save it: your other admin sessions are signed out, and the
              change is recorded in the audit log.
            </Alert>
            <PasswordInput
              label="Current Password"
              autoComplete="current-password"
              required
              visibilityToggleButtonProps={toggle}
              {...form.getInputProps('currentPassword')}
            />
            <PasswordInput
              label="New Password"
              autoComplete="new-password"
              required
              visibilityToggleButtonProps={toggle}
              {...form.getInputProps('newPassword')}
            />
            <PasswordInput
              label="Confirm New Password"
              autoComplete="new-password"
              required
              visibilityToggleButtonProps={toggle}
              {...form.getInputProps('confirmPassword')}
            />
            <Text size="xs" c="dimmed">
              At least 8 characters.
            </Text>
            <Group justify="space-between">
              <Button component={Link} to="/admin" variant="default">
                Back to Dashboard
              </Button>
              <Button type="submit" loading={change.isPending}>
                Change Password
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </AdminFrame>
  );
}

/** /admin/change-password (spec accounts §2, §5; D4). */
export default function AdminChangePasswordPage() {
  return <AdminGuard>{() => <ChangePasswordForm />}</AdminGuard>;
}
