import { useState } from 'react';
import { Alert, Button, Group, Modal, NativeSelect, NumberInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { WithCareReportMessages } from '../care-report-messages';
import { useCareSaid } from '../said';

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
  const { t } = useLingui();
  return (
    <Radio.Group label={label} value={value} onChange={(v) => onChange(v as YesNo)} error={error}>
      <Group gap="lg" mt={6}>
        <Radio value="yes" label={t`Yes`} />
        <Radio value="no" label={t`No`} />
      </Group>
    </Radio.Group>
  );
}

/**
 * "How was your visit?" (issue 45, D29): was it open, was the health plan accepted, what the consultation
 * cost in naira. Every question is optional but one must be answered; answers are sent once and only ever
 * shown in aggregate (from three patients up), which the dialog says. Issue 50: in the page's language (care-report.po),
 * on a profile and under a completed appointment.
 */
export default function VisitReportDialog(props: VisitReportDialogProps) {
  return (
    <WithCareReportMessages>
      <VisitReport {...props} />
    </WithCareReportMessages>
  );
}

function VisitReport({ opened, onClose, onSent, kind, id, providerName, appointmentId }: VisitReportDialogProps) {
  const { t } = useLingui();
  const said = useCareSaid();
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
          toast({ title: t`Thank You`, description: t`Your answers help other patients know what to expect.` });
          onSent();
        },
        onError: (error) => {
          if (isUnauthorizedError(error)) return handleUnauthorized();
          setErrors(serverFieldErrors(error) ?? {});
          toast({ title: t`Not Sent`, description: said(errorMessage(error, t`Your answers could not be sent. Please try again.`)), variant: 'destructive' });
        },
      },
    );
  };

  const close = () => (create.isPending ? undefined : onClose());
  const payerOptions = [{ value: '', label: t`No plan: I paid myself` }, ...(payers.data ?? []).map((p) => ({ value: p.slug, label: p.name }))];
  const title = t`How was your visit?`;
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            <Trans>
              {providerName}. Answer what you can; every question is optional. Answers are shown only as totals from three patients
              up, never one by one, and never with your name.
            </Trans>
          </Text>
          {errors.wasOpen && !errors.payer && (
            <Alert color="red" variant="light" p="xs">
              {said(errors.wasOpen)}
            </Alert>
          )}
          {appointmentId == null && (
            <TextInput
              type="date"
              label={t`Day of your visit`}
              value={visitedOn}
              max={today}
              onChange={(e) => setVisitedOn(e.currentTarget.value)}
              error={errors.visitedOn && said(errors.visitedOn)}
            />
          )}
          <YesNoQuestion label={t`Was it open when you arrived?`} value={wasOpen} onChange={setWasOpen} />
          <NativeSelect
            label={t`Health plan`}
            description={t`The plan you tried to use, if any`}
            data={payerOptions}
            value={payer}
            onChange={(e) => setPayerChoice(e.currentTarget.value)}
            error={errors.payer && said(errors.payer)}
          />
          {payer !== '' && <YesNoQuestion label={t`Was your plan accepted?`} value={planAccepted} onChange={setPlanAccepted} error={errors.planAccepted && said(errors.planAccepted)} />}
          <NumberInput
            label={t`What did you pay for the consultation? (₦)`}
            description={t`Whole naira; 0 if it was free`}
            value={paid}
            onChange={setPaid}
            min={0}
            max={10_000_000}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            hideControls
            error={errors.paidNaira && said(errors.paidNaira)}
          />
          <DialogButtons onCancel={close} pending={create.isPending}>
            <Button type="submit" loading={create.isPending}>
              <Trans>Send Answers</Trans>
            </Button>
          </DialogButtons>
        </Stack>
      </form>
    </Modal>
  );
}
