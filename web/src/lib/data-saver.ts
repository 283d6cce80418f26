// Data saver (issue 35, decision 035): the browser's Save-Data, or the footer's "Data saver"
// switch (a cookie the server reads too). When on: no photos until tapped (initials instead), and
// search results in pages of 5 instead of 10 (search-state.ts: resultsPerPage), drawn so by the
// server too. The app prefetches nothing it was not asked for, data saver or not (decision 035).
import { createContext, useContext, useSyncExternalStore } from 'react';

const COOKIE = 'ilera-data-saver';

/** The server's decision for the page it renders (Save-Data header or the cookie); entry-server.tsx provides it. */
export const ServerDataSaver = createContext(false);

/**
 * What the page was drawn with: the server marks <html data-save-data="on"> when it drew the
 * page for a data saver (hydration must draw the same); a page the browser draws alone asks
 * the cookie and the browser's own Save-Data.
 */
function initial(): boolean {
  const drawn = document.documentElement.dataset.saveData;
  if (drawn) return drawn === 'on';
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return new RegExp(`(?:^|;\\s*)${COOKIE}=1`).test(document.cookie) || connection?.saveData === true;
}

/**
 * What the server drew this document with, read once when the app arrives (before the switch can
 * change it): a part of the page that hydrates later (a lazy boundary, or the app coming at the
 * first intent and the switch being that intent) must still hydrate what the server drew; it
 * then re-renders with the current choice.
 */
const drawnOn = typeof document !== 'undefined' && document.documentElement.dataset.saveData === 'on';

let current: boolean | undefined;
const listeners = new Set<() => void>();

export function isDataSaverOn(): boolean {
  if (typeof document === 'undefined') return false;
  return (current ??= initial());
}

/** The footer's switch: remembered for a year in a cookie, so the server draws the next pages without photos too. */
export function setDataSaver(on: boolean): void {
  current = on;
  document.documentElement.dataset.saveData = on ? 'on' : 'off';
  document.cookie = on ? `${COOKIE}=1; path=/; max-age=31536000; samesite=lax` : `${COOKIE}=; path=/; max-age=0; samesite=lax`;
  for (const l of listeners) l();
}

export function useDataSaver(): boolean {
  const server = useContext(ServerDataSaver);
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    isDataSaverOn,
    // On the server: the request's; while hydrating: what the server drew with.
    () => (typeof document === 'undefined' ? server : drawnOn),
  );
}
