import { Badge } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClock, IconRosetteDiscountCheck } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import type { AppointmentStatus } from '@ilera/contracts';
import { appointmentStatusMessages } from '../../dashboard/status-labels';
import type { Appointment } from '@ilera/contracts';

/** Spec §4: confirmed green, cancelled red, completed blue, anything else (pending) yellow. */
const statusLook: Record<AppointmentStatus, { color: string; icon: typeof IconClock }> = {
  pending: { color: 'yellow', icon: IconClock },
  confirmed: { color: 'green', icon: IconCircleCheck },
  completed: { color: 'blue', icon: IconRosetteDiscountCheck },
  cancelled: { color: 'red', icon: IconCircleX },
};

export function StatusBadge({ status }: { status: AppointmentStatus }) {
  const look = statusLook[status] ?? statusLook.pending;
  const Icon = look.icon;
  const { t } = useLingui();
  return (
    <Badge color={look.color} variant="light" leftSection={<Icon size={14} aria-hidden />}>
      {appointmentStatusMessages[status] ? t(appointmentStatusMessages[status]) : status}
    </Badge>
  );
}

/** 'Dr. Chinedu Okafor' or the institution's name. */
export function providerName(a: Appointment): string {
  if (a.professional) {
    return [a.professional.title, a.professional.user.firstName, a.professional.user.lastName].filter(Boolean).join(' ');
  }
  return a.institution?.name ?? 'Healthcare provider';
}

