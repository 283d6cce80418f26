import type { ReactNode } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarPlus, IconLogin, IconStar } from '@tabler/icons-react';

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
 * open their dialogs; signed out, 'Sign In to Book' goes to the login endpoint.
 */
export function BookingActions({
  signedIn,
  canReview,
  onBook,
  onReview,
}: {
  signedIn: boolean;
  /** D19: only patient accounts review. */
  canReview: boolean;
  onBook: () => void;
  onReview: () => void;
}) {
  if (!signedIn) {
    return (
      <Button component="a" href="/api/login" fullWidth leftSection={<IconLogin size={16} />}>
        Sign In to Book
      </Button>
    );
  }
  return (
    <Stack gap="xs">
      <Button fullWidth leftSection={<IconCalendarPlus size={16} />} onClick={onBook}>
        Book Appointment
      </Button>
      {canReview && (
        <Button fullWidth variant="light" leftSection={<IconStar size={16} />} onClick={onReview}>
          Write Review
        </Button>
      )}
    </Stack>
  );
}
