import { useEffect, useState } from 'react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertCircle, IconClock } from '@tabler/icons-react';
import {
  APPOINTMENT_TYPE_MESSAGE,
  appointmentTypes,
  bookingFormSchema,
  DATE_AND_TIME_MESSAGE,
  DAY_OFF_MESSAGE,
  DIRECTORY_ONLY_MESSAGE,
  EMAIL_MESSAGE,
  lagosTimestamp,
  lagosToday,
  LICENCE_RENEWAL_PENDING,
  MOBILE_NUMBER_MESSAGE,
  OUTSIDE_HOURS_MESSAGE,
  OWN_PROFILE_BOOKING_MESSAGE,
  PAST_DATE_MESSAGE,
  PAST_TIME_MESSAGE,
  PATIENT_NAME_MESSAGE,
  PATIENT_PHONE_MESSAGE,
  REASON_FOR_VISIT_MESSAGE,
  SLOT_MESSAGE,
  SLOT_TAKEN_MESSAGE,
  timeSlots,
  type AppointmentType,
} from '@ilera/contracts';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { DialogButtons, dialogClosers, dialogOutcome, providerIds } from '../../../components/dialog-parts';
import { useAuth } from '../../auth/api/use-auth';
import { serverFieldErrors } from '../../auth/api/server-errors';
import { useTextPreferences, useUpdateTextPreferences } from '../../account/api/text-preferences';
import { useCreateAppointment } from '../api/create-appointment';
import { useAvailability } from '../api/get-availability';
import type { ProviderTarget } from '../api/types';
import { useLocale } from '../../../i18n/use-locale';
import { partMessages } from '../../../i18n/with-messages';
import { useSaid } from '../../../i18n/said';

export interface BookAppointmentDialogProps {
  opened: boolean;
  onClose: () => void;
  professionalId?: number;
  institutionId?: number;
  providerName: string;
  /** Issue 17: the slot tapped on the profile or a result card, chosen when the dialog opens. */
  initialSlot?: { date: string; time: string } | null;
}

interface FormValues {
  appointmentType: AppointmentType | '';
  date: string;
  time: string;
  patientName: string;
  patientEmail: string;
  patientPhone: string;
  reasonForVisit: string;
}

const empty: FormValues = {
  appointmentType: '',
  date: '',
  time: '',
  patientName: '',
  patientEmail: '',
  patientPhone: '',
  reasonForVisit: '',
};

/** Who the appointment is for: the signed-in user's name and e-mail to start with. */
const patientFields = [
  { name: 'patientName', label: msg`Patient Name`, type: 'text', autoComplete: 'name' },
  { name: 'patientEmail', label: msg`Patient Email`, type: 'email', autoComplete: 'email' },
  { name: 'patientPhone', label: msg`Patient Phone`, type: 'tel', autoComplete: 'tel', placeholder: '0803 123 4567' },
] as const;

/** The spec's appointment types (contracts' appointmentTypeLabels are their English words). */
const typeLabels = {
  consultation: msg`Consultation`,
  'follow-up': msg`Follow-up`,
  procedure: msg`Procedure`,
  'check-up': msg`Check-up`,
  emergency: msg`Emergency`,
} as const;

/**
 * Issue 50: the form's field messages (contracts' bookingFormSchema) and the API's refusals of a booking, in the page's
 * language: the schema and the API say them in English (the spec's words), which English shows as they are.
 */
const knownMessages = new Map([
  [APPOINTMENT_TYPE_MESSAGE, msg`Please choose an appointment type`],
  [DATE_AND_TIME_MESSAGE, msg`Please select both date and time for your appointment.`],
  [PAST_DATE_MESSAGE, msg`Please choose today or a later date`],
  [SLOT_MESSAGE, msg`Please choose one of the available time slots`],
  [PATIENT_NAME_MESSAGE, msg`Patient name is required`],
  [EMAIL_MESSAGE, msg`Please enter a valid email address`],
  [PATIENT_PHONE_MESSAGE, msg`Patient phone is required`],
  [REASON_FOR_VISIT_MESSAGE, msg`Reason for visit must be at most 2000 characters`],
  [MOBILE_NUMBER_MESSAGE, msg`Enter a mobile number we can text, e.g. 0803 123 4567`],
  [SLOT_TAKEN_MESSAGE, msg`This time slot is no longer available`],
  [PAST_TIME_MESSAGE, msg`This time has already passed. Please choose a later time`],
  [OWN_PROFILE_BOOKING_MESSAGE, msg`You cannot book an appointment with your own profile`],
  [DIRECTORY_ONLY_MESSAGE, msg`This provider does not take online bookings. Please call them to book`],
  [DAY_OFF_MESSAGE, msg`This provider is not available on this day. Please choose another date`],
  [OUTSIDE_HOURS_MESSAGE, msg`This time is outside the working hours. Please choose one of the available time slots`],
  [LICENCE_RENEWAL_PENDING, msg`Not currently accepting bookings: licence renewal pending`],
]);

/** The dialog's texts are a catalog of their own (web/src/locales/<locale>/booking.po, issue 50): fetched with its code. */
const BookingMessages = partMessages((locale) => import(`../../../locales/${locale}/booking.po`));

/**
 * Book appointment (spec §2 Dialogs, §5): type, date (not before today, Lagos), a
 * 30-minute slot 09:00-16:30 WAT, patient name/e-mail/phone (name and e-mail from
 * the signed-in user) and the reason. Taken slots come from the public availability
 * call and show disabled. Success closes and resets; an error keeps it open.
 */
export default function BookAppointmentDialog(props: BookAppointmentDialogProps) {
  return (
    <BookingMessages>
      <BookingDialog {...props} />
    </BookingMessages>
  );
}

function BookingDialog({
  opened,
  onClose,
  professionalId,
  institutionId,
  providerName,
  initialSlot,
}: BookAppointmentDialogProps) {
  const { user } = useAuth();
  const { t, i18n } = useLingui();
  const said = useSaid(knownMessages);
  // The page's language goes with the booking: its texts and mail are in it when the account has none saved.
  const locale = useLocale();
  const defaults = (): FormValues => ({
    ...empty,
    patientName: [user?.firstName, user?.lastName].filter(Boolean).join(' '),
    patientEmail: user?.email ?? '',
  });
  const [values, setValues] = useState<FormValues>(defaults);
  const [errors, setErrors] = useState<Partial<Record<keyof FormValues, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateAppointment();
  // Issue 36 (D24): the patient may opt into WhatsApp reminders here, for this and later bookings.
  const textPreferences = useTextPreferences(opened && Boolean(user));
  const updateTextPreferences = useUpdateTextPreferences();
  const [whatsapp, setWhatsapp] = useState(false);
  const [whatsappError, setWhatsappError] = useState<string | null>(null);
  const onWhatsapp = textPreferences.data?.textChannel === 'whatsapp';
  const mobile = textPreferences.data?.mobile ?? '';

  // Fill the defaults once the user is known (the dialog may mount before).
  useEffect(() => {
    if (opened) {
      setValues((v) => ({
        ...v,
        patientName: v.patientName || [user?.firstName, user?.lastName].filter(Boolean).join(' '),
        patientEmail: v.patientEmail || (user?.email ?? ''),
        // The mobile number of Account settings, where texts go unless changed here.
        patientPhone: v.patientPhone || mobile,
        ...(initialSlot ? { date: initialSlot.date, time: initialSlot.time } : {}),
      }));
    }
  }, [opened, user, initialSlot, mobile]);

  const target: ProviderTarget | null =
    professionalId != null ? { professionalId } : institutionId != null ? { institutionId } : null;
  const today = lagosToday();
  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(values.date) && values.date >= today;
  const availability = useAvailability(opened && validDate ? target : null, values.date);
  const slotAvailable = (time: string) =>
    availability.data?.date === values.date
      ? (availability.data.slots.find((s) => s.time === time)?.available ?? false)
      : !availability.isLoading;

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value, ...(key === 'date' ? { time: '' } : {}) }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const reset = () => {
    setValues(defaults());
    setErrors({});
    setServerError(null);
    setWhatsapp(false);
    setWhatsappError(null);
  };

  const pending = create.isPending || updateTextPreferences.isPending;
  const { done, close } = dialogClosers(pending, reset, onClose);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setServerError(null);
    if (!values.date || !values.time) {
      toast({ title: t`Error`, description: t`Please select both date and time for your appointment.`, variant: 'destructive' });
      setErrors((e) => ({ ...e, ...(values.date ? {} : { date: ' ' }), ...(values.time ? {} : { time: ' ' }) }));
      return;
    }
    const parsed = bookingFormSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<keyof FormValues, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof FormValues;
        // zod's own words (a name past 200 characters) have none of ours: another language says to check the field.
        next[key] ??= knownMessages.has(issue.message) || i18n.locale === 'en' ? said(issue.message) : t`Please check this field`;
      }
      setErrors(next);
      return;
    }
    if (!target) return;
    const v = parsed.data;
    if (whatsapp && !onWhatsapp) {
      // Before the booking, so that its own texts already go on WhatsApp.
      try {
        await updateTextPreferences.mutateAsync({ textChannel: 'whatsapp' });
      } catch (error) {
        setWhatsappError(said(serverFieldErrors(error)?.textChannel ?? errorMessage(error, t`Could not turn on WhatsApp reminders. Please try again.`)));
        return;
      }
    }
    create.mutate(
      {
        appointmentType: v.appointmentType,
        patientName: v.patientName,
        patientEmail: v.patientEmail,
        patientPhone: v.patientPhone,
        reasonForVisit: v.reasonForVisit || null,
        // Spec §5: date and time combine into one timestamp; D11: Lagos time.
        appointmentDate: lagosTimestamp(v.date, v.time),
        ...providerIds({ professionalId, institutionId }),
        locale,
      },
      dialogOutcome(
        { title: t`Appointment Booked`, description: t`Your appointment has been successfully booked!` },
        done,
        (error) => {
          toast({ title: t`Error`, description: t`Failed to book appointment. Please try again.`, variant: 'destructive' });
          const message = errorMessage(error, '');
          if (message) setServerError(said(message));
          // The slot went to someone else: let the patient choose another.
          if (/^409:/.test(error.message)) setValues((cur) => ({ ...cur, time: '' }));
        },
      ),
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t`Book Appointment with ${providerName}`} size="lg" centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          {serverError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {serverError}
            </Alert>
          )}
          <Select
            label={t`Appointment Type`}
            placeholder={t`Select appointment type`}
            data={appointmentTypes.map((value) => ({ value, label: i18n._(typeLabels[value]) }))}
            value={values.appointmentType || null}
            onChange={(value) => set('appointmentType', (value ?? '') as AppointmentType | '')}
            error={errors.appointmentType}
            required
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            type="date"
            label={t`Date`}
            min={today}
            value={values.date}
            onChange={(e) => set('date', e.currentTarget.value)}
            error={errors.date?.trim() || Boolean(errors.date)}
            required
          />
          <div>
            <Group gap={6} mb={6}>
              <Text size="sm" fw={500} id="booking-time-label">
                {t`Time`} <span aria-hidden style={{ color: 'var(--mantine-color-error)' }}>*</span>
              </Text>
              <Text size="xs" c="dimmed">
                {t`(West Africa Time, WAT)`}
              </Text>
              {availability.isFetching && <Loader size="xs" aria-label={t`Loading available times`} />}
            </Group>
            {!validDate ? (
              <Text size="sm" c={errors.time ? 'red' : 'dimmed'}>
                {t`Choose a date to see the available times.`}
              </Text>
            ) : (
              <SimpleGrid cols={{ base: 3, xs: 4 }} spacing="xs" role="radiogroup" aria-labelledby="booking-time-label">
                {timeSlots.map((time) => {
                  const available = slotAvailable(time);
                  const selected = values.time === time;
                  return (
                    <UnstyledButton
                      key={time}
                      type="button"
                      role="radio"
                      aria-checked={selected}
                      aria-label={available ? `${time} WAT` : t`${time} WAT, unavailable`}
                      disabled={!available}
                      onClick={() => set('time', time)}
                      className="ilera-slot"
                      data-selected={selected || undefined}
                      data-unavailable={!available || undefined}
                      style={{
                        padding: '8px 4px',
                        textAlign: 'center',
                        borderRadius: 'var(--mantine-radius-sm)',
                        border: `1px solid ${selected ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-gray-4)'}`,
                        background: selected
                          ? 'var(--mantine-color-teal-6)'
                          : !available
                            ? 'var(--mantine-color-gray-1)'
                            : 'transparent',
                        color: selected ? 'white' : !available ? 'var(--mantine-color-gray-5)' : undefined,
                        textDecoration: !available ? 'line-through' : undefined,
                        cursor: available ? 'pointer' : 'not-allowed',
                        fontSize: 'var(--mantine-font-size-sm)',
                      }}
                    >
                      <Group gap={4} justify="center" wrap="nowrap">
                        <IconClock size={14} aria-hidden />
                        {time}
                      </Group>
                    </UnstyledButton>
                  );
                })}
              </SimpleGrid>
            )}
            {availability.isError && (
              <Text size="xs" c="red" mt={4}>
                {t`Could not load the available times. Taken times are refused when you book.`}
              </Text>
            )}
          </div>
          {patientFields.map(({ name, label, ...field }) => (
            <TextInput
              key={name}
              {...field}
              label={i18n._(label)}
              value={values[name]}
              onChange={(e) => set(name, e.currentTarget.value)}
              error={errors[name]}
              required
            />
          ))}
          {textPreferences.data &&
            (onWhatsapp ? (
              <Text size="sm" c="dimmed">
                {t`Your confirmations and reminders come on WhatsApp (Account settings).`}
              </Text>
            ) : (
              <Checkbox
                label={t`Send my reminders on WhatsApp, for this and future appointments`}
                description={t`Only with your consent; otherwise by SMS. You can change it in Account settings.`}
                checked={whatsapp}
                onChange={(e) => {
                  setWhatsapp(e.currentTarget.checked);
                  setWhatsappError(null);
                }}
                error={whatsappError}
              />
            ))}
          <Textarea
            label={t`Reason for Visit`}
            placeholder={t`Briefly describe your symptoms or the reason for your visit`}
            value={values.reasonForVisit}
            onChange={(e) => set('reasonForVisit', e.currentTarget.value)}
            error={errors.reasonForVisit}
            autosize
            minRows={3}
            maxLength={2000}
          />
          <DialogButtons onCancel={close} pending={pending}>
            <Button type="submit" loading={pending}>
              {t`Book Appointment`}
            </Button>
          </DialogButtons>
        </Stack>
      </form>
    </Modal>
  );
}
