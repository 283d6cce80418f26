import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectBrowser, shortAddress, shouldShowConnectionDialog } from './device';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** A browser at `href` with a screen that is small (<= 767 px) or not, and a user agent. */
function browserAt(href: string, { small, ua }: { small: boolean; ua: string }) {
  const url = new URL(href);
  vi.stubGlobal('window', {
    location: { href, hostname: url.hostname, protocol: url.protocol, search: url.search },
    matchMedia: (query: string) => ({ matches: query === '(max-width: 767px)' && small }),
  });
  vi.stubGlobal('navigator', { userAgent: ua });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Spec accounts §2 and §8: the mobile connection dialog's decision, its address and its browser classes. */
describe('mobile connection dialog (lib/device)', () => {
  it('shows on a small screen when the page is not https', () => {
    browserAt('http://ilera.example.ng/search', { small: true, ua: DESKTOP_CHROME });
    expect(shouldShowConnectionDialog()).toBe(true);
  });

  it('shows on a mobile browser (any screen) when the page is not https', () => {
    browserAt('http://ilera.example.ng/', { small: false, ua: IPHONE_SAFARI });
    expect(shouldShowConnectionDialog()).toBe(true);
  });

  it('shows on https when ssl_error is in the address', () => {
    browserAt('https://ilera.example.ng/?ssl_error=1', { small: true, ua: ANDROID_CHROME });
    expect(shouldShowConnectionDialog()).toBe(true);
  });

  it('does not show on https without ssl_error', () => {
    browserAt('https://ilera.example.ng/search?q=Cardiology', { small: true, ua: ANDROID_CHROME });
    expect(shouldShowConnectionDialog()).toBe(false);
  });

  it('does not show on a desktop (wide screen, desktop browser), even on http or with ssl_error', () => {
    browserAt('http://ilera.example.ng/?ssl_error=1', { small: false, ua: DESKTOP_CHROME });
    expect(shouldShowConnectionDialog()).toBe(false);
  });

  it('does not show on localhost (development and the browser tests), by design', () => {
    for (const host of ['localhost', '127.0.0.1']) {
      browserAt(`http://${host}:5000/?ssl_error=1`, { small: true, ua: IPHONE_SAFARI });
      expect(shouldShowConnectionDialog()).toBe(false);
    }
  });

  it('cuts the current address at 50 characters', () => {
    const long = 'http://ilera.example.ng/search?q=Cardiology&location=lagos-lagos&type=professionals';
    expect(shortAddress(long)).toBe(`${long.slice(0, 50)}...`);
    expect(shortAddress(long).replace(/\.\.\.$/, '')).toHaveLength(50);
    const short = 'http://ilera.example.ng/about';
    expect(shortAddress(short)).toBe(short);
    const exactly50 = 'http://ilera.example.ng/' + 'a'.repeat(50 - 'http://ilera.example.ng/'.length);
    expect(shortAddress(exactly50)).toBe(exactly50);
  });

  it('classes the browser as Chrome, Safari, Firefox mobile, else Mobile Browser', () => {
    expect(detectBrowser(ANDROID_CHROME)).toBe('Chrome');
    expect(detectBrowser('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1')).toBe('Chrome');
    expect(detectBrowser(IPHONE_SAFARI)).toBe('Safari');
    expect(detectBrowser('Mozilla/5.0 (Android 14; Mobile; rv:126.0) Gecko/126.0 Firefox/126.0')).toBe('Firefox mobile');
    expect(
      detectBrowser('Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0 Mobile Safari/537.36'),
    ).toBe('Mobile Browser');
  });
});
