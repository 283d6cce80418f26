// Offline use (issue 35, decision 035): the "Saved copy" notice's state (the service worker's
// registration is in service-worker.ts), and what a request that cannot leave the phone becomes.
import { useSyncExternalStore } from 'react';
import { OFFLINE_MESSAGE } from './offline-messages';

export { OFFLINE_MESSAGE, OFFLINE_PAGE_MESSAGE } from './offline-messages';

/** A request that never reached the server (no network): fetch's TypeError, named. */
export class OfflineError extends Error {
  constructor() {
    super(OFFLINE_MESSAGE);
    this.name = 'OfflineError';
  }
}

export const isOfflineError = (error: unknown): error is OfflineError => error instanceof OfflineError;

/** fetch, with a network failure turned into OfflineError (an abort or timeout stays what it is). */
export async function fetchOrOffline(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  try {
    const response = await fetch(input, init);
    noteSavedCopy(response);
    return response;
  } catch (err) {
    if (err instanceof TypeError) throw new OfflineError();
    throw err;
  }
}

// The oldest saved copy the current page shows (ISO time), or null when all it shows is live.
let savedAt: string | null = null;
const listeners = new Set<() => void>();
const publish = (next: string | null) => {
  if (next === savedAt) return;
  savedAt = next;
  for (const l of listeners) l();
};

/** The service worker marks an answer it served from its cache (web/sw/sw.ts, x-ilera-saved-at). */
export function noteSavedCopy(response: Response): void {
  const at = response.headers.get('x-ilera-saved-at');
  if (at && !Number.isNaN(Date.parse(at)) && (!savedAt || at < savedAt)) publish(at);
}

/** A page the worker served from its cache carries its time in <meta name="ilera-saved-at">. */
export function readSavedPage(): void {
  const at = document.querySelector('meta[name="ilera-saved-at"]')?.getAttribute('content');
  if (at && !Number.isNaN(Date.parse(at))) publish(at);
}

/** A new page starts live. */
export function forgetSavedCopy(): void {
  publish(null);
}

export function useSavedCopy(): string | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => savedAt,
    () => null,
  );
}

/** Whether the browser says it has a network (navigator.onLine and its events). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (l) => {
      window.addEventListener('online', l);
      window.addEventListener('offline', l);
      return () => {
        window.removeEventListener('online', l);
        window.removeEventListener('offline', l);
      };
    },
    () => navigator.onLine,
    () => true,
  );
}
