import type { ReactNode } from 'react';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { DialogButtons } from '../../../components/dialog-parts';

/** What a review action's dialog shows when its call fails: the server's message, or `fallback`. */
export const failedToast = (fallback: string) => (error: Error) =>
  toast({ title: 'Error', description: errorMessage(error, fallback), variant: 'destructive' });

/** The frame of the dialogs acting on one review (report, reply): a short explanation, the fields, Cancel and the action. */
export function ReviewActionDialog(p: {
  title: string;
  intro: string;
  opened: boolean;
  onClose: () => void;
  onSubmit: () => void;
  pending: boolean;
  canSubmit: boolean;
  submitLabel: string;
  submitColor?: string;
  children: ReactNode;
}) {
  return (
    <Modal opened={p.opened} onClose={p.onClose} title={p.title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          p.onSubmit();
        }}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {p.intro}
          </Text>
          {p.children}
          <DialogButtons onCancel={p.onClose} pending={p.pending}>
            <Button type="submit" color={p.submitColor} loading={p.pending} disabled={!p.canSubmit}>
              {p.submitLabel}
            </Button>
          </DialogButtons>
        </Stack>
      </form>
    </Modal>
  );
}
