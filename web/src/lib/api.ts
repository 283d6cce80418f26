/**
 * The one HTTP client of the web app (spec accounts §7).
 *
 * Every call sends cookies; a body goes as JSON only when one is given; any non-OK
 * answer becomes `Error("<status>: <response text or status text>")`.
 * It never shows toasts or redirects: pages decide what an error means
 * (CONVENTIONS, "Not to copy").
 * A request that cannot leave the phone throws OfflineError (issue 35: never faked offline),
 * and an answer the service worker served from its cache is noted for the "Saved copy" notice.
 */
import { fetchOrOffline, isOfflineError, OFFLINE_MESSAGE } from './offline';

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new Error(`${res.status}: ${text || res.statusText}`);
}

export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const hasBody = body !== undefined;
  const res = await fetchOrOffline(url, {
    method,
    headers: hasBody ? { 'Content-Type': 'application/json' } : {},
    body: hasBody ? JSON.stringify(body) : undefined,
    credentials: 'include',
  });
  await throwIfNotOk(res);
  return res;
}

/** apiRequest, then the parsed JSON answer (`undefined` for an empty answer such as 204). */
export async function apiJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export type On401 = 'returnNull' | 'throw';

/** GET that parses JSON; with `on401: 'returnNull'` a 401 answer gives `null` instead of an error. */
export async function getJson<T>(url: string, options: { on401: 'returnNull' }): Promise<T | null>;
export async function getJson<T>(url: string, options?: { on401: 'throw' }): Promise<T>;
export async function getJson<T>(url: string, options: { on401: On401 } = { on401: 'throw' }): Promise<T | null> {
  const res = await fetchOrOffline(url, { credentials: 'include' });
  if (options.on401 === 'returnNull' && res.status === 401) return null;
  await throwIfNotOk(res);
  return (await res.json()) as T;
}

/** An error from a 401 answer: our API answers 401 with `{"message":"Unauthorized"}`. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}

/** Shown for a 429 answer that carries no message of its own (e.g. a proxy's page). */
export const RATE_LIMITED_MESSAGE = 'Too many requests. Please wait a minute and try again.';

/**
 * Whether an error is a 429 answer (a limit was reached): from apiRequest
 * (`429: ...`), or from the search page's Typesense client (`httpStatus` 429).
 */
export function isRateLimitedError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /^429: /.test(error.message) || (error as { httpStatus?: unknown }).httpStatus === 429;
}

/** Shown for a 503 answer that carries no message of its own: the API sheds load so, and a proxy may too. */
export const BUSY_MESSAGE = 'The service is busy. Please try again in a few seconds.';

/**
 * Whether an error is a 503 answer (the server is overloaded, or one of its dependencies is down):
 * from apiRequest (`503: ...`) or the search page's Typesense client (`httpStatus` 503).
 */
export function isBusyError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /^503: /.test(error.message) || (error as { httpStatus?: unknown }).httpStatus === 503;
}

/** The server's own message when it says to try again (it says how long to wait), else `fallback`. */
function tryAgainMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  // The Typesense client: "Request failed with HTTP code 429 | Server said: <message>".
  const said = / \| Server said: (.+)$/.exec(error.message)?.[1]?.trim();
  if (said && /try again/i.test(said)) return said;
  const message = serverMessage(error);
  return message && /try again/i.test(message) ? message : fallback;
}

/** What to tell a person who met a limit (429): the server's message, else RATE_LIMITED_MESSAGE. */
export function rateLimitedMessage(error: unknown): string {
  return tryAgainMessage(error, RATE_LIMITED_MESSAGE);
}

/** What to tell a person whose request met a busy server (503): the server's message, else BUSY_MESSAGE. */
export function busyMessage(error: unknown): string {
  return tryAgainMessage(error, BUSY_MESSAGE);
}

/** The `message` of an error raised by apiRequest (`400: {"message":"..."}`), or a short plain-text body. */
function serverMessage(error: Error): string | undefined {
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return undefined;
  const text = match[1]!.trim();
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    return typeof parsed.message === 'string' && parsed.message ? parsed.message : undefined;
  } catch {
    // A plain-text body (e.g. a proxy's error page) is not a message for people.
    return text && text.length < 200 && !text.startsWith('<') ? text : undefined;
  }
}

/**
 * The server's message from an error raised by apiRequest (`400: {"message":"..."}`),
 * or `fallback` when there is none. Toasts use it: "Login Failed" + server message or fallback.
 * A 429 or a 503 always says to wait and try again, never the page's fallback (which
 * would blame the password or the form).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (isOfflineError(error)) return OFFLINE_MESSAGE;
  if (isRateLimitedError(error)) return rateLimitedMessage(error);
  if (isBusyError(error)) return busyMessage(error);
  if (!(error instanceof Error)) return fallback;
  return serverMessage(error) ?? fallback;
}
