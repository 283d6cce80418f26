import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { isUnauthorizedError } from '../lib/api';
import { toast } from '../lib/toast';
import { handleUnauthorized } from '../features/auth/api/server-errors';

/** Which provider a booking or review is for: exactly one of the two ids, the other null. */
export function providerIds(p: { professionalId?: number; institutionId?: number }) {
  return { professionalId: p.professionalId ?? null, institutionId: p.institutionId ?? null };
}

/** `done` resets the dialog and closes it; `close` (Cancel, Escape) does so unless its call is running. */
export function dialogClosers(pending: boolean, reset: () => void, onClose: () => void) {
  const done = () => {
    reset();
    onClose();
  };
  return { done, close: () => (pending ? undefined : done()) };
}

/**
 * The answer of a provider dialog's call (spec §5, §8): success toasts and `done` (reset and close);
 * a 401 signs in again and comes back; any other failure goes to `failed` and the dialog stays open.
 */
export function dialogOutcome(success: { title: string; description: string }, done: () => void, failed: (error: Error) => void) {
  return {
    onSuccess: () => {
      toast(success);
      done();
    },
    onError: (error: Error) => (isUnauthorizedError(error) ? handleUnauthorized() : failed(error)),
  };
}

/** A dialog's Cancel (off while its call runs) beside its submit button. */
export function DialogButtons({ onCancel, pending, children }: { onCancel: () => void; pending: boolean; children: ReactNode }) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        <Trans>Cancel</Trans>
      </Button>
      {children}
    </Group>
  );
}
