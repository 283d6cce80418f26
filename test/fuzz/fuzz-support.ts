/**
 * Generated junk for the API's write endpoints (fast-check), and the checks every
 * answer must pass: never a 5xx; a refusal is 4xx JSON with a message; a refused
 * request leaves every table as it was. Not a test file itself.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Sql } from '@ilera/db';
import type { TestContext } from '../support';

/** Strings that have broken web APIs before: NUL, lone surrogates, huge, injection-shaped, number-shaped. */
const nastyString = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '💊🇳🇬',
  'é'.normalize('NFD'),
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '%00',
  '../../etc/passwd',
  'null',
  'NaN',
  '-1',
  '0',
  '1e309',
  '9007199254740993',
  'javascript:alert(1)',
  'http://',
  'http://a',
  'https://example.ng/a.png',
  '2026-13-45T99:99:99Z',
  '2099-01-01T10:00:00+01:00',
  '\n\t\r',
  ' '.repeat(300),
  '１２３',
  'a'.repeat(3000),
  'ab'.repeat(40_000),
  '__proto__',
);

export const junkString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: nastyString },
  { weight: 2, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: 'binary' }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 300 }) },
);

const junkNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 0.5, 2 ** 31, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308, Number.MIN_VALUE),
);

const junkKey = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', ''));

/** Any JSON value: scalars of every kind, and nested arrays and objects of them. */
export const junkValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    junkString,
    junkNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(junkKey, tie('value'), { maxKeys: 5 }),
  ),
})).value;

/**
 * A body close to a valid one: each field kept, dropped or replaced by junk,
 * sometimes with extra junk fields, so the requests get past the first check.
 */
export function nearValid(valid: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.fromEntries(
    Object.entries(valid).map(([key, value]) => [
      key,
      fc.oneof(
        { weight: 4, arbitrary: fc.constant(value) },
        { weight: 1, arbitrary: fc.constant(undefined) },
        { weight: 2, arbitrary: junkValue },
        // Text that still looks like the field's (and so passes its checks) with junk inside.
        {
          weight: typeof value === 'string' ? 2 : 0,
          arbitrary: fc
            .tuple(junkString, fc.nat(String(value).length))
            .map(([junk, at]) => `${String(value).slice(0, at)}${junk}${String(value).slice(at)}`),
        },
      ),
    ]),
  );
  const keys = Object.keys(valid);
  const manyChanged = fc
    .tuple(fc.record(fields), fc.option(fc.dictionary(junkKey, junkValue, { maxKeys: 3 }), { freq: 4 }))
    .map(([body, extra]) => {
      const out: Record<string, unknown> = { ...(extra ?? {}) };
      for (const [k, v] of Object.entries(body)) if (v !== undefined) out[k] = v;
      return out;
    });
  if (!keys.length) return manyChanged;
  // One field changed, the others valid: what gets furthest into the service.
  const oneChanged = fc
    .constantFrom(...keys)
    .chain((key) => fields[key].map((v) => ({ ...valid, [key]: v })))
    .map((body) => Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)));
  return fc.oneof(manyChanged, oneChanged);
}

/** Text that is not (quite) JSON, sent as application/json. */
const brokenJson = fc.oneof(
  fc.string(),
  fc.constantFrom('{', '{"a":', '[1,2', '{"email": "a@b.ng",}', 'null', '"text"', '12', 'true', '[]', '{}', '\u0000'),
  fc.constantFrom('{"__proto__": {"isAdmin": true}}', '{"constructor": {"prototype": {"x": 1}}}'),
);

export interface Payload {
  /** A value sent as JSON, or raw text. */
  body: unknown;
  raw?: boolean;
  contentType: string;
}

/** What a client may send as a body: mostly near-valid, also any JSON, broken JSON, other media types. */
export function payloads(valid: unknown): fc.Arbitrary<Payload> {
  const json = (body: unknown): Payload => ({ body, contentType: 'application/json' });
  const near: fc.Arbitrary<unknown> = Array.isArray(valid)
    ? fc.array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...valid) }, { weight: 1, arbitrary: junkValue }), { maxLength: 8 })
    : valid && typeof valid === 'object'
      ? nearValid(valid as Record<string, unknown>)
      : fc.constant(valid);
  return fc.oneof(
    { weight: 12, arbitrary: near.map(json) },
    { weight: 4, arbitrary: junkValue.map(json) },
    { weight: 2, arbitrary: brokenJson.map((body): Payload => ({ body, raw: true, contentType: 'application/json' })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.string(), fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/json; charset=latin1'))
        .map(([body, contentType]): Payload => ({ body, raw: true, contentType })),
    },
  );
}

/** Path segments a client may put where an id belongs. */
export const junkId: fc.Arbitrary<string> = fc
  .oneof(
    fc.integer({ min: -5, max: 2 ** 31 + 5 }).map(String),
    fc.constantFrom('0', '1', '2147483648', '99999999999999999999', '1.5', '-1', '1e3', 'abc', '%00', '%2e%2e', 'null', '%F0%9F%92%8A'),
    // A lone surrogate cannot be encoded: its would-be bytes (invalid UTF-8) are junk worth sending too.
    junkString.map((s) => {
      try {
        return encodeURIComponent(s);
      } catch {
        return '%ED%A0%80';
      }
    }),
  )
  .filter((s) => s.length > 0 && s.length < 2000);

const FINGERPRINTED = [
  'users',
  'user_passwords',
  'professionals',
  'institutions',
  'professional_institutions',
  'appointments',
  'reviews',
  'outbox',
  'password_reset_tokens',
  // Issue 45: care facts, plans and the lists admins keep.
  'care_facts',
  'provider_plans',
  'payers',
  'public_holidays',
  // An administrator's refused request is audited as a failure by design: only the rest must not change.
  "audit_log WHERE outcome <> 'failure'",
] as const;

/**
 * One digest of every row of the tables a write can touch: equal digests mean nothing was written. Each table's
 * row count and the sum of its rows' hashes (order-free: no sort of every row's text, which md5 over the rows
 * in order needed; the digest is taken hundreds of times a file, over tables that grow with each accepted write).
 */
export async function fingerprint(sql: Sql): Promise<string> {
  const parts = FINGERPRINTED.map((t) => {
    const [table, ...where] = t.split(' ');
    return `SELECT '${table}' || ':' || count(*) || ':' || coalesce(sum(hashtextextended(x::text, 0)), 0) AS d FROM ${table} x ${where.join(' ')}`;
  }).join(' UNION ALL ');
  const [row] = await sql.unsafe<{ d: string }[]>(`SELECT string_agg(d, ',' ORDER BY d) AS d FROM (${parts}) s`);
  return row.d;
}

let ip = 0;
/** A fresh client address per request (the tests trust X-Forwarded-For from loopback), so per-address limits stay out. */
const nextAddress = () => `10.77.${(++ip >> 8) & 255}.${ip & 255}`;

export interface FuzzTarget {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path, fixed or generated (ids). */
  url: string | fc.Arbitrary<string>;
  /** A valid body, the seed of the near-valid ones. */
  valid: unknown;
  /** Bodies to send instead of payloads(valid), for a body whose interesting part is nested. */
  payloads?: fc.Arbitrary<Payload>;
  /** The session cookie to send, if any (read at each case: it may be renewed). */
  cookie?: () => string | undefined;
  numRuns?: number;
  /** Checks of a 2xx answer beyond "not a 5xx"; may wait for work the endpoint does after answering. */
  accepted?: (status: number, answer: any, payload: Payload) => void | Promise<void>;
}

export interface FuzzSummary {
  runs: number;
  statuses: Record<number, number>;
}

/**
 * Sends `numRuns` generated requests to one endpoint and checks each answer.
 * Returns how many answers of each status were seen (the tests check junk reached
 * past the first refusal).
 */
export async function fuzz(ctx: TestContext, target: FuzzTarget): Promise<FuzzSummary> {
  const statuses: Record<number, number> = {};
  const urls = typeof target.url === 'string' ? fc.constant(target.url) : target.url;
  const numRuns = target.numRuns ?? 200;
  // The digest after a refused request (checked equal to the one before it) is the state before the next request:
  // taken again only after an accepted one, which writes.
  let current: string | undefined;
  await fc.assert(
    fc.asyncProperty(urls, target.payloads ?? payloads(target.valid), fc.nat(9).map((n) => n < 8), async (url, payload, signedIn) => {
      const cookie = signedIn || !target.cookie ? target.cookie?.() : undefined;
      const before = current ?? (await fingerprint(ctx.sql));
      current = undefined;
      const res = await ctx.app.inject({
        method: target.method,
        url,
        headers: {
          'content-type': payload.contentType,
          'x-forwarded-for': nextAddress(),
          ...(cookie ? { cookie } : {}),
        },
        payload: payload.raw ? (payload.body as string) : JSON.stringify(payload.body),
      });
      statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
      const what = `${target.method} ${url} ${res.statusCode} ${res.body.slice(0, 300)}`;
      expect(res.statusCode, what).toBeLessThan(500);
      if (res.statusCode >= 400) {
        expect(res.headers['content-type'], what).toMatch(/^application\/json/);
        const answer = res.json();
        expect(typeof answer.message, what).toBe('string');
        expect(answer.message.length, what).toBeGreaterThan(0);
        const after = await fingerprint(ctx.sql);
        expect(after, `${what}: a refused request changed the database`).toBe(before);
        current = after;
      } else {
        await target.accepted?.(res.statusCode, res.json(), payload);
      }
    }),
    // A failure prints its seed; FUZZ_SEED=<seed> replays the same cases.
    { numRuns, endOnFailure: true, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
  );
  return { runs: numRuns, statuses };
}

/** Some junk must get past the first check: a fuzz run answered by one kind of refusal only tested nothing deeper. */
export function reachedPastFirstCheck(s: FuzzSummary): void {
  expect(Object.keys(s.statuses).length, JSON.stringify(s.statuses)).toBeGreaterThan(1);
}
