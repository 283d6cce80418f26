import { errorMessage, isUnauthorizedError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { isLocale, localePath, splitLocalePath } from '@ilera/contracts/locales';
import { signInHere } from './return-path';

/**
 * The per-field messages of a 400 answer (`400: {"message", "fields"}`), to show
 * under the form's fields, or null.
 */
export function serverFieldErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof Error)) return null;
  const match = /^(400|409): ([\s\S]*)$/.exec(error.message);
  if (!match) return null;
  try {
    const body = JSON.parse(match[2]) as { fields?: unknown };
    return body.fields && typeof body.fields === 'object' ? (body.fields as Record<string, string>) : null;
  } catch {
    return null;
  }
}

/**
 * The usual failure of a form's call (spec §8): a 401 goes to sign in again (at `signInAt`, by
 * default back here; null for signed-out forms), the server's field messages go under the fields,
 * and a toast says what failed (`said`: the API's English in the page's language, issue 50).
 */
export function formFailure(
  form: { setErrors: (errors: Record<string, string>) => void },
  title: string,
  fallback: string,
  signInAt?: string | null,
  said: (message: string) => string = (message) => message,
) {
  return (error: unknown): void => {
    if (signInAt !== null && isUnauthorizedError(error)) return handleUnauthorized(signInAt);
    const fields = serverFieldErrors(error);
    if (fields) form.setErrors(fields);
    toast({ title, description: said(errorMessage(error, fallback)), variant: 'destructive' });
  };
}

/**
 * Spec §8: the "Unauthorized" toast, then sign-in after 500 ms; by default the
 * sign-in page comes back to the page the user was on (issue 14). In another language (issue 50) the toast's words
 * come with the sign-in page's catalog (English if it cannot come).
 */
export function handleUnauthorized(to = signInHere()): void {
  const english = { title: 'Unauthorized', description: 'You are logged out. Logging in again...' };
  const lang = document.documentElement.lang;
  if (lang === 'en' || !isLocale(lang)) toast({ ...english, variant: 'destructive' });
  else
    void import('./unauthorized-words')
      .then(({ unauthorizedWords }) => unauthorizedWords(lang))
      .catch(() => english)
      .then((words) => toast({ ...words, variant: 'destructive' }));
  window.setTimeout(() => goTo(to), 500);
}

/**
 * A page of the app is reached without reloading, so the toast stays readable
 * (issue 14: a full page load wiped it at once); the API's own paths (the
 * login endpoint) need a real navigation.
 */
function goTo(to: string): void {
  if (to.startsWith('/api/')) {
    window.location.assign(to);
    return;
  }
  // A path of the app, in the page's language (issue 50: /ha/appointments signs in at /ha/login).
  window.history.pushState(null, '', localePath(splitLocalePath(window.location.pathname).locale, to));
  // The router follows the address on popstate.
  window.dispatchEvent(new PopStateEvent('popstate'));
}
