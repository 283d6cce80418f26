import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { queryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

const Toasts = lazy(() => import('../lib/Toasts'));

/**
 * Offline, the toasts' code may not be on the phone (the service worker keeps the files the app
 * used, not the whole app: issue 35): no toast rather than no app.
 */
class ToastsOrNothing extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** The toasts' code arrives with the first toast (issue 35); the toast waits in the store meanwhile. */
function ToastsWhenNeeded() {
  const { notifications } = useNotifications();
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (notifications.length > 0) setNeeded(true);
  }, [notifications.length]);
  return needed ? (
    <ToastsOrNothing>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
    </ToastsOrNothing>
  ) : null;
}

/**
 * Everything but the router: the browser adds BrowserRouter, the server (entry-server.tsx) a StaticRouter.
 * `i18n`: the page's language and its messages (issue 50, decision 046).
 */
export function BaseProviders({ children, client, i18n }: { children: ReactNode; client: QueryClient; i18n: I18n }) {
  return (
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        {/* Spec: one toast visible at a time, shown for 5000 ms (lib/Toasts.tsx). */}
        <ToastsWhenNeeded />
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </MantineProvider>
    </I18nProvider>
  );
}

/** `basename`: the language's path prefix ('/ha'; '' for English): every link keeps the language. */
export function AppProviders({ children, i18n, basename }: { children: ReactNode; i18n: I18n; basename: string }) {
  return (
    <BaseProviders client={queryClient} i18n={i18n}>
      <BrowserRouter basename={basename || undefined}>{children}</BrowserRouter>
    </BaseProviders>
  );
}
