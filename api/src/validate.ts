import type { ZodError } from 'zod';
import { BadRequestError } from './errors';

/** 400 with the first message as `message` and every bad field's message under `fields`. */
export function badRequest(error: ZodError): BadRequestError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in fields)) fields[key] = issue.message;
  }
  return new BadRequestError(error.issues[0]?.message ?? 'Invalid request', fields);
}
