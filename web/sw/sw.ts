/// <reference lib="webworker" />
// Ilera's service worker (issue 35, decision 035). Built by vite-plugin-pwa (injectManifest),
// which writes the precache list into self.__WB_MANIFEST.
//
// - Precache: the app shell only (index.html, the entry script and its CSS: files the first
//   visit downloaded anyway, so the install costs index.html and little else). Every other
//   hashed file is kept when it is first used (and the ones the page used before this worker
//   controlled it are copied from the HTTP cache when the page tells us, see 'warm').
// - Pages and the public reads: network first; when the network fails, the copy saved from
//   the last answer, marked with the time it was saved (header x-ilera-saved-at, and in a
//   page a <meta name="ilera-saved-at">), which the app shows as "Saved copy from <time>".
// - Private reads (the signed-in user, their appointments, their saved providers): the same,
//   but in a cache of that account only. The account is learnt from GET /api/auth/user as it
//   passes; until it is known nothing is saved. Signing out (GET /api/logout, sign out
//   everywhere, deleting the account), a 401 from /api/auth/user or another account signing
//   in deletes every account's cache but the current one's: one phone, several people.
// - Writes are never answered here: offline they fail, and the app says "You are offline".
import { matchPrecache, precache } from 'workbox-precaching';
import { formatLagos } from '@ilera/contracts';
import { SAVED_COPY_TEXT } from '../src/lib/offline-messages';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

precache(self.__WB_MANIFEST);

const ASSETS = 'ilera-assets';
const META = 'ilera-meta';
const ACCOUNT_KEY = '/__sw/account';
const ANONYMOUS = 'anon';
const dataCache = (account: string) => `ilera-data-${account}`;
export const SAVED_AT = 'x-ilera-saved-at';

// Public reads a page needs to be read again offline: profiles, their reviews, searches, counts.
const PUBLIC_READS = [
  /^\/api\/(professionals|institutions)\/\d+(\/reviews)?$/,
  /^\/api\/(professionals|institutions)\/search$/,
  /^\/api\/(directory|specialties)(\/|$)/,
  /^\/api\/search\/place$/,
];
// The signed-in account's own reads kept for offline use; never anything else private.
const PRIVATE_READS = [/^\/api\/auth\/user$/, /^\/api\/appointments\/patient\/[^/]+$/, /^\/api\/saved-providers$/];
// Pages not kept: the administrators' screens and one-time links.
const PAGES_NOT_KEPT = /^\/(admin|reset-password|api\/)/;
// Requests after which the session is gone (or belongs to someone else).
const SIGN_OUTS = [
  ['GET', /^\/api\/logout$/],
  ['POST', /^\/api\/auth\/logout$/],
  ['POST', /^\/api\/account\/sign-out-everywhere$/],
  ['DELETE', /^\/api\/account$/],
] as const;
const SIGN_INS = /^\/api\/(auth\/login|login|admin\/login|register(\/|$)|auth\/reset-password)/;

// undefined: not known yet (nothing private or public is saved until it is);
// 'anon': signed out; otherwise the user id.
let account: string | undefined;
let accountLoaded: Promise<void> | undefined;

function loadAccount(): Promise<void> {
  accountLoaded ??= (async () => {
    const saved = await (await caches.open(META)).match(ACCOUNT_KEY);
    account = saved ? (await saved.text()) || undefined : undefined;
  })();
  return accountLoaded;
}

/** Records who is signed in; a change deletes the caches of every other account. */
async function setAccount(next: string | undefined): Promise<void> {
  await loadAccount();
  const changed = next !== account;
  account = next;
  if (!changed) return;
  await (await caches.open(META)).put(ACCOUNT_KEY, new Response(next ?? ''));
  const keep = next && next !== ANONYMOUS ? dataCache(next) : null;
  for (const name of await caches.keys()) {
    if (name.startsWith('ilera-data-') && name !== dataCache(ANONYMOUS) && name !== keep) await caches.delete(name);
  }
}

/** A copy of `response` stamped with the time it was saved. */
async function stamped(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT, new Date().toISOString());
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
}

/**
 * Asks who is signed in when the worker does not know (just installed, or after a sign-in
 * request): one small request, shared by the answers waiting to be saved. Its answer is kept
 * like the app's own: offline, the app still knows who is signed in.
 */
let asking: Promise<void> | undefined;
function whoIsSignedIn(): Promise<void> {
  asking ??= fetch('/api/auth/user', { credentials: 'same-origin' })
    .then(async (response) => {
      await learnAccount(response.clone());
      if (account && account !== ANONYMOUS && response.ok) await (await caches.open(dataCache(account))).put('/api/auth/user', await stamped(response));
    })
    .catch(() => undefined)
    .finally(() => (asking = undefined));
  return asking;
}

async function learnAccount(response: Response): Promise<void> {
  if (response.status === 401) await setAccount(ANONYMOUS);
  else if (response.ok) {
    const user = (await response.json().catch(() => null)) as { id?: unknown } | null;
    await setAccount(user && typeof user.id === 'string' ? user.id : undefined);
  }
}

async function save(key: Request | string, response: Response): Promise<void> {
  await loadAccount();
  if (!response.ok || response.type !== 'basic') return;
  if (!account) await whoIsSignedIn();
  if (!account) return;
  await (await caches.open(dataCache(account))).put(key, await stamped(response));
}

async function saved(key: Request | string): Promise<Response | undefined> {
  await loadAccount();
  if (!account) return undefined;
  return (await caches.open(dataCache(account))).match(key, { ignoreVary: true });
}

/** Network first; the account's saved copy when the network fails; else the failure. */
async function networkFirst(request: Request, key: Request | string = request, onAnswer?: (r: Response) => Promise<void>): Promise<Response> {
  try {
    const response = await fetch(request);
    if (onAnswer) await onAnswer(response.clone());
    await save(key, response.clone());
    return response;
  } catch (err) {
    const copy = await saved(key);
    if (copy) return copy;
    throw err;
  }
}

/** A page: network first; offline, its saved copy (marked), else the app shell (the app draws the page from saved reads). */
async function page(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok && (response.headers.get('content-type') ?? '').includes('text/html')) await save(request.url, response.clone());
    return response;
  } catch (err) {
    const copy = await saved(request.url);
    if (copy) {
      const at = copy.headers.get(SAVED_AT) ?? '';
      const when = at.replace(/[^0-9TZ:.-]/g, '');
      // Said in the HTML too: a server-drawn page is read before (or without) the app, which,
      // when it starts, removes this one and shows its own (web/src/main.tsx).
      const notice = Number.isNaN(Date.parse(when))
        ? ''
        : `<div id="ilera-saved-copy" class="ilera-saved-copy" role="status">Saved copy from ${formatLagos(when)}. ${SAVED_COPY_TEXT}</div>`;
      const html = (await copy.text())
        .replace('</head>', `<meta name="ilera-saved-at" content="${when}" /></head>`)
        .replace('<div id="root">', `${notice}<div id="root">`);
      return new Response(html, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', [SAVED_AT]: at } });
    }
    const shell = await matchPrecache('/index.html');
    if (shell) return shell;
    throw err;
  }
}

/** Hashed files never change: the precache, then the kept copy, then the network (and keep it). */
async function asset(request: Request): Promise<Response> {
  const hit = (await matchPrecache(request.url)) ?? (await (await caches.open(ASSETS)).match(request));
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await (await caches.open(ASSETS)).put(request, response.clone());
  return response;
}

/** The search page's POST: kept under a GET key made of its body (a Cache cannot hold a POST). */
async function multiSearch(request: Request): Promise<Response> {
  const body = await request.clone().text();
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${new URL(request.url).search}\n${body}`));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return networkFirst(request, `/__sw/multi_search/${hex}`);
}

/** The signed-in user: tells us whose caches may be used. */
async function currentUser(request: Request): Promise<Response> {
  return networkFirst(request, request, learnAccount);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const path = url.pathname;

  if (SIGN_OUTS.some(([method, re]) => method === request.method && re.test(path))) {
    // Forgotten before the request leaves: offline, the next person still finds nothing.
    event.respondWith(setAccount(ANONYMOUS).then(() => fetch(request)));
    return;
  }
  if (request.method === 'POST' && SIGN_INS.test(path)) {
    event.respondWith(setAccount(undefined).then(() => fetch(request)));
    return;
  }
  if (request.method === 'POST' && path === '/api/search/multi_search') {
    event.respondWith(multiSearch(request));
    return;
  }
  if (request.method !== 'GET') return;
  if (path.startsWith('/assets/')) event.respondWith(asset(request));
  else if (request.mode === 'navigate') {
    if (!PAGES_NOT_KEPT.test(path)) event.respondWith(page(request));
  } else if (path === '/api/auth/user') event.respondWith(currentUser(request));
  else if (PUBLIC_READS.some((re) => re.test(path)) || PRIVATE_READS.some((re) => re.test(path))) event.respondWith(networkFirst(request));
});

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  // The page lists the hashed files it loaded before this worker controlled it: copied from
  // the HTTP cache (they are immutable), so the first visit's pages work offline too.
  if (data?.type === 'warm' && Array.isArray(data.urls)) {
    // The page's own session check went by before this worker was in control.
    event.waitUntil(loadAccount().then(() => (account ? undefined : whoIsSignedIn())));
    const urls = data.urls.filter((u): u is string => typeof u === 'string' && new URL(u, self.location.origin).pathname.startsWith('/assets/'));
    event.waitUntil(
      caches.open(ASSETS).then(async (cache) => {
        for (const u of urls) if (!(await cache.match(u)) && !(await matchPrecache(u))) await cache.add(u).catch(() => undefined);
      }),
    );
  }
});

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
