import { Button, Group, Stack, Text } from '@mantine/core';
import { formatSlotShort, lagosTimestamp, weekdayLabels } from '@ilera/contracts';
import { loginEndpoint } from '../../auth/api/return-path';
import { useSchedule } from '../api/get-schedule';
import type { ProviderTarget } from '../api/types';

export interface PickedSlot {
  date: string;
  time: string;
}

/**
 * The profile's working hours and the next 7 days' free slots (issue 17): one tap on a slot
 * opens the booking dialog at that slot. Directory-only providers show "No online booking".
 */
export function ScheduleSection({
  target,
  signedIn,
  onPick,
}: {
  target: ProviderTarget;
  signedIn: boolean;
  onPick: (slot: PickedSlot) => void;
}) {
  const schedule = useSchedule(target);
  // Signed out: sign in first, then the profile opens the dialog at that slot (useBookOnReturn).
  const pick = (slot: PickedSlot) =>
    signedIn ? onPick(slot) : window.location.assign(loginEndpoint(`${window.location.pathname}?book=${slot.date}T${slot.time}`));
  if (!schedule.data) return null;
  const s = schedule.data;
  const free = s.days.filter((d) => d.times.length > 0);
  return (
    <Stack gap="sm">
      <Stack gap={2} aria-label="Working hours">
        {s.weeklyHours.map((h, i) => (
          <Group key={weekdayLabels[i]} justify="space-between" gap="xs">
            <Text size="sm">{weekdayLabels[i]}</Text>
            <Text size="sm" c={h ? undefined : 'dimmed'}>
              {h ? `${h.start}-${h.end}` : 'Closed'}
            </Text>
          </Group>
        ))}
      </Stack>
      {s.bookingMode === 'directory' ? (
        <Text size="sm" fw={500}>
          No online booking. Please call to book.
        </Text>
      ) : free.length === 0 ? (
        <Text size="sm" c="dimmed">
          No free slots in the next 7 days.
        </Text>
      ) : (
        <Stack gap="xs" aria-label="Free slots in the next 7 days">
          {free.map((d) => (
            <Group key={d.date} gap={6}>
              <Text size="sm" fw={500} w={110}>
                {formatSlotShort(lagosTimestamp(d.date, d.times[0]!)).split(',')[0]}
              </Text>
              {d.times.map((t) => {
                const label = formatSlotShort(lagosTimestamp(d.date, t));
                return (
                  <Button key={t} size="compact-sm" variant="light" aria-label={`Book ${label}`} onClick={() => pick({ date: d.date, time: t })}>
                    {t}
                  </Button>
                );
              })}
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
