/** Browser and connection facts for the mobile connection help (spec accounts §2, §8). */

export type BrowserName = 'Chrome' | 'Safari' | 'Firefox mobile' | 'Mobile Browser';

const userAgent = (): string => (typeof navigator === 'undefined' ? '' : navigator.userAgent);

/** Spec: the browser is classed as Chrome, Safari, Firefox mobile, else Mobile Browser. */
export function detectBrowser(ua: string = userAgent()): BrowserName {
  if (/CriOS/i.test(ua) || (/Chrome\//i.test(ua) && !/Edg|OPR|SamsungBrowser|UCBrowser|YaBrowser/i.test(ua))) {
    return 'Chrome';
  }
  if (/FxiOS|Firefox/i.test(ua)) return 'Firefox mobile';
  if (/Safari/i.test(ua) && /iPhone|iPad|iPod|Macintosh/i.test(ua) && !/Chrome|Android/i.test(ua)) return 'Safari';
  return 'Mobile Browser';
}

export function isMobileUserAgent(ua: string = userAgent()): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile|webOS|BlackBerry/i.test(ua);
}

export function isSmallScreen(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(max-width: 767px)').matches
    : false;
}

export function isSecureConnection(): boolean {
  return typeof window !== 'undefined' && window.location.protocol === 'https:';
}

function isLocalHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]' || hostname === '::1';
}

/**
 * Spec §4: shown when the device is mobile (small screen or mobile browser) and either
 * the page is not https or ssl_error is in the address. Never on localhost, so that
 * development and browser tests are not blocked by it.
 */
export function shouldShowConnectionDialog(): boolean {
  if (typeof window === 'undefined') return false;
  const { hostname, protocol, search } = window.location;
  if (isLocalHost(hostname)) return false;
  const mobile = isSmallScreen() || isMobileUserAgent();
  const insecure = protocol !== 'https:' || new URLSearchParams(search).has('ssl_error');
  return mobile && insecure;
}

/** Spec: the current address cut to 50 characters. */
export function shortAddress(href: string = typeof window === 'undefined' ? '' : window.location.href): string {
  return href.length > 50 ? `${href.slice(0, 50)}...` : href;
}

/** A link that opens the current page in Chrome (iOS scheme or Android intent). */
export function chromeUrl(href: string = window.location.href, ua: string = userAgent()): string {
  const url = new URL(href);
  const rest = `${url.host}${url.pathname}${url.search}${url.hash}`;
  if (/iPhone|iPad|iPod/i.test(ua)) {
    return `${url.protocol === 'https:' ? 'googlechromes' : 'googlechrome'}://${rest}`;
  }
  return `intent://${url.host}${url.pathname}${url.search}#Intent;scheme=${url.protocol.replace(':', '')};package=com.android.chrome;end`;
}

/**
 * Clear Cache: drop every Cache Storage entry this site holds and the service worker that fills them
 * (the reload then comes from the network, and registers the worker afresh), then reload.
 */
export async function clearCachesAndReload(): Promise<void> {
  try {
    if ('serviceWorker' in navigator) {
      const registrations = await navigator.serviceWorker.getRegistrations();
      await Promise.all(registrations.map((registration) => registration.unregister()));
    }
    if (typeof caches !== 'undefined') {
      const keys = await caches.keys();
      await Promise.all(keys.map((key) => caches.delete(key)));
    }
  } finally {
    window.location.reload();
  }
}

/** Copy text, also on plain-http pages where navigator.clipboard does not exist. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the legacy way
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    document.body.removeChild(area);
  }
}
