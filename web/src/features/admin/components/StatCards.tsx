import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { IconBuildingHospital, IconCalendarEvent, IconClockHour4, IconStethoscope } from '@tabler/icons-react';
import type { AdminStats } from '@ilera/contracts';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

const cards = [
  { key: 'totalProfessionals', label: msg`Total Professionals`, Icon: IconStethoscope },
  { key: 'totalInstitutions', label: msg`Total Institutions`, Icon: IconBuildingHospital },
  { key: 'pendingApprovals', label: msg`Pending Approvals`, Icon: IconClockHour4 },
  { key: 'totalAppointments', label: msg`Total Appointments`, Icon: IconCalendarEvent },
] as const;

/** The four stat cards (spec §2), counted by the server from the database. */
export function StatCards({ stats }: { stats: AdminStats | undefined }) {
  const { t } = useLingui();
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
      {cards.map(({ key, label, Icon }) => (
        <Paper key={key} withBorder radius="md" p="md" aria-label={t(label)}>
          <Text size="sm" c="dimmed" fw={600} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
            <Icon size={16} aria-hidden /> {t(label)}
          </Text>
          {stats ? (
            <Text fz={28} fw={700} mt={4}>
              {stats[key].toLocaleString('en-NG')}
            </Text>
          ) : (
            <Skeleton h={34} mt={6} w={60} />
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
