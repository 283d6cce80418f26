// A statement's values written into its text as literals, so that postgres.js sends it in one flight.
//
// postgres.js (3.4.9, the latest) sends an unprepared statement that has parameters in two round trips: Parse,
// Describe and Flush first, then, when PostgreSQL has said the parameters' types, Bind and Execute
// (connection.js `build`: `describeFirst = parameters.length && !prepared`); it needs the types to write arrays
// and other values. A statement without parameters goes in one (Parse, Describe, Bind, Execute, Sync). The
// engine's statements whose texts change with the search (key lists, words, tiers) are not prepared (their plans
// depend on the values, and each text would stay prepared on every connection), so each cost two round trips:
// two writes to the socket and two wake-ups of the API and of PostgreSQL (decision 074).
//
// Each `$n` becomes an escaped literal of the value, typed as the parameter was: unknown, resolved by the cast
// the text already writes beside it (`$1::int[]`, `$2::text`). PostgreSQL plans an unnamed statement for its
// parameters' values anyway, so the plan is the one the parameters had. The text is sent with the extended
// protocol and no parameters (never the simple one: one statement only).

import type { Sql } from '@ilera/db';

/** Thrown for a value that has no literal here (a programming error: the engine writes only these kinds). */
export class LiteralError extends Error {}

/** `E'...'` with backslashes and quotes escaped: the same text whatever standard_conforming_strings says. */
function quoted(text: string): string {
  if (text.includes('\0')) throw new LiteralError('A text value holds a NUL character');
  return `E'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

function number(n: number | bigint): string {
  if (typeof n === 'number' && !Number.isFinite(n)) throw new LiteralError(`Not a finite number: ${n}`);
  return String(n);
}

/** An element of an array's text form (PostgreSQL's array input syntax). */
function element(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number' || typeof v === 'bigint') return number(v);
  if (typeof v === 'boolean') return v ? 't' : 'f';
  if (typeof v === 'string') return `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  if (Array.isArray(v)) return arrayText(v);
  throw new LiteralError(`No array element literal for ${typeof v}`);
}

function arrayText(values: readonly unknown[]): string {
  return `{${values.map(element).join(',')}}`;
}

/** One value's literal. Numbers, booleans and arrays are quoted too: untyped, like a parameter of type 0. */
export function literal(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'string') return quoted(v);
  if (typeof v === 'number' || typeof v === 'bigint') return `'${number(v)}'`;
  if (typeof v === 'boolean') return v ? "'t'" : "'f'";
  if (Array.isArray(v)) return quoted(arrayText(v));
  if (v instanceof Date) return `'${v.toISOString()}'`;
  throw new LiteralError(`No literal for ${typeof v}`);
}

/**
 * The statement's text with each `$n` replaced by its value's literal. The engine's texts hold `$` only as
 * parameters (no dollar quoting, no `$` in their own literals). A `$n` past the values is an error, as it is
 * in PostgreSQL.
 */
export function inlined(text: string, values: readonly unknown[]): string {
  if (values.length === 0) return text;
  const literals = values.map(literal);
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const i = Number(n) - 1;
    if (i >= literals.length) throw new LiteralError(`No value for $${n}`);
    return literals[i];
  });
}

/**
 * Reads an unprepared statement in one flight: its values inlined, sent with the extended protocol (postgres.js
 * uses the simple one for a text without parameters unless told not to; `simple` is missing from its types).
 */
export function readInlined<T extends object>(sql: Sql, text: string, values: readonly unknown[]): Promise<T[]> {
  return sql.unsafe(inlined(text, values), [], { prepare: false, simple: false } as never) as unknown as Promise<T[]>;
}
