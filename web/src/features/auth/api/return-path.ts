import { safeReturnPath } from '@ilera/contracts';
import { splitLocalePath } from '@ilera/contracts/locales';

/**
 * Return paths (issue 14): every sign-in prompt carries where the visitor was, and
 * sign-in goes back there. Only a path of our own site is followed (no open redirect).
 */

/** `next` if it is a same-site path, else null (the rule lives in contracts, shared with /api/login). */
export const safeNext = (next: string | null | undefined): string | null => safeReturnPath(next);

/** The sign-in page, coming back to `path` afterwards. */
export function signInPath(path: string): string {
  const next = safeNext(path);
  return next && next !== '/' && !next.startsWith('/login') ? `/login?next=${encodeURIComponent(next)}` : '/login';
}

/**
 * Where sign-in or registration started from a page of the site (its path and query) comes back
 * to (issue 34): that page; null for the landing page (sign-in goes home anyway) or a foreign path.
 */
export function returnPathOf(pathname: string, search: string): string | null {
  const here = safeNext(pathname + search);
  return here === '/' ? null : here;
}

/** The registration page (an account type's tab when given), coming back to `next` after signing in. */
export function registerPath(next: string | null, type?: string): string {
  const params = new URLSearchParams();
  if (type) params.set('type', type);
  const back = safeNext(next);
  if (back && back !== '/') params.set('next', back);
  const query = params.toString();
  return query ? `/register?${query}` : '/register';
}

/** The sign-in page, coming back to the page open now: both inside the page's language (issue 50: the router's paths). */
export function signInHere(): string {
  return signInPath(splitLocalePath(window.location.pathname).path + window.location.search);
}

/** The spec's login endpoint (a full page navigation), passing the return path on. */
export function loginEndpoint(path: string): string {
  const next = safeNext(path);
  return next ? `/api/login?next=${encodeURIComponent(next)}` : '/api/login';
}
