import { Center, Loader } from '@mantine/core';

/** Shown while a lazily loaded page's code arrives. */
export function PageLoader() {
  return (
    <Center py={80} role="status" aria-live="polite" aria-label="Loading">
      <Loader size="md" />
    </Center>
  );
}
