import { toast } from '../../../lib/toast';

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

/** Spec §8: the "Unauthorized" toast, then the login endpoint after 500 ms. */
export function handleUnauthorized(to = '/api/login'): void {
  toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  window.setTimeout(() => window.location.assign(to), 500);
}
