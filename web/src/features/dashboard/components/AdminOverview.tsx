import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingHospital, IconCalendar, IconClock, IconShieldCheck, IconStethoscope } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useAdminStats, type AdminStats } from '../api/get-admin-stats';
import { formatCount } from '../../../lib/format-count';

const cards: { key: keyof AdminStats; label: string; icon: React.ReactNode }[] = [
  { key: 'totalProfessionals', label: 'Total Professionals', icon: <IconStethoscope size={20} /> },
  { key: 'totalInstitutions', label: 'Total Institutions', icon: <IconBuildingHospital size={20} /> },
  { key: 'pendingApprovals', label: 'Pending Approvals', icon: <IconClock size={20} /> },
  { key: 'totalAppointments', label: 'Total Appointments', icon: <IconCalendar size={20} /> },
];


/** The admin's dashboard (spec §2 Dashboard, Admin): four stat cards and the way to /admin. */
export function AdminOverview() {
  const { data, isLoading, isError } = useAdminStats();
  return (
    <Stack gap="lg">
      {isError ? (
        <Card withBorder radius="md" padding="lg">
          <Text c="dimmed">Platform statistics are not available right now.</Text>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          {cards.map((c) => (
            <Card key={c.key} withBorder radius="md" padding="lg" aria-label={c.label}>
              <Group justify="space-between" align="flex-start">
                <Text size="sm" c="dimmed">
                  {c.label}
                </Text>
                <ThemeIcon variant="light" radius="xl" aria-hidden>
                  {c.icon}
                </ThemeIcon>
              </Group>
              {isLoading || !data ? (
                <Skeleton height={28} width="40%" mt="xs" />
              ) : (
                <Text fz={28} fw={700}>
                  {formatCount(data[c.key])}
                </Text>
              )}
            </Card>
          ))}
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder radius="md" padding="lg">
          <Group gap="sm" mb="xs">
            <ThemeIcon variant="light" radius="xl" aria-hidden>
              <IconShieldCheck size={18} />
            </ThemeIcon>
            <Title order={2} size="h4">
              Review Approvals
            </Title>
          </Group>
          <Text size="sm" c="dimmed" mb="md">
            Approve or reject professionals and institutions waiting for review.
          </Text>
          <Button component={Link} to="/admin">
            Open Admin Dashboard
          </Button>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Group gap="sm" mb="xs">
            <ThemeIcon variant="light" radius="xl" aria-hidden>
              <IconStethoscope size={18} />
            </ThemeIcon>
            <Title order={2} size="h4">
              Manage the Directory
            </Title>
          </Group>
          <Text size="sm" c="dimmed" mb="md">
            See approved providers, withdraw approvals and add users.
          </Text>
          <Button component={Link} to="/admin" variant="light">
            Go to Admin Area
          </Button>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
