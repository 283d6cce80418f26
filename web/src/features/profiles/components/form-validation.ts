import type { ZodType, ZodTypeDef } from 'zod';

/**
 * A Mantine form `validate` function from a contracts/ schema: the same rules and
 * messages as the server (CONVENTIONS example 2). First message per field.
 */
export function zodFormErrors<T>(schema: ZodType<T, ZodTypeDef, unknown>, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** The `fields` of a 400 answer (`400: {"message":..., "fields": {...}}`), if any. */
export function serverFieldErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof Error)) return null;
  const match = /^400: ([\s\S]*)$/.exec(error.message);
  if (!match) return null;
  try {
    const body = JSON.parse(match[1]!) as { fields?: Record<string, string> };
    return body.fields && typeof body.fields === 'object' ? body.fields : null;
  } catch {
    return null;
  }
}
