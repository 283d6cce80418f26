// Only the first screen's CSS blocks the first paint; the rest of Mantine's follows (issue 16).
import './app/first-screen.css';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { queryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/offline';

// Not render-blocking: a stylesheet added by a script (Vite adds its <link> when this runs).
void import('./app/styles-rest.css');

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
// Either way a transition: React renders (or hydrates) the first screen in slices of a
// few milliseconds and lets the browser breathe between them, instead of one long task
// that a slow phone cannot interrupt (Lighthouse's Total Blocking Time).
if (serverState) {
  hydrate(queryClient, JSON.parse(serverState.textContent ?? '{}'));
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  // The commit is still one step.
  const clientRoot = createRoot(root);
  startTransition(() => clientRoot.render(app));
}

// Installable app and offline use (issue 35): after the page has loaded.
registerServiceWorker();
