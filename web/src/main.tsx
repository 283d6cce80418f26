import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// A transition: React renders the first screen in slices of a few milliseconds and
// lets the browser breathe between them, instead of one long task that a slow phone
// cannot interrupt (Lighthouse's Total Blocking Time). The commit is still one step.
const app = createRoot(root);
startTransition(() => {
  app.render(
    <StrictMode>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
    </StrictMode>,
  );
});
