import { useEffect, useRef, useState } from 'react';
import {
  Button,
  Card,
  Center,
  Container,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconCalendarEvent,
  IconCalendarOff,
  IconCircleCheck,
  IconCircleX,
  IconClockHour4,
  IconSearch,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  appointmentStatuses,
  formatLagosTime,
  institutionTypeLabel,
  type AppointmentStatus,
} from '@ilera/contracts';
import { isUnauthorizedError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useAuth, type User } from '../../auth/api/use-auth';
import { handleUnauthorized } from '../../auth/api/server-errors';
import { useMyInstitution } from '../../profiles/api/get-my-institution';
import { useMyProfessional } from '../../profiles/api/get-my-professional';
import { useAppointments, type AppointmentsOwner } from '../api/get-appointments';
import { useUpdateAppointmentStatus } from '../api/update-appointment-status';
import type { Appointment } from '@ilera/contracts';
import { StatusBadge, providerName } from '../components/AppointmentStatusBadge';
import { VisitQuestion } from '../../care-reports/components/VisitQuestion';
import { DashboardMessages } from '../../../i18n/dashboard-messages';
import { dateIn } from '../../../i18n/dates';
import { useLocale } from '../../../i18n/use-locale';
import { Name } from '../../../i18n/names';
import { appointmentStatusMessages, appointmentTypeMessages, noAppointmentsMessages, statusNowMessages } from '../../dashboard/status-labels';

type Filter = 'all' | AppointmentStatus;

function providerDetail(a: Appointment): string {
  if (a.professional) return a.professional.specialty;
  return a.institution ? institutionTypeLabel(a.institution.type) : '';
}

/** The appointment's date: the spec's "Tue, 24 Nov 2026" in English, 24/11/2026 in another language (issue 50). */
function useDate(): (value: string) => string {
  const locale = useLocale();
  return (value) => dateIn(locale, value);
}

/** Which list the signed-in user sees: their own bookings, or their profile's appointments. */
function useOwner(user: User | null): { owner: AppointmentsOwner | null; isLoading: boolean; noProfile: boolean } {
  const type = user?.userType;
  const pro = useMyProfessional(user?.id, type === 'professional');
  const inst = useMyInstitution(user?.id, type === 'institution');
  if (!user) return { owner: null, isLoading: false, noProfile: false };
  if (type === 'professional') {
    return {
      owner: pro.data ? { kind: 'professional', id: pro.data.id } : null,
      isLoading: pro.isLoading,
      noProfile: pro.isSuccess && !pro.data,
    };
  }
  if (type === 'institution') {
    return {
      owner: inst.data ? { kind: 'institution', id: inst.data.id } : null,
      isLoading: inst.isLoading,
      noProfile: inst.isSuccess && !inst.data,
    };
  }
  return { owner: { kind: 'patient', id: user.id }, isLoading: false, noProfile: false };
}

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <Text size="sm">
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {value}
    </Text>
  );
}

function AppointmentCard({
  appointment: a,
  isProvider,
  onChange,
  pendingId,
}: {
  appointment: Appointment;
  isProvider: boolean;
  onChange: (a: Appointment, status: AppointmentStatus) => void;
  pendingId: number | null;
}) {
  const { t } = useLingui();
  const dateOf = useDate();
  const busy = pendingId === a.id;
  const started = new Date(a.appointmentDate).getTime() <= Date.now();
  const canCancelAsPatient = !isProvider && (a.status === 'pending' || a.status === 'confirmed');
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={t`Appointment with ${providerName(a)}`}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Text fw={700} size="lg">
            {providerName(a)}
          </Text>
          {providerDetail(a) && (
            <Text size="sm" c="dimmed">
              <Name value={providerDetail(a)} />
            </Text>
          )}
        </div>
        <StatusBadge status={a.status} />
      </Group>

      <Group gap="lg" mt="sm" wrap="wrap">
        <Group gap={6}>
          <IconCalendarEvent size={16} aria-hidden />
          <Text size="sm">{dateOf(a.appointmentDate)}</Text>
        </Group>
        <Group gap={6}>
          <IconClockHour4 size={16} aria-hidden />
          <Text size="sm">{formatLagosTime(a.appointmentDate)} WAT</Text>
        </Group>
      </Group>

      <Stack gap={4} mt="md" p="sm" bg="var(--mantine-color-gray-0)" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
        <Detail label={t`Type`} value={appointmentTypeMessages[a.appointmentType] ? t(appointmentTypeMessages[a.appointmentType]) : a.appointmentType} />
        <Detail label={t`Patient`} value={a.patientName} />
        <Detail label={t`Email`} value={a.patientEmail} />
        <Detail label={t`Phone`} value={a.patientPhone} />
        <Detail label={t`Reason for Visit`} value={a.reasonForVisit} />
      </Stack>

      {isProvider && a.status === 'pending' && (
        <Group mt="md" gap="sm">
          <Button color="green" loading={busy} onClick={() => onChange(a, 'confirmed')} leftSection={<IconCircleCheck size={16} />}>
            <Trans>Confirm</Trans>
          </Button>
          <Button color="red" variant="light" disabled={busy} onClick={() => onChange(a, 'cancelled')} leftSection={<IconCircleX size={16} />}>
            <Trans>Cancel</Trans>
          </Button>
        </Group>
      )}
      {isProvider && a.status === 'confirmed' && started && (
        <Group mt="md">
          <Button variant="light" color="blue" loading={busy} onClick={() => onChange(a, 'completed')}>
            <Trans>Mark as Completed</Trans>
          </Button>
        </Group>
      )}
      {canCancelAsPatient && (
        <Group mt="md">
          <Button color="red" variant="subtle" disabled={busy} onClick={() => onChange(a, 'cancelled')}>
            <Trans>Cancel Appointment</Trans>
          </Button>
        </Group>
      )}
      {/* Issue 45: a patient's completed visit asks "How was your visit?" once. */}
      {!isProvider && <VisitQuestion appointment={a} />}
    </Card>
  );
}

/** /appointments (spec §2 Appointments). Every date and time is shown in WAT; its texts in the page's language (issue 50). */
export default function AppointmentsPage() {
  return (
    <DashboardMessages>
      <Appointments />
    </DashboardMessages>
  );
}

function Appointments() {
  const { t } = useLingui();
  const dateOf = useDate();
  const emptyText = (filter: Filter) => (filter === 'all' ? t`You don't have any appointments yet.` : t(noAppointmentsMessages[filter]));
  const { user, isLoading: authLoading } = useAuth();
  const [filter, setFilter] = useState<Filter>('all');
  const [toCancel, setToCancel] = useState<Appointment | null>(null);
  const redirected = useRef(false);
  const { owner, isLoading: ownerLoading, noProfile } = useOwner(user);
  const list = useAppointments(owner);
  const update = useUpdateAppointmentStatus();
  const isPatientView = owner?.kind === 'patient';
  // Issue 14: a provider (or a patient who became one) who booked as a patient sees those bookings too.
  const bookings = useAppointments(user && !isPatientView && !ownerLoading ? { kind: 'patient', id: user.id } : null);
  const isPatient = user?.userType === 'patient';

  // Spec §2: signed out -> a toast, then the login endpoint after 500 ms.
  useEffect(() => {
    if (!authLoading && !user && !redirected.current) {
      redirected.current = true;
      handleUnauthorized();
    }
  }, [authLoading, user]);

  const change = (a: Appointment, status: AppointmentStatus, asPatient = isPatientView) => {
    // A patient's cancellation is asked once more: it frees the slot for others.
    if (asPatient && status === 'cancelled' && toCancel?.id !== a.id) {
      setToCancel(a);
      return;
    }
    setToCancel(null);
    update.mutate(
      { id: a.id, status },
      {
        onSuccess: () =>
          toast({
            title: t`Status Updated`,
            description: t(statusNowMessages[status]),
          }),
        onError: (error) => {
          if (isUnauthorizedError(error)) {
            handleUnauthorized();
            return;
          }
          toast({ title: t`Error`, description: t`Failed to update appointment status. Please try again.`, variant: 'destructive' });
        },
      },
    );
  };

  if (authLoading || !user) {
    return (
      <Center py="xl">
        <Loader aria-label={t`Loading`} />
      </Center>
    );
  }

  const items = (list.data ?? []).filter((a) => filter === 'all' || a.status === filter);
  const loading = ownerLoading || list.isLoading;

  return (
    <Container size="md" py="xl">
      <Group justify="space-between" align="flex-end" mb="lg" wrap="wrap" gap="md">
        <div>
          <Title order={1}>{isPatient ? t`My Appointments` : t`Appointments`}</Title>
          <Text c="dimmed" size="sm">
            <Trans>All times are West Africa Time (WAT).</Trans>
          </Text>
        </div>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t`Status`}
            w={170}
            value={filter}
            onChange={(v) => setFilter((v ?? 'all') as Filter)}
            allowDeselect={false}
            data={[
              { value: 'all', label: t`All` },
              ...appointmentStatuses.map((s) => ({ value: s, label: t(appointmentStatusMessages[s]) })),
            ]}
          />
          {isPatient && (
            <Button component={Link} to="/search" leftSection={<IconSearch size={16} />}>
              <Trans>Book New Appointment</Trans>
            </Button>
          )}
        </Group>
      </Group>

      {loading ? (
        <Stack gap="md">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={180} radius="md" />
          ))}
        </Stack>
      ) : list.isError ? (
        <Card withBorder radius="md" padding="xl">
          <Text c="red">
            <Trans>Could not load your appointments. Please try again.</Trans>
          </Text>
        </Card>
      ) : items.length === 0 ? (
        <Card withBorder radius="md" padding="xl">
          <Stack align="center" gap="sm">
            <IconCalendarOff size={40} aria-hidden color="var(--mantine-color-gray-5)" />
            <Title order={2} size="h4">
              <Trans>No appointments found</Trans>
            </Title>
            <Text c="dimmed" ta="center">
              {noProfile ? t`Set up your profile to receive appointment requests.` : emptyText(filter)}
            </Text>
            {isPatient && (
              <Button component={Link} to="/search" variant="light">
                <Trans>Find Healthcare Professionals</Trans>
              </Button>
            )}
            {noProfile && (
              <Button component={Link} to="/profile-setup" variant="light">
                <Trans>Set Up Profile</Trans>
              </Button>
            )}
          </Stack>
        </Card>
      ) : (
        <SimpleGrid cols={1} spacing="md">
          {items.map((a) => (
            <AppointmentCard
              key={a.id}
              appointment={a}
              isProvider={!isPatientView}
              onChange={change}
              pendingId={update.isPending ? (update.variables?.id ?? null) : null}
            />
          ))}
        </SimpleGrid>
      )}

      {!isPatientView && (bookings.data?.length ?? 0) > 0 && (
        <Stack gap="md" mt="xl" component="section" aria-label={t`My Bookings`}>
          <div>
            <Title order={2} size="h3">
              <Trans>My Bookings</Trans>
            </Title>
            <Text c="dimmed" size="sm">
              <Trans>Appointments you booked as a patient.</Trans>
            </Text>
          </div>
          {bookings.data!.map((a) => (
            <AppointmentCard
              key={a.id}
              appointment={a}
              isProvider={false}
              onChange={(appointment, status) => change(appointment, status, true)}
              pendingId={update.isPending ? (update.variables?.id ?? null) : null}
            />
          ))}
        </Stack>
      )}

      <Modal opened={toCancel !== null} onClose={() => setToCancel(null)} title={t`Cancel this appointment?`} centered>
        {toCancel && (
          <Stack>
            <Text size="sm">
              <Trans>
                {providerName(toCancel)}, {dateOf(toCancel.appointmentDate)} at {formatLagosTime(toCancel.appointmentDate)} WAT. The time slot will be
                offered to other patients.
              </Trans>
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setToCancel(null)}>
                <Trans>Keep Appointment</Trans>
              </Button>
              <Button color="red" onClick={() => change(toCancel, 'cancelled', true)}>
                <Trans>Cancel Appointment</Trans>
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Container>
  );
}
