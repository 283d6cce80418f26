import { useState } from 'react';
import { Button, Modal, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { careSuggestionKindLabels, careSuggestionKinds, careSuggestionSchema } from '@ilera/contracts';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { serverFieldErrors } from '../../auth/api/server-errors';
import { DialogButtons, dialogClosers, dialogOutcome } from '../../../components/dialog-parts';
import type { ProviderKind } from '../../profiles/api/types';
import { useCreateCareSuggestion } from '../api/create-care-suggestion';

const DETAILS_MAX = 1000;

/**
 * "Suggest an edit" (issue 45): what is wrong (hours, permanently closed, place, phone, other) and what
 * should change, for an administrator to check. Nothing on the page changes until they do.
 */
export default function SuggestEditDialog({ opened, onClose, kind, id, providerName }: { opened: boolean; onClose: () => void; kind: ProviderKind; id: number; providerName: string }) {
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
      dialogOutcome({ title: 'Suggestion Sent', description: 'Thank you. An administrator will check it.' }, done, (error) => {
        setErrors(serverFieldErrors(error) ?? {});
        toast({ title: 'Not Sent', description: errorMessage(error, 'Your suggestion could not be sent. Please try again.'), variant: 'destructive' });
      }),
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Suggest an edit" centered>
      <form onSubmit={submit} noValidate aria-label="Suggest an edit">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {providerName}. An administrator checks every suggestion before anything changes.
          </Text>
          <NativeSelect
            label="What is wrong?"
            data={[{ value: '', label: 'Choose…' }, ...careSuggestionKinds.map((k) => ({ value: k, label: careSuggestionKindLabels[k] }))]}
            value={kindChoice}
            onChange={(e) => setKindChoice(e.currentTarget.value)}
            error={errors.kind}
          />
          <Textarea
            label="What should it say?"
            placeholder="e.g. Open Monday to Saturday 08:00-20:00; closed on Sundays"
            autosize
            minRows={3}
            maxLength={DETAILS_MAX}
            value={details}
            onChange={(e) => setDetails(e.currentTarget.value)}
            description={`${details.length}/${DETAILS_MAX}`}
            error={errors.details}
          />
          <DialogButtons onCancel={close} pending={create.isPending}>
            <Button type="submit" loading={create.isPending}>
              Send Suggestion
            </Button>
          </DialogButtons>
        </Stack>
      </form>
    </Modal>
  );
}
