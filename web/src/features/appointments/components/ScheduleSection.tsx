import { Button, Group, Stack, Text } from '@mantine/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { formatSlotShort, lagosTimestamp, weekdayLabels } from '@ilera/contracts';
import { DEFAULT_LOCALE } from '@ilera/contracts/locales';
import { useLocale } from '../../../i18n/use-locale';
import { slotIn } from '../../../i18n/dates';
import { dayNameIn } from '../../care/open-state-text';
import { loginEndpoint } from '../../auth/api/return-path';
import { useSchedule } from '../api/get-schedule';
import type { ProviderTarget } from '../api/types';

/** weekdayLabels (Monday first), in the page's language (issue 50). */
const weekdays = [msg`Monday`, msg`Tuesday`, msg`Wednesday`, msg`Thursday`, msg`Friday`, msg`Saturday`, msg`Sunday`];

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
  const { t, i18n } = useLingui();
  const locale = useLocale();
  // A free day's date: "Mon 30 Nov" in English (as it was); otherwise the day's name and its date in numbers, day
  // first ("Monday 30/11": src/i18n/dates.ts says why not CLDR's names).
  const dayOf = (at: string) =>
    locale === DEFAULT_LOCALE ? formatSlotShort(at).split(',')[0] : `${dayNameIn(i18n, at)} ${slotIn(locale, new Date(at).getTime()).split(',')[0]}`;
  const schedule = useSchedule(target);
  // Signed out: sign in first, then the profile opens the dialog at that slot (useBookOnReturn).
  const pick = (slot: PickedSlot) =>
    signedIn ? onPick(slot) : window.location.assign(loginEndpoint(`${window.location.pathname}?book=${slot.date}T${slot.time}`));
  if (!schedule.data) return null;
  const s = schedule.data;
  const free = s.days.filter((d) => d.times.length > 0);
  return (
    <Stack gap="sm">
      <Stack gap={2} aria-label={t`Working hours`}>
        {s.weeklyHours.map((h, i) => (
          <Group key={weekdayLabels[i]} justify="space-between" gap="xs">
            <Text size="sm">{t(weekdays[i]!)}</Text>
            <Text size="sm" c={h ? undefined : 'dimmed'}>
              {h ? `${h.start}-${h.end}` : t`Closed`}
            </Text>
          </Group>
        ))}
      </Stack>
      {s.bookingMode === 'directory' ? (
        <Text size="sm" fw={500}>
          {t`No online booking. Please call to book.`}
        </Text>
      ) : free.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t`No free slots in the next 7 days.`}
        </Text>
      ) : (
        <Stack gap="xs" aria-label={t`Free slots in the next 7 days`}>
          {free.map((d) => (
            <Group key={d.date} gap={6}>
              <Text size="sm" fw={500} w={110}>
                {dayOf(lagosTimestamp(d.date, d.times[0]!))}
              </Text>
              {d.times.map((time) => {
                const label = formatSlotShort(lagosTimestamp(d.date, time));
                return (
                  <Button key={time} size="compact-sm" variant="light" aria-label={t`Book ${label}`} onClick={() => pick({ date: d.date, time })}>
                    {time}
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
