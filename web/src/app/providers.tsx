import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { queryClient } from '../lib/query-client';
import { TOAST_DURATION_MS } from '../lib/toast';
import { cssVariablesResolver, theme } from './theme';

/** Everything but the router: the browser adds BrowserRouter, the server (entry-server.tsx) a StaticRouter. */
export function BaseProviders({ children, client }: { children: ReactNode; client: QueryClient }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {/* Spec: one toast visible at a time, shown for 5000 ms. */}
      <Notifications limit={1} autoClose={TOAST_DURATION_MS} position="top-right" zIndex={1000} />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <BaseProviders client={queryClient}>
      <BrowserRouter>{children}</BrowserRouter>
    </BaseProviders>
  );
}
