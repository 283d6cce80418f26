import { useState } from 'react';
import { Button, Modal, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { careSuggestionKinds, careSuggestionSchema } from '@ilera/contracts';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { serverFieldErrors } from '../../auth/api/server-errors';
import { DialogButtons, dialogClosers, dialogOutcome } from '../../../components/dialog-parts';
import type { ProviderKind } from '../../profiles/api/types';
import { useCreateCareSuggestion } from '../api/create-care-suggestion';
import { WithCareReportMessages } from '../care-report-messages';
import { suggestionKindText, useCareSaid } from '../said';

const DETAILS_MAX = 1000;

type SuggestEditProps = { opened: boolean; onClose: () => void; kind: ProviderKind; id: number; providerName: string };

/**
 * "Suggest an edit" (issue 45): what is wrong (hours, permanently closed, place, phone, other) and what
 * should change, for an administrator to check. Nothing on the page changes until they do. Issue 50: in the
 * page's language (care-report.po).
 */
export default function SuggestEditDialog(props: SuggestEditProps) {
  return (
    <WithCareReportMessages>
      <SuggestEdit {...props} />
    </WithCareReportMessages>
  );
}

function SuggestEdit({ opened, onClose, kind, id, providerName }: SuggestEditProps) {
  const { t } = useLingui();
  const said = useCareSaid();
  const [kindChoice, setKindChoice] = useState('');
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateCareSuggestion();
  const reset = () => {
    setKindChoice('');
    setDetails('');
    setErrors({});
  };
  const { done, close } = dialogClosers(create.isPending, reset, onClose);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = careSuggestionSchema.safeParse({ kind: kindChoice, details });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    create.mutate(
      { kind, id, body: parsed.data },
      dialogOutcome({ title: t`Suggestion Sent`, description: t`Thank you. An administrator will check it.` }, done, (error) => {
        setErrors(serverFieldErrors(error) ?? {});
        toast({ title: t`Not Sent`, description: said(errorMessage(error, t`Your suggestion could not be sent. Please try again.`)), variant: 'destructive' });
      }),
    );
  };

  const title = t`Suggest an edit`;
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            <Trans>{providerName}. An administrator checks every suggestion before anything changes.</Trans>
          </Text>
          <NativeSelect
            label={t`What is wrong?`}
            data={[{ value: '', label: t`Choose…` }, ...careSuggestionKinds.map((k) => ({ value: k, label: t(suggestionKindText[k]) }))]}
            value={kindChoice}
            onChange={(e) => setKindChoice(e.currentTarget.value)}
            error={errors.kind && said(errors.kind)}
          />
          <Textarea
            label={t`What should it say?`}
            placeholder={t`e.g. Open Monday to Saturday 08:00-20:00; closed on Sundays`}
            autosize
            minRows={3}
            maxLength={DETAILS_MAX}
            value={details}
            onChange={(e) => setDetails(e.currentTarget.value)}
            description={`${details.length}/${DETAILS_MAX}`}
            error={errors.details && said(errors.details)}
          />
          <DialogButtons onCancel={close} pending={create.isPending}>
            <Button type="submit" loading={create.isPending}>
              <Trans>Send Suggestion</Trans>
            </Button>
          </DialogButtons>
        </Stack>
      </form>
    </Modal>
  );
}
