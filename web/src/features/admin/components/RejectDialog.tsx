import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';

/** Reject asks for an optional reason (D5); the owner reads it in the e-mail. */
export function RejectDialog({
  name,
  opened,
  loading,
  onClose,
  onConfirm,
}: {
  name: string;
  opened: boolean;
  loading: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const { t } = useLingui();
  useEffect(() => {
    if (opened) setReason('');
  }, [opened]);
  return (
    <Modal opened={opened} onClose={onClose} title={t`Reject ${name}?`} centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          <Trans>The application leaves the pending list and stays out of the directory. Its owner is told by e-mail.</Trans>
        </Text>
        <Textarea
          label={t`Reason (optional)`}
          description={t`Sent to the applicant with the decision.`}
          autosize
          minRows={3}
          maxLength={1000}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button color="red" loading={loading} onClick={() => onConfirm(reason)}>
            <Trans>Reject</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
