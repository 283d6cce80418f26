import { lazy, Suspense, useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import type { Appointment } from '@ilera/contracts';
import { providerName } from '../../appointments/components/AppointmentStatusBadge';
import { Trans } from '@lingui/react/macro';

const VisitReportDialog = lazy(() => import('./VisitReportDialog'));

/**
 * Under a patient's completed appointment (issue 45): "How was your visit?", offered until answered; once
 * the list says it was (careReported), a thank-you instead. Nothing for other appointments. Its words are in
 * dashboard.po (issue 50): drawn by the appointments page, under DashboardMessages; the dialog brings care-report.po.
 */
export function VisitQuestion({ appointment: a }: { appointment: Appointment }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [sent, setSent] = useState(false);
  const target = a.professionalId != null ? { kind: 'professional' as const, id: a.professionalId } : a.institutionId != null ? { kind: 'institution' as const, id: a.institutionId } : null;
  if (a.status !== 'completed' || a.careReported === undefined || !target) return null;
  // The dialog stays mounted when the list comes back saying "reported" (it refetches before the dialog's
  // own success callback runs, which React Query skips for an unmounted caller): the thanks still shows.
  const done = a.careReported || sent;
  return (
    <>
      {done ? (
        <Text size="sm" c="teal.8" mt="md">
          <Trans>Thank you for telling us how your visit went.</Trans>
        </Text>
      ) : (
        <Group mt="md" gap="sm" wrap="wrap">
          <Button
            variant="light"
            onClick={() => {
              setWanted(true);
              setOpen(true);
            }}
          >
            <Trans>How was your visit?</Trans>
          </Button>
          <Text size="sm" c="dimmed">
            <Trans>Optional: three quick questions that help other patients.</Trans>
          </Text>
        </Group>
      )}
      {wanted && (
        <Suspense fallback={null}>
          <VisitReportDialog
            opened={open}
            onClose={() => setOpen(false)}
            onSent={() => {
              setSent(true);
              setOpen(false);
            }}
            kind={target.kind}
            id={target.id}
            appointmentId={a.id}
            providerName={providerName(a)}
          />
        </Suspense>
      )}
    </>
  );
}
