import { Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useAuth, type User } from '../../auth/api/use-auth';
import { AdminOverview } from '../components/AdminOverview';
import { PatientDashboard } from '../components/PatientDashboard';
import { InstitutionDashboard, ProfessionalDashboard } from '../components/ProviderDashboard';

const subtitles: Record<User['userType'], string> = {
  professional: 'Manage your professional profile and appointments.',
  institution: 'Manage your institution profile and appointments.',
  patient: 'Find healthcare providers and keep track of your appointments.',
  admin: 'Monitor the platform and review pending approvals.',
};

/** The home page when signed in (spec §2 Dashboard): one layout per role. */
export default function DashboardPage() {
  const { user } = useAuth();
  if (!user) {
    return (
      <Center py={80}>
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  return (
    <Container size="lg" py="xl">
      <Stack gap={4} mb="lg">
        <Title order={1}>Welcome back, {user.firstName?.trim() || user.email}!</Title>
        <Text c="dimmed">{subtitles[user.userType] ?? subtitles.patient}</Text>
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
