import { Alert, Button } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { OFFLINE_MESSAGE } from '../lib/offline';

/** "You are offline" with a way to try again (issue 35: bookings and edits are never faked offline). */
export function OfflineAlert({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert color="orange" role="alert" icon={<IconWifiOff size={18} aria-hidden />} mb="sm">
      {OFFLINE_MESSAGE}
      <Button size="xs" variant="light" color="orange" mt="xs" display="block" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
