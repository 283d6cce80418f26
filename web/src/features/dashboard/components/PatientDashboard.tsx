import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { appointmentStatusLabels, formatLagos, institutionTypeLabel, type Appointment, type AppointmentStatus } from '@ilera/contracts';
import type { User } from '../../auth/api/use-auth';
import { usePatientAppointments } from '../api/get-patient-appointments';
import { LinkCard } from './LinkCard';
import { QuickSearchForm } from './QuickSearchForm';

/** Spec §9: the dashboard shows the 3 most recent appointments. */
const RECENT_APPOINTMENTS = 3;

// Spec §4: confirmed green, cancelled red, completed blue, anything else yellow.
const statusColours: Record<string, string> = { confirmed: 'green', cancelled: 'red', completed: 'blue' };

const patientLinks = [
  { title: 'My Appointments', text: 'See the status of your bookings and their details.', to: '/appointments', action: 'View Appointments', icon: <IconCalendar size={22} /> },
  { title: 'Find Professionals', text: 'Search doctors, pharmacists, nurses and institutions near you.', to: '/search', action: 'Search Directory', icon: <IconSearch size={22} /> },
];

/** The patient's dashboard (spec §2 Dashboard, Patient). */
export function PatientDashboard({ user }: { user: User }) {
  return (
    <Stack gap="lg">
      <QuickSearchForm />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {patientLinks.map((l) => (
          <LinkCard key={l.title} {...l} iconSize="lg" buttonVariant="light" />
        ))}
      </SimpleGrid>
      <RecentAppointments userId={user.id} />
    </Stack>
  );
}

function providerOf(a: Appointment): { name: string; detail: string } {
  if (a.professional) {
    const p = a.professional;
    return { name: [p.title, p.user?.firstName, p.user?.lastName].filter(Boolean).join(' '), detail: p.specialty };
  }
  if (a.institution) return { name: a.institution.name, detail: institutionTypeLabel(a.institution.type) };
  return { name: 'Provider', detail: '' };
}

function RecentAppointments({ userId }: { userId: string | number }) {
  const { data, isLoading, isError } = usePatientAppointments(userId);
  // Newest appointment date first, whatever order the list arrives in.
  const recent = [...(data ?? [])]
    .sort((a, b) => new Date(b.appointmentDate).getTime() - new Date(a.appointmentDate).getTime())
    .slice(0, RECENT_APPOINTMENTS);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="recent-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="recent-heading">
          Recent Appointments
        </Title>
        {recent.length > 0 && (
          <Button component={Link} to="/appointments" variant="subtle" size="xs">
            View all
          </Button>
        )}
      </Group>
      {isLoading ? (
        <Stack gap="xs">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={48} />
          ))}
        </Stack>
      ) : isError || recent.length === 0 ? (
        <Stack align="center" gap="xs" py="md" ta="center">
          <Text c="dimmed">No appointments yet.</Text>
          <Button component={Link} to="/search" leftSection={<IconSearch size={16} />}>
            Find a Professional
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          {recent.map((a) => {
            const provider = providerOf(a);
            return (
              <Group key={a.id} justify="space-between" wrap="wrap" gap="xs">
                <div>
                  <Text fw={600}>{provider.name}</Text>
                  <Text size="sm" c="dimmed">
                    {[provider.detail, formatLagos(a.appointmentDate)].filter(Boolean).join(' · ')}
                  </Text>
                </div>
                <Badge color={statusColours[a.status] ?? 'yellow'} variant="light">
                  {appointmentStatusLabels[a.status as AppointmentStatus] ?? a.status}
                </Badge>
              </Group>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
