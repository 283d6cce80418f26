import { useState } from 'react';
import { Alert, Button, Group, Modal, NativeSelect, NumberInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import { lagosToday } from '@ilera/contracts';
import { errorMessage, isUnauthorizedError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useAuth } from '../../auth/api/use-auth';
import { handleUnauthorized, serverFieldErrors } from '../../auth/api/server-errors';
import { useAccount } from '../../account/api/get-account';
import { usePayers } from '../../care/api/get-payers';
import { DialogButtons } from '../../../components/dialog-parts';
import type { ProviderKind } from '../../profiles/api/types';
import { useCreateCareReport } from '../api/create-care-report';
import { visitReportBody, type YesNo } from '../visit-report';

export interface VisitReportDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Called once the answers are stored: the caller thanks and stops offering the questions. */
  onSent: () => void;
  kind: ProviderKind;
  id: number;
  providerName: string;
  /** After a completed appointment; otherwise (a register listing) the patient gives the day of the visit. */
  appointmentId?: number;
}


/** A yes/no question that may be left unanswered (every question of the set is optional). */
function YesNoQuestion({ label, value, onChange, error }: { label: string; value: YesNo; onChange: (v: YesNo) => void; error?: string }) {
  return (
    <Radio.Group label={label} value={value} onChange={(v) => onChange(v as YesNo)} error={error}>
      <Group gap="lg" mt={6}>
        <Radio value="yes" label="Yes" />
        <Radio value="no" label="No" />
      </Group>
    </Radio.Group>
  );
}

/**
 * "How was your visit?" (issue 45, D29): was it open, was the health plan accepted, what the consultation
 * cost in naira. Every question is optional but one must be answered; answers are sent once and only ever
 * shown in aggregate (from three patients up), which the dialog says.
 */
export default function VisitReportDialog({ opened, onClose, onSent, kind, id, providerName, appointmentId }: VisitReportDialogProps) {
  const { user } = useAuth();
  const account = useAccount(!!user);
  const payers = usePayers();
  const today = lagosToday();
  const [wasOpen, setWasOpen] = useState<YesNo>('');
  // The account's "My plan" is the likeliest answer; the patient may change it (undefined: not touched yet).
  const [payerChoice, setPayerChoice] = useState<string | undefined>(undefined);
  const payer = payerChoice ?? account.data?.myPlan ?? '';
  const [planAccepted, setPlanAccepted] = useState<YesNo>('');
  const [paid, setPaid] = useState<number | string>('');
  const [visitedOn, setVisitedOn] = useState(today);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateCareReport();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const { body, errors: refused } = visitReportBody({ wasOpen, payer, planAccepted, paid }, appointmentId != null ? { appointmentId } : { visitedOn });
    if (!body) {
      setErrors(refused ?? {});
      return;
    }
    setErrors({});
    create.mutate(
      { kind, id, body },
      {
        onSuccess: () => {
          toast({ title: 'Thank You', description: 'Your answers help other patients know what to expect.' });
          onSent();
        },
        onError: (error) => {
          if (isUnauthorizedError(error)) return handleUnauthorized();
          setErrors(serverFieldErrors(error) ?? {});
          toast({ title: 'Not Sent', description: errorMessage(error, 'Your answers could not be sent. Please try again.'), variant: 'destructive' });
        },
      },
    );
  };

  const close = () => (create.isPending ? undefined : onClose());
  const payerOptions = [{ value: '', label: 'No plan: I paid myself' }, ...(payers.data ?? []).map((p) => ({ value: p.slug, label: p.name }))];
  return (
    <Modal opened={opened} onClose={close} title="How was your visit?" centered>
      <form onSubmit={submit} noValidate aria-label="How was your visit?">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {providerName}. Answer what you can; every question is optional. Answers are shown only as totals from three patients
            up, never one by one, and never with your name.
          </Text>
          {errors.wasOpen && !errors.payer && (
            <Alert color="red" variant="light" p="xs">
              {errors.wasOpen}
            </Alert>
          )}
          {appointmentId == null && (
            <TextInput
              type="date"
              label="Day of your visit"
              value={visitedOn}
              max={today}
              onChange={(e) => setVisitedOn(e.currentTarget.value)}
              error={errors.visitedOn}
            />
          )}
          <YesNoQuestion label="Was it open when you arrived?" value={wasOpen} onChange={setWasOpen} />
          <NativeSelect
            label="Health plan"
            description="The plan you tried to use, if any"
            data={payerOptions}
            value={payer}
            onChange={(e) => setPayerChoice(e.currentTarget.value)}
            error={errors.payer}
          />
          {payer !== '' && <YesNoQuestion label="Was your plan accepted?" value={planAccepted} onChange={setPlanAccepted} error={errors.planAccepted} />}
          <NumberInput
            label="What did you pay for the consultation? (₦)"
            description="Whole naira; 0 if it was free"
            value={paid}
            onChange={setPaid}
            min={0}
            max={10_000_000}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            hideControls
            error={errors.paidNaira}
          />
          <DialogButtons onCancel={close} pending={create.isPending}>
            <Button type="submit" loading={create.isPending}>
              Send Answers
            </Button>
          </DialogButtons>
        </Stack>
      </form>
    </Modal>
  );
}
