import { toast } from '../../../lib/toast';
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
 * Spec §8: the "Unauthorized" toast, then sign-in after 500 ms; by default the
 * sign-in page comes back to the page the user was on (issue 14).
 */
export function handleUnauthorized(to = signInHere()): void {
  toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  window.setTimeout(() => window.location.assign(to), 500);
}
