import { Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconKey, IconLogout, IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { useAdminLogout } from '../api/admin-logout';
import { useAdminStats } from '../api/get-admin-stats';
import type { PublicUser as AdminUser } from '@ilera/contracts';
import { toast } from '../../../lib/toast';
import { ActivityLog } from '../components/ActivityLog';
import { ClaimsQueue } from '../components/ClaimsQueue';
import { CareFactsQueue } from '../components/CareFactsQueue';
import { ModerationQueue } from '../components/ModerationQueue';
import { RegisterChanges } from '../components/RegisterChanges';
import { AdminFrame } from '../components/AdminFrame';
import { AdminGuard } from '../components/AdminGuard';
import { AdminListTab } from '../components/ReviewList';
import { StatCards } from '../components/StatCards';
import { TextTotals } from '../components/TextTotals';
import { TranslationSuggestions } from '../components/TranslationSuggestions';
import { Trans, useLingui } from '@lingui/react/macro';
import { DashboardMessages } from '../../../i18n/dashboard-messages';

const reviewTabs = [
  { kind: 'professional', mode: 'pending' },
  { kind: 'professional', mode: 'approved' },
  { kind: 'institution', mode: 'pending' },
  { kind: 'institution', mode: 'approved' },
  { kind: 'professional', mode: 'rejected' },
  { kind: 'institution', mode: 'rejected' },
] as const;

const withCount = (label: string, count: number | undefined) => (count === undefined ? label : `${label} (${count})`);

/** Its texts in the page's language (issue 50: dashboard.po); an admin's own data (names, reasons) as typed. */

function Dashboard({ admin }: { admin: AdminUser }) {
  const navigate = useNavigate();
  const logout = useAdminLogout();
  const queryClient = useQueryClient();
  const stats = useAdminStats();
  const name = [admin.firstName, admin.lastName].filter(Boolean).join(' ') || admin.email;
  const { t } = useLingui();

  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        toast({ title: t`Logged Out`, description: t`You have been signed out of the admin dashboard.` });
        navigate('/admin/login', { replace: true });
        // Once the dashboard is gone: nothing of the admin's session may linger in the cache.
        window.setTimeout(() => queryClient.clear(), 0);
      },
      onError: () => toast({ title: t`Logout Failed`, description: t`There was an error logging out`, variant: 'destructive' }),
    });

  // Tab counts come from the database counts.
  const s = stats.data;
  return (
    <AdminFrame>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Title order={1} fz={26}>
              <Trans>Admin Dashboard</Trans>
            </Title>
            <Text c="dimmed">
              <Trans>Welcome back, {name}. Review applications and keep the directory trustworthy.</Trans>
            </Text>
          </div>
          <Group gap="xs">
            <Button component={Link} to="/admin/add-user" leftSection={<IconUserPlus size={16} aria-hidden />}>
              <Trans>Add User</Trans>
            </Button>
            <Button component={Link} to="/admin/change-password" variant="default" leftSection={<IconKey size={16} aria-hidden />}>
              <Trans>Change Password</Trans>
            </Button>
            <Button variant="light" color="red" loading={logout.isPending} onClick={signOut} leftSection={<IconLogout size={16} aria-hidden />}>
              <Trans>Logout</Trans>
            </Button>
          </Group>
        </Group>

        <StatCards stats={s} />

        <Tabs defaultValue="pending-professionals" keepMounted={false}>
          <Tabs.List style={{ flexWrap: 'wrap' }}>
            <Tabs.Tab value="pending-professionals">{withCount(t`Pending Professionals`, s?.pendingProfessionals)}</Tabs.Tab>
            <Tabs.Tab value="approved-professionals">{withCount(t`Approved Professionals`, s?.totalProfessionals)}</Tabs.Tab>
            <Tabs.Tab value="pending-institutions">{withCount(t`Pending Institutions`, s?.pendingInstitutions)}</Tabs.Tab>
            <Tabs.Tab value="approved-institutions">{withCount(t`Approved Institutions`, s?.totalInstitutions)}</Tabs.Tab>
            <Tabs.Tab value="rejected-professionals">{t`Rejected Professionals`}</Tabs.Tab>
            <Tabs.Tab value="rejected-institutions">{t`Rejected Institutions`}</Tabs.Tab>
            <Tabs.Tab value="moderation">{t`Moderation`}</Tabs.Tab>
            <Tabs.Tab value="claims">{t`Claims`}</Tabs.Tab>
            <Tabs.Tab value="register-changes">{t`Register changes`}</Tabs.Tab>
            <Tabs.Tab value="care-facts">{t`Care facts`}</Tabs.Tab>
            <Tabs.Tab value="texts">{t`Texts`}</Tabs.Tab>
            <Tabs.Tab value="translations">{t`Translations`}</Tabs.Tab>
            <Tabs.Tab value="activity">{t`Activity`}</Tabs.Tab>
          </Tabs.List>

          {reviewTabs.map(({ kind, mode }) => (
            <Tabs.Panel key={`${mode}-${kind}`} value={`${mode}-${kind}s`} pt="md">
              <AdminListTab kind={kind} mode={mode} />
            </Tabs.Panel>
          ))}
          <Tabs.Panel value="moderation" pt="md">
            <ModerationQueue />
          </Tabs.Panel>
          <Tabs.Panel value="claims" pt="md">
            <ClaimsQueue />
          </Tabs.Panel>
          <Tabs.Panel value="register-changes" pt="md">
            <RegisterChanges />
          </Tabs.Panel>
          <Tabs.Panel value="care-facts" pt="md">
            <CareFactsQueue />
          </Tabs.Panel>
          <Tabs.Panel value="texts" pt="md">
            <TextTotals />
          </Tabs.Panel>
          <Tabs.Panel value="translations" pt="md">
            <TranslationSuggestions />
          </Tabs.Panel>
          <Tabs.Panel value="activity" pt="md">
            <ActivityLog />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </AdminFrame>
  );
}

/** /admin (spec accounts §2): stats, the four review tabs and the activity log. */
export default function AdminDashboardPage() {
  return (
    <DashboardMessages>
      <AdminGuard>{(admin) => <Dashboard admin={admin} />}</AdminGuard>
    </DashboardMessages>
  );
}
