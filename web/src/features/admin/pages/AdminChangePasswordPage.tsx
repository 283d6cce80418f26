import { Alert, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { ChangePasswordFields, useChangePasswordForm } from '../../auth/components/change-password';
import { useChangeAdminPassword } from '../api/change-admin-password';
import { AdminFormPage } from '../components/AdminFrame';
import { AdminGuard } from '../components/AdminGuard';
import { DashboardMessages } from '../../../i18n/dashboard-messages';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAdminSaid } from '../said';

function ChangePasswordForm() {
  const navigate = useNavigate();
  const change = useChangeAdminPassword();
  const { t } = useLingui();
  const said = useAdminSaid();
  const { form, submit } = useChangePasswordForm(
    change,
    () => {
      toast({ title: t`Password Changed`, description: t`Your admin password has been changed and your other sessions signed out.` });
      navigate('/admin');
    },
    '/admin/login',
    { title: t`Password Change Failed`, fallback: t`Failed to change password. Please check your current password.`, said },
  );
  const words = { current: t`Current Password`, next: t`New Password`, confirm: t`Confirm New Password`, toggle: t`Show or hide password`, said };

  return (
    <AdminFormPage size={520} gap="sm" onSubmit={submit} submitLabel={t`Change Password`} pending={change.isPending}>
      <Title order={1} fz={24}>
        <Trans>Change Admin Password</Trans>
      </Title>
      {/* D4: the change is real, so the spec's "manual system update" notice is replaced. */}
      <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />} title={t`Takes effect at once`}>
        <Trans>
          The new password works as soon as you save it: your other admin sessions are signed out, and the change is recorded in the audit log.
        </Trans>
      </Alert>
      <ChangePasswordFields form={form} words={words} />
      <Text size="xs" c="dimmed">
        <Trans>At least 8 characters.</Trans>
      </Text>
    </AdminFormPage>
  );
}

/** /admin/change-password (spec accounts §2, §5; D4). */
/** Under the signed-in pages' catalog (issue 50): AdminFrame's words are in dashboard.po. */
export default function AdminChangePasswordPage() {
  return (
    <DashboardMessages>
      <AdminChangePasswordPageBody />
    </DashboardMessages>
  );
}

function AdminChangePasswordPageBody() {
  return <AdminGuard>{() => <ChangePasswordForm />}</AdminGuard>;
}
