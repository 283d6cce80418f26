import type { ZodType, ZodTypeDef } from 'zod';
import { BadRequestError } from './errors';

/**
 * Parses a request part with a contracts/ schema. On failure: 400 with the first
 * message as `message` and every bad field's message under `fields`.
 */
export function parse<T>(schema: ZodType<T, ZodTypeDef, unknown>, input: unknown): T {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in fields)) fields[key] = issue.message;
  }
  throw new BadRequestError(result.error.issues[0]?.message ?? 'Invalid request', fields);
}
