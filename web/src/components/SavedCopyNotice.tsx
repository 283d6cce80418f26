import { useEffect, useRef } from 'react';
import { Alert, Container } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useLocation } from 'react-router-dom';
import { formatLagos } from '@ilera/contracts';
import { forgetSavedCopy, readSavedPage, useSavedCopy } from '../lib/offline';
import { SAVED_COPY_TEXT } from '../lib/offline-messages';

/**
 * "Saved copy from <time>" (issue 35): the page shows what the service worker kept from the
 * last time it was read, because the network failed. Drawn after hydration only (the server
 * never sends one); a new address starts live again.
 */
export function SavedCopyNotice() {
  const at = useSavedCopy();
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      readSavedPage();
    } else forgetSavedCopy();
  }, [location.pathname, location.search]);
  if (!at) return null;
  return (
    <Container size="lg" pt="sm">
      <Alert role="status" color="yellow" variant="light" icon={<IconCloudOff size={18} aria-hidden />}>
        Saved copy from {formatLagos(at)}. {SAVED_COPY_TEXT}
      </Alert>
    </Container>
  );
}
