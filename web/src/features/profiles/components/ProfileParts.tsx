import { useEffect, type ReactNode } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarPlus, IconLogin, IconStar } from '@tabler/icons-react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { Trans } from '@lingui/react/macro';
import { loginEndpoint } from '../../auth/api/return-path';
import { LICENCE_RENEWAL_PENDING } from '@ilera/contracts';

/** The address parameter that asks a profile page to open its booking dialog (after signing in). */
const BOOK_PARAM = 'book';

/** A titled card of the main column or the sidebar. */
export function SectionCard({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** A label and its value; nothing when there is no value. */
export function InfoRow({ label, value, icon }: { label: string; value: ReactNode; icon?: ReactNode }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      {icon}
      <Stack gap={0}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {value}
        </Text>
      </Stack>
    </Group>
  );
}

/** 'Lagos, Lagos 100001' from the parts that exist. */
export function placeLine(city: string | null, state: string | null, zipCode: string | null): string {
  const cityState = [city, state].filter(Boolean).join(', ');
  return [cityState, zipCode].filter(Boolean).join(' ');
}

/**
 * Quick actions of a public profile: signed in, Book Appointment and Write Review
 * open their dialogs; signed out, 'Sign In to Book' goes to sign-in and comes back
 * to this profile with the booking dialog open (issue 14).
 */
export function BookingActions({
  signedIn,
  canReview,
  onBook,
  onReview,
  renewalPending,
}: {
  signedIn: boolean;
  /** D19: only patient accounts review. */
  canReview: boolean;
  onBook: () => void;
  onReview: () => void;
  /** Issue 18: every Nigerian licence or registration has expired; the server refuses new bookings too. */
  renewalPending?: boolean;
}) {
  const location = useLocation();
  if (renewalPending) {
    return (
      <Text role="status" c="orange.8" fw={500}>
        {LICENCE_RENEWAL_PENDING}
      </Text>
    );
  }
  if (!signedIn) {
    const back = new URLSearchParams(location.search);
    // A slot chosen on a result card (book=YYYY-MM-DDTHH:MM) survives the sign-in.
    if (!back.get(BOOK_PARAM)) back.set(BOOK_PARAM, '1');
    return (
      <Button component="a" href={loginEndpoint(`${location.pathname}?${back}`)} fullWidth leftSection={<IconLogin size={16} />}>
        <Trans>Sign In to Book</Trans>
      </Button>
    );
  }
  return (
    <Stack gap="xs">
      <Button fullWidth leftSection={<IconCalendarPlus size={16} />} onClick={onBook}>
        <Trans>Book Appointment</Trans>
      </Button>
      {canReview && (
        <Button fullWidth variant="light" leftSection={<IconStar size={16} />} onClick={onReview}>
          <Trans>Write Review</Trans>
        </Button>
      )}
    </Stack>
  );
}

/**
 * Issue 48 (D22): where a profile cannot be booked (a register listing), its reviews are still written
 * here: a patient's "Write Review"; signed out, a sign-in that comes back to this page.
 */
export function ReviewAction({ signedIn, canReview, onReview }: { signedIn: boolean; canReview: boolean; onReview: () => void }) {
  const location = useLocation();
  if (!signedIn) {
    return (
      <Button component="a" href={loginEndpoint(location.pathname)} variant="light" fullWidth leftSection={<IconLogin size={16} />}>
        <Trans>Sign In to Write a Review</Trans>
      </Button>
    );
  }
  return canReview ? (
    <Button fullWidth variant="light" leftSection={<IconStar size={16} />} onClick={onReview}>
      <Trans>Write Review</Trans>
    </Button>
  ) : null;
}

/** Back from "Sign In to Book": once signed in, open the booking dialog, then drop the parameter. */
export function useBookOnReturn(signedIn: boolean, openBooking: (slot?: { date: string; time: string }) => void): void {
  const [params, setParams] = useSearchParams();
  const value = params.get(BOOK_PARAM) ?? '';
  // '1', or a slot tapped on a result card (issue 17): 'YYYY-MM-DDTHH:MM'.
  const slot = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(value);
  const wanted = value === '1' || !!slot;
  useEffect(() => {
    if (!wanted || !signedIn) return;
    openBooking(slot ? { date: slot[1]!, time: slot[2]! } : undefined);
    const rest = new URLSearchParams(params);
    rest.delete(BOOK_PARAM);
    setParams(rest, { replace: true });
    // openBooking is a fresh closure each render; what matters is the parameter and the session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, signedIn]);
}
