import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatLagos, formatLagosTime, institutionTypeLabel, type Appointment, type AppointmentStatus } from '@ilera/contracts';
import { dateIn } from '../../../i18n/dates';
import { Name } from '../../../i18n/names';
import { useLocale } from '../../../i18n/use-locale';
import { appointmentStatusMessages } from '../status-labels';
import type { User } from '../../auth/api/use-auth';
import { usePatientAppointments } from '../api/get-patient-appointments';
import { LinkCard } from './LinkCard';
import { QuickSearchForm } from './QuickSearchForm';

/** Spec §9: the dashboard shows the 3 most recent appointments. */
const RECENT_APPOINTMENTS = 3;

// Spec §4: confirmed green, cancelled red, completed blue, anything else yellow.
const statusColours: Record<string, string> = { confirmed: 'green', cancelled: 'red', completed: 'blue' };

const patientLinks = [
  { title: msg`My Appointments`, text: msg`See the status of your bookings and their details.`, to: '/appointments', action: msg`View Appointments`, icon: <IconCalendar size={22} /> },
  { title: msg`Find Professionals`, text: msg`Search doctors, pharmacists, nurses and institutions near you.`, to: '/search', action: msg`Search Directory`, icon: <IconSearch size={22} /> },
];

/** The patient's dashboard (spec §2 Dashboard, Patient). */
export function PatientDashboard({ user }: { user: User }) {
  const { t } = useLingui();
  return (
    <Stack gap="lg">
      <QuickSearchForm />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {patientLinks.map((l) => (
          <LinkCard key={l.to} {...l} title={t(l.title)} text={t(l.text)} action={t(l.action)} iconSize="lg" buttonVariant="light" />
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
  return { name: '', detail: '' };
}

function RecentAppointments({ userId }: { userId: string | number }) {
  const { data, isLoading, isError } = usePatientAppointments(userId);
  const { t } = useLingui();
  const locale = useLocale();
  // The spec's "Tue, 24 Nov 2026, 09:30 WAT" in English; 24/11/2026, 09:30 WAT in another language (issue 50).
  const when = (value: string) => (locale === 'en' ? formatLagos(value) : `${dateIn(locale, value)}, ${formatLagosTime(value)} WAT`);
  // Newest appointment date first, whatever order the list arrives in.
  const recent = [...(data ?? [])]
    .sort((a, b) => new Date(b.appointmentDate).getTime() - new Date(a.appointmentDate).getTime())
    .slice(0, RECENT_APPOINTMENTS);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="recent-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="recent-heading">
          <Trans>Recent Appointments</Trans>
        </Title>
        {recent.length > 0 && (
          <Button component={Link} to="/appointments" variant="subtle" size="xs">
            <Trans>View all</Trans>
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
          <Text c="dimmed">
            <Trans>No appointments yet.</Trans>
          </Text>
          <Button component={Link} to="/search" leftSection={<IconSearch size={16} />}>
            <Trans>Find a Professional</Trans>
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          {recent.map((a) => {
            const provider = providerOf(a);
            return (
              <Group key={a.id} justify="space-between" wrap="wrap" gap="xs">
                <div>
                  <Text fw={600}>{provider.name || t`Provider`}</Text>
                  <Text size="sm" c="dimmed">
                    {provider.detail && (
                      <>
                        <Name value={provider.detail} />
                        {' · '}
                      </>
                    )}
                    {when(a.appointmentDate)}
                  </Text>
                </div>
                <Badge color={statusColours[a.status] ?? 'yellow'} variant="light">
                  {appointmentStatusMessages[a.status as AppointmentStatus] ? t(appointmentStatusMessages[a.status as AppointmentStatus]) : a.status}
                </Badge>
              </Group>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
