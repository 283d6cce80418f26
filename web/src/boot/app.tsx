// The app itself: React, Mantine, the router and the query cache (issue 35: loaded by main.tsx
// at once on pages the browser draws, and on a server-drawn page at the visitor's first intent).
// Mantine's stylesheets beyond the first screen's come with it (a <link> Vite adds before this
// module runs): a server-drawn page shows nothing that needs them before the app is there.
import '../app/styles-rest.css';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/router';
import { queryClient } from '../lib/query-client';
import { msg } from '@lingui/core/macro';
import { DEFAULT_LOCALE, localeBase } from '@ilera/contracts/locales';
import { loadMessages, pageCatalogsOf, pageLocale, setAppI18n } from '../i18n/catalogs';
import { createI18n } from '../i18n/i18n';

/** Calls `onCommit` once React has committed the root's first render (or hydration). */
function Committed({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return null;
}

/**
 * Offline, a toast ("You are offline") must still show, and its code is a chunk of its own that
 * the service worker keeps only once fetched (the precache holds the loader only, issue 35):
 * under the worker, the app fetches it when the phone is idle, once.
 */
function keepToastsForOffline(): void {
  if (!navigator.serviceWorker?.controller) return;
  const fetchToasts = () => void import('../lib/Toasts').catch(() => undefined);
  if ('requestIdleCallback' in window) requestIdleCallback(fetchToasts, { timeout: 10_000 });
  else setTimeout(fetchToasts, 3000);
}

/**
 * Renders the app into #root, or hydrates the server's HTML in place when the page came with
 * the data it was drawn from (#ilera-ssr, entry-server.tsx): the query cache starts from it.
 * Resolves once the root has committed; parts behind a lazy boundary may hydrate after.
 */
export async function startApp(root: HTMLElement, serverState: HTMLElement | null): Promise<void> {
  // Issue 50: the address's language, whose messages the loader started fetching beside this chunk.
  const locale = pageLocale(location.pathname);
  const catalogs = pageCatalogsOf(location.pathname);
  const i18n = createI18n(locale, await loadMessages(locale, catalogs));
  // A page reached later inside the app adds its group's catalog to this I18n (src/app/router.tsx).
  setAppI18n(i18n, catalogs);
  // A page the browser draws (the app's shell, index.html) has the site's English title; a server-drawn one already
  // has its own, in its language (api/src/modules/seo/pages.ts, whose words are contracts/src/page-head-messages.ts'
  // siteTitles: the same as this message's, a test says so). In this language's catalog, not all five in the app.
  const siteTitle = msg`Ilera — Find healthcare providers in Nigeria`;
  if (!serverState && locale !== DEFAULT_LOCALE) document.title = i18n._(siteTitle);
  return new Promise<void>((resolve) => {
    const app = (
      <StrictMode>
        <AppProviders i18n={i18n} basename={localeBase(locale)}>
          <AppRoutes />
        </AppProviders>
        {/* Renders nothing: the server's HTML has no counterpart to match. */}
        <Committed
          onCommit={() => {
            resolve();
            keepToastsForOffline();
          }}
        />
      </StrictMode>
    );
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
  });
}
