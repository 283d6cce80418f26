// The page's loader (issue 35: "hydrate only what is interactive"). Not the app: React,
// Mantine and the rest come in boot/app.tsx, fetched
// - at once on a page the browser draws itself (no #ilera-ssr: signed-in pages, client
//   routes, the bare shell the service worker falls back to), and on a server-drawn page
//   opened by a signed-in visitor (<html data-signed-in>: their own header and dashboard) or
//   that the server could not draw whole (<html data-incomplete>: a search that failed) or
//   whose parts the app changes at once on this screen ([data-app-at-once]), or on a phone
//   at an insecure address (the app's connection dialog shows at once);
// - on a server-drawn page (landing, search, profiles, static pages), at the visitor's first
//   intent that needs it (boot/intent.ts has the rule). Until then the page is HTML: links
//   navigate and the landing and search pages' search forms are sent to /search by the
//   browser. The intent's click, focus, typed text or sent form are done again once React has
//   hydrated; meanwhile, after 300 ms, the loader shows that the app is on its way.
// Only the first screen's CSS blocks the first paint (issue 16); the rest of Mantine's comes with the app.
import './app/first-screen.css';
import './app/global.css';
import { IntentRecorder } from './boot/intent';
import { registerServiceWorker, warmServiceWorker } from './lib/service-worker';
import { shouldShowConnectionDialog } from './lib/device';
import { OFFLINE_MESSAGE, OFFLINE_PAGE_MESSAGE } from './lib/offline-messages';
import { readMyPlanCookie, withMyPlan } from './features/care/my-plan-cookie';
import { loadMessages, pageCatalogsOf, pageLocale } from './i18n/catalogs';
import { LOCALE_COOKIE, localeBase, splitLocalePath, type Locale } from '@ilera/contracts/locales';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
const serverState = document.getElementById('ilera-ssr');

// The loader's own notices (outside #root: React never sees them).
const LOADER_UI = 'data-ilera-loader';
const ownUi = (el: Element) => !!el.closest(`[${LOADER_UI}]`);

const NOT_LOADED_MESSAGE = 'This part of Ilera could not be loaded. Please try again in a few seconds.';

/**
 * Issue 50: the loader's own words ("Loading…", the "could not be loaded" notice and its button) in the page's language,
 * before any catalog has come (the catalogs come with the app, which is what failed): a small table here, keyed by the
 * address's language; English is the spec's words above.
 */
const LOADER_WORDS: Partial<Record<Locale, [loading: string, notLoaded: string, tryAgain: string]>> = {
  ha: ['Ana lodawa…', 'Ba a iya loda wannan ɓangaren Ilera ba. Ku sake gwadawa.', 'Sake gwadawa'],
  yo: ['Ó ń bọ̀…', 'A kò lè ṣí apá Ilera yìí. Ẹ tún gbìyànjú.', 'Tún gbìyànjú'],
  ig: ['Ọ na-abịa…', 'Enweghị ike ibubata akụkụ Ilera a. Nwaa ọzọ.', 'Nwaa ọzọ'],
  pcm: ['E dey load…', 'Dis part of Ilera no fit load. Try again.', 'Try again'],
};
const loaderWords = LOADER_WORDS[splitLocalePath(location.pathname).locale] ?? ['Loading…', NOT_LOADED_MESSAGE, 'Try again'];

let loading: Promise<void> | null = null;
let failure: HTMLElement | null = null;

/**
 * While the app is on its way after a tap that needs it (140-230 KB: seconds on 2G): after
 * 300 ms a thin bar along the top, the tapped control aria-busy and "Loading…" in a polite live
 * region (there, empty, from the tap: a region added with its words may not be read). Gone once
 * the intent has been done again, or replaced by the "could not be loaded" notice.
 */
type Busy = { status: HTMLElement; bar?: HTMLElement; control: Element | null; timer: number };
let busy: Busy | null = null;
function showBusy(control: Element | null): void {
  if (busy) return;
  const status = document.createElement('div');
  status.setAttribute(LOADER_UI, '');
  status.setAttribute('role', 'status');
  status.className = 'ilera-loader-status';
  document.body.append(status);
  const shown: Busy = (busy = { status, control, timer: 0 });
  shown.timer = window.setTimeout(() => {
    shown.bar = document.createElement('div');
    shown.bar.setAttribute(LOADER_UI, '');
    shown.bar.className = 'ilera-loader-bar';
    document.body.append(shown.bar);
    status.textContent = loaderWords[0];
    control?.setAttribute('aria-busy', 'true');
  }, 300);
}
function hideBusy(): void {
  if (!busy) return;
  clearTimeout(busy.timer);
  busy.status.remove();
  busy.bar?.remove();
  busy.control?.removeAttribute('aria-busy');
  busy = null;
}

/** The current route's page chunks (vite.config.ts lists them in the page): fetched beside the app, not after it. */
function preloadRouteChunks(): void {
  const table = JSON.parse(document.getElementById('ilera-route-chunks')?.textContent || '[]') as [string, string[]][];
  const files = table.find(([route]) => new RegExp(route).test(location.pathname))?.[1] ?? [];
  for (const href of files) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}

/** Fetches and starts the app; a server-drawn page's waiting intent is replayed once it has hydrated. */
function load(recorder?: IntentRecorder): Promise<void> {
  recorder?.startLoading();
  if (!loading) preloadRouteChunks();
  // Issue 50: the page's language's messages (chunks of their own: the shared ones and the page group's) come
  // beside the app, not after it.
  loading ??= Promise.all([import('./boot/app'), loadMessages(pageLocale(location.pathname), pageCatalogsOf(location.pathname))]).then(
    async ([{ startApp }]) => {
      failure?.remove();
      // The app shows its own "Saved copy" notice (the service worker wrote one into a saved page's HTML).
      document.getElementById('ilera-saved-copy')?.remove();
      await startApp(root!, serverState);
      warmServiceWorker();
      await recorder?.replay();
      hideBusy();
      delete document.documentElement.dataset.app;
    },
    () => {
      // The app's code could not be fetched. Offline, with a page the phone has as HTML only
      // (the intent waits, and a form that was waiting goes as HTML), or a page the app draws
      // whose code is not on the phone; or online, a server too busy to answer: say so, and
      // try again when asked.
      loading = null;
      hideBusy();
      recorder?.sendWaitingFormAsHtml();
      const message = !navigator.onLine ? (recorder ? OFFLINE_MESSAGE : OFFLINE_PAGE_MESSAGE) : loaderWords[1];
      showNotLoaded(message, () => {
        refetchFailedStylesheets();
        if (recorder) showBusy(null);
        void load(recorder);
      });
    },
  );
  return loading;
}

/** A stylesheet the failed attempt could not fetch is asked for again (Vite's loader asks for each file once). */
function refetchFailedStylesheets(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    if (!link.sheet) link.replaceWith(link.cloneNode());
  }
}

function showNotLoaded(message: string, retry: () => void): void {
  failure?.remove();
  failure = document.createElement('div');
  failure.setAttribute(LOADER_UI, '');
  failure.setAttribute('role', 'alert');
  failure.className = 'ilera-loader-alert';
  failure.append(message);
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = loaderWords[2];
  button.addEventListener('click', () => {
    failure?.remove();
    retry();
  });
  failure.append(button);
  document.body.append(failure);
}

const html = document.documentElement;
// A part that the app changes as soon as it runs on this screen (the search filters, open at
// once on a wide screen) says so with data-app-at-once="<media query>" ('' for any screen).
const changedAtOnce = [...document.querySelectorAll<HTMLElement>('[data-app-at-once]')].some(
  (el) => !el.dataset.appAtOnce || matchMedia(el.dataset.appAtOnce).matches,
);
// Issue 45: a visitor's "My plan" (a cookie) preselects the plan filter. A server-drawn search that says
// nothing of a plan is asked for again with it: one page of HTML, instead of the whole app to redraw it.
const here = splitLocalePath(location.pathname);
// Issue 50: the app's own pages (/ha/account...) come in the shell, whose <html lang> is English; a page the server drew says its own.
html.lang = here.locale;
const withPlan = serverState && here.path === '/search' && !html.hasAttribute('data-signed-in') ? withMyPlan(location.search, readMyPlanCookie()) : null;
if (withPlan !== null) location.replace(`${localeBase(here.locale)}/search?${withPlan}`);
const waitForIntent =
  withPlan === null &&
  serverState &&
  !html.hasAttribute('data-signed-in') &&
  !html.hasAttribute('data-incomplete') &&
  !changedAtOnce &&
  // The phone at an insecure address is told so by the app at once (its connection dialog).
  !shouldShowConnectionDialog();
if (waitForIntent) {
  const recorder: IntentRecorder = new IntentRecorder(
    root,
    (control) => {
      showBusy(control);
      void load(recorder);
    },
    ownUi,
  );
  recorder.listen();
  // Said on the page (tests and tools read it): an intent now is kept until the app answers it.
  html.dataset.app = 'on-intent';
} else if (withPlan === null) {
  void load();
}

// Issue 50: a language chosen from the header's menu (plain links, components/LanguageMenu.tsx) is
// remembered for the next visit to / (a year), whether or not the app has come.
document.addEventListener(
  'click',
  (event) => {
    const choice = (event.target as Element | null)?.closest?.('a[data-lang-menu]')?.getAttribute('data-lang-menu');
    if (choice) document.cookie = `${LOCALE_COOKIE}=${choice}; path=/; max-age=31536000; samesite=lax`;
  },
  true,
);

// Installable app and offline use (issue 35): after the page has loaded.
registerServiceWorker();
