import { Center, Loader } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

/** Shown while a lazily loaded page's code arrives. */
export function PageLoader() {
  const { t } = useLingui();
  return (
    <Center py={80} role="status" aria-live="polite" aria-label={t`Loading`}>
      <Loader size="md" />
    </Center>
  );
}
