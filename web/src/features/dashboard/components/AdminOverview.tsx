import { Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingHospital, IconCalendar, IconClock, IconShieldCheck, IconStethoscope } from '@tabler/icons-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAdminStats } from '../../admin/api/get-admin-stats';
import type { AdminStats } from '@ilera/contracts';
import { formatCount } from '../../../lib/format-count';
import { LinkCard } from './LinkCard';

const cards: { key: keyof AdminStats; label: MessageDescriptor; icon: React.ReactNode }[] = [
  { key: 'totalProfessionals', label: msg`Total Professionals`, icon: <IconStethoscope size={20} /> },
  { key: 'totalInstitutions', label: msg`Total Institutions`, icon: <IconBuildingHospital size={20} /> },
  { key: 'pendingApprovals', label: msg`Pending Approvals`, icon: <IconClock size={20} /> },
  { key: 'totalAppointments', label: msg`Total Appointments`, icon: <IconCalendar size={20} /> },
];

const adminLinks = [
  { title: msg`Review Approvals`, text: msg`Approve or reject professionals and institutions waiting for review.`, action: msg`Open Admin Dashboard`, icon: <IconShieldCheck size={18} /> },
  { title: msg`Manage the Directory`, text: msg`See approved providers, withdraw approvals and add users.`, action: msg`Go to Admin Area`, icon: <IconStethoscope size={18} />, buttonVariant: 'light' },
].map((l) => ({ ...l, to: '/admin' }));

/** The admin's dashboard (spec §2 Dashboard, Admin): four stat cards and the way to /admin. */
export function AdminOverview() {
  const { data, isLoading, isError } = useAdminStats();
  const { t } = useLingui();
  return (
    <Stack gap="lg">
      {isError ? (
        <Card withBorder radius="md" padding="lg">
          <Text c="dimmed">
            <Trans>Platform statistics are not available right now.</Trans>
          </Text>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          {cards.map((c) => (
            <Card key={c.key} withBorder radius="md" padding="lg" aria-label={t(c.label)}>
              <Group justify="space-between" align="flex-start">
                <Text size="sm" c="dimmed">
                  {t(c.label)}
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
        {adminLinks.map((l) => (
          <LinkCard key={l.action.id} {...l} title={t(l.title)} text={t(l.text)} action={t(l.action)} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
