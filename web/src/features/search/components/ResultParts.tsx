import type { ReactNode } from 'react';
import { Anchor, Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconCalendarEvent, IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { lagosDateTimeParts } from '@ilera/contracts';
import { slotIn } from '../../../i18n/dates';
import { useLocale } from '../../../i18n/use-locale';
import { Stars } from '../../../components/Stars';

export { formatCount } from '../../../lib/format-count';

/** Average with one decimal (0 when none) and the count; the stars show the average rounded down (spec §9). */
export function RatingLine({ rating, count }: { rating: number; count: number }) {
  const { t } = useLingui();
  const average = rating.toFixed(1);
  return (
    // role="img": an aria-label on a plain div is not announced (and axe forbids it).
    <Group gap={6} wrap="nowrap" role="img" aria-label={count === 1 ? t`Rated ${average} out of 5 from 1 review` : t`Rated ${average} out of 5 from ${count} reviews`}>
      <Stars value={rating} />
      <Text size="sm" fw={600} aria-hidden>
        {rating.toFixed(1)}
      </Text>
      <Text size="sm" c="dimmed" aria-hidden>
        (<Plural value={count} one="# review" other="# reviews" />)
      </Text>
    </Group>
  );
}

export function TrustBadges({ verified, approved }: { verified: boolean; approved: boolean }) {
  return (
    <Group gap={6}>
      {verified && (
        <Badge color="teal" variant="light" size="sm">
          <Trans>Verified</Trans>
        </Badge>
      )}
      {approved && (
        <Badge color="blue" variant="light" size="sm">
          <Trans>Approved</Trans>
        </Badge>
      )}
    </Group>
  );
}

/** One labelled detail line ("Phone: 0803 123 4567"); nothing when the value is missing. */
export function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  if (children === undefined || children === null || children === '') return null;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <span aria-hidden style={{ display: 'inline-flex', marginTop: 2, color: 'var(--mantine-color-dimmed)' }}>
        {icon}
      </span>
      <Text size="sm">
        <VisuallyHidden>{label}: </VisuallyHidden>
        {children}
      </Text>
    </Group>
  );
}

/**
 * Issue 33: how far the provider is from the patient, in a search near them ("2.4 km away");
 * "about" when its location is only its LGA's centre. Nothing outside such a search.
 */
export function Distance({ metres, approximate }: { metres?: number; approximate?: boolean }) {
  if (typeof metres !== 'number' || !Number.isFinite(metres)) return null;
  const km = (Math.round(metres / 100) / 10).toFixed(1);
  return (
    <Group gap={6} wrap="nowrap">
      <IconMapPin size={16} aria-hidden />
      <Text size="sm" fw={600}>
        {approximate ? <Trans>About {km} km away (approximate location)</Trans> : <Trans>{km} km away</Trans>}
      </Text>
    </Group>
  );
}

/**
 * Issue 17: when the provider can see you, from the index's next free slot. The slot is a link to
 * the profile that opens the booking dialog at that slot (book=YYYY-MM-DDTHH:MM).
 */
export function NextAvailable({ href, nextSlot, bookingMode }: { href: string; nextSlot?: number; bookingMode?: string }) {
  const locale = useLocale();
  if (bookingMode === 'directory') {
    return (
      <Text size="sm" fw={500}>
        <Trans>No online booking</Trans>
      </Text>
    );
  }
  if (nextSlot == null) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>No free slots in the next 2 weeks</Trans>
      </Text>
    );
  }
  const { date, time } = lagosDateTimeParts(new Date(nextSlot * 1000));
  const slot = slotIn(locale, nextSlot * 1000);
  return (
    <Group gap={6} wrap="nowrap">
      <IconCalendarEvent size={16} aria-hidden />
      <Anchor component={Link} to={`${href}?book=${date}T${time}`} size="sm" fw={600}>
        <Trans>Next available: {slot}</Trans>
      </Anchor>
    </Group>
  );
}
