import { Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { DashboardMessages } from '../../../i18n/dashboard-messages';
import { useAuth, type User } from '../../auth/api/use-auth';
import { AdminOverview } from '../components/AdminOverview';
import { PatientDashboard } from '../components/PatientDashboard';
import { InstitutionDashboard, ProfessionalDashboard } from '../components/ProviderDashboard';

const subtitles: Record<User['userType'], MessageDescriptor> = {
  professional: msg`Manage your professional profile and appointments.`,
  institution: msg`Manage your institution profile and appointments.`,
  patient: msg`Find healthcare providers and keep track of your appointments.`,
  admin: msg`Monitor the platform and review pending approvals.`,
};

/** The home page when signed in (spec §2 Dashboard): one layout per role, in the page's language (issue 50). */
export default function DashboardPage() {
  return (
    <DashboardMessages>
      <Dashboard />
    </DashboardMessages>
  );
}

function Dashboard() {
  const { user } = useAuth();
  const { t } = useLingui();
  if (!user) {
    return (
      <Center py={80}>
        <Loader aria-label={t`Loading`} />
      </Center>
    );
  }
  return (
    <Container size="lg" py="xl">
      <Stack gap={4} mb="lg">
        <Title order={1}>
          <Trans>Welcome back, {user.firstName?.trim() || user.email}!</Trans>
        </Title>
        <Text c="dimmed">{t(subtitles[user.userType] ?? subtitles.patient)}</Text>
      </Stack>
      {user.userType === 'professional' ? (
        <ProfessionalDashboard user={user} />
      ) : user.userType === 'institution' ? (
        <InstitutionDashboard user={user} />
      ) : user.userType === 'admin' ? (
        <AdminOverview />
      ) : (
        <PatientDashboard user={user} />
      )}
    </Container>
  );
}
