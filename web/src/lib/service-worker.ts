// The service worker's registration (issue 35, decision 035), apart from lib/offline.ts: the
// page's loader (main.tsx) runs it on every page, without React.

/**
 * Gives the service worker the hashed files this page loaded before it was in control, which
 * it copies from the HTTP cache (a first visit's pages then work offline). Files fetched while
 * it is in control it keeps by itself.
 */
export function warmServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const urls = performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((u) => new URL(u).origin === location.origin && new URL(u).pathname.startsWith('/assets/'));
  navigator.serviceWorker.controller?.postMessage({ type: 'warm', urls });
}

/** Registers the service worker once the page has loaded (it must not compete with the page's own first load). */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const start = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
    if (navigator.serviceWorker.controller) warmServiceWorker();
    else navigator.serviceWorker.addEventListener('controllerchange', warmServiceWorker, { once: true });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
