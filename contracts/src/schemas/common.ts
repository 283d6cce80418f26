// Building blocks shared by the request schemas. Messages are the spec's, word for
// word; the ones marked "ours" fill places where the spec shows none.
import { z } from 'zod';

/** True for an absolute http(s) URL. Other schemes (javascript:, data:) are refused. */
export function isHttpUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
}

/**
 * An optional text field that is either empty or an http(s) URL: '' is kept as ''
 * (forms start empty), anything else must be a URL, with the given message.
 */
export function urlOrEmpty(message: string) {
  return z
    .string()
    .trim()
    .max(2048, { message })
    .refine((v) => v === '' || isHttpUrl(v), { message })
    .optional();
}

/** An optional text field that is either empty or an e-mail address. */
export function emailOrEmpty(message: string) {
  return z
    .string()
    .trim()
    .max(254, { message })
    .refine((v) => v === '' || z.string().email().safeParse(v).success, { message })
    .optional();
}

/** Optional free text, trimmed, with a maximum length. */
export function optionalText(max = 200) {
  return z
    .string()
    .trim()
    .max(max, { message: `Must be at most ${max} characters` }) // ours
    .optional();
}

/** A required e-mail address (trimmed), with the given message. */
export function emailField(message: string) {
  return z.string().trim().max(254, { message }).email({ message });
}

/** Values read from a query string or a form: '' (and null) mean "not given". */
export function emptyToUndefined(v: unknown): unknown {
  if (Array.isArray(v)) v = v[0];
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'string' && v.trim() === '') return undefined;
  return v;
}

/**
 * For a value about to meet z.coerce.number(): its Number(value) throws (a 500) on an object or
 * array holding an object whose toString/valueOf is not a function (`{"toString": 1}`), so objects
 * and arrays become NaN, refused as not a number (found by test/fuzz).
 */
export function objectToNaN(v: unknown): unknown {
  return typeof v === 'object' && v !== null ? NaN : v;
}

/** An optional whole number from a form or a query string ('' means not given). */
export function optionalInt(min: number, max: number, message: string) {
  return z.preprocess(
    (v) => objectToNaN(emptyToUndefined(v)),
    z.coerce
      .number({ invalid_type_error: message })
      .int({ message })
      .min(min, { message })
      .max(max, { message })
      .optional(),
  );
}

/** The largest id a profile can have (PostgreSQL `integer`). */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * Exactly one of professionalId / institutionId, each a positive integer or null. Capped at the
 * column's range: a larger number failed in PostgreSQL as a 500 (found by test/fuzz).
 */
/**
 * A row id in a path (every route's one rule): digits naming a PostgreSQL integer, else
 * the route answers 404 with `notFound` (an id that cannot exist names nothing).
 */
export function pathId(notFound: string) {
  return z
    .string()
    .regex(/^\d{1,10}$/, { message: notFound })
    .transform(Number)
    .refine((id) => id >= 1 && id <= MAX_ROW_ID, { message: notFound });
}

/** `{ id }` path params (see pathId). */
export const idParams = (notFound: string) => z.object({ id: pathId(notFound) });

export const targetIdField = z.number().int().positive().max(MAX_ROW_ID, { message: 'No such profile' }).nullable().optional(); // ours

export const TARGET_MESSAGE = 'Choose either a professional or an institution'; // ours

export function hasExactlyOneTarget(v: { professionalId?: number | null; institutionId?: number | null }): boolean {
  return (v.professionalId != null) !== (v.institutionId != null);
}

/** Trim, drop empties and remove duplicates (case-insensitive, first spelling wins). */
export function dedupeStrings(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const v = raw.trim();
    const key = v.toLowerCase();
    if (!v || seen.has(key)) continue;
    seen.add(key);
    out.push(v);
  }
  return out;
}

/** A z.enum over a readonly tuple, with one message for every failure. */
export function enumField<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values as unknown as [T[number], ...T[number][]], {
    errorMap: () => ({ message }),
  });
}

/** Years of experience, as the registration and profile forms take it (0 when left out). */
export const yearsOfExperienceField = z
  .preprocess(
    objectToNaN,
    z.coerce
      .number({ invalid_type_error: 'Years of experience must be a number' }) // ours
      .int({ message: 'Years of experience must be a whole number' }) // ours
      .min(0, { message: 'Years of experience cannot be negative' })
      .max(80, { message: 'Years of experience must be at most 80' }), // ours
  )
  .default(0);
