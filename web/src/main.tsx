import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { queryClient } from './lib/query-client';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

const app = (
  <StrictMode>
    <AppProviders>
      <AppRoutes />
    </AppProviders>
  </StrictMode>
);

// A page the server rendered (entry-server.tsx) comes with the data it was drawn
// from: the query cache starts from it and React hydrates the HTML in place.
const serverState = document.getElementById('ilera-ssr');
if (serverState) {
  hydrate(queryClient, JSON.parse(serverState.textContent ?? '{}'));
  hydrateRoot(root, app);
} else {
  // A transition: React renders the first screen in slices of a few milliseconds and
  // lets the browser breathe between them, instead of one long task that a slow phone
  // cannot interrupt (Lighthouse's Total Blocking Time). The commit is still one step.
  const clientRoot = createRoot(root);
  startTransition(() => clientRoot.render(app));
}
