// COPY ... FROM STDIN in PostgreSQL's text format: the fastest way in, whatever the size.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../client';

export type Cell = string | number | boolean | null | undefined;

const SPECIAL = /[\\\t\n\r]/;

/** One value in COPY text format: NULL is \N; backslash, tab and line breaks are escaped. */
export function cell(v: Cell): string {
  if (v === null || v === undefined) return '\\N';
  if (typeof v === 'boolean') return v ? 't' : 'f';
  if (typeof v === 'number') return String(v);
  if (!SPECIAL.test(v)) return v;
  return v.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

export function line(values: readonly Cell[]): string {
  let s = cell(values[0]);
  for (let i = 1; i < values.length; i++) s += '\t' + cell(values[i]);
  return s + '\n';
}

/** A text[] literal: every element quoted, so spaces and commas are safe. */
export function pgArray(items: readonly string[]): string {
  return `{${items.map((s) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

export interface Progress {
  update(done: number): void;
  stop(): void;
}
export type ProgressFactory = (table: string, total: number) => Progress;

/**
 * Streams rows into `table` with COPY. `rows` yields one line per row (see `line`);
 * they are sent in ~256 KB chunks with backpressure, so memory stays flat at any size.
 */
export async function copyRows(
  db: Db,
  table: string,
  columns: readonly string[],
  total: number,
  rows: () => Iterable<string>,
  progress?: ProgressFactory,
): Promise<number> {
  const bar = progress?.(table, total);
  let count = 0;
  function* chunks(): Generator<string> {
    let buf = '';
    for (const row of rows()) {
      buf += row;
      count++;
      if (buf.length >= 262144) {
        yield buf;
        buf = '';
        bar?.update(count);
      }
    }
    if (buf) yield buf;
  }
  const target = await db.unsafe(`COPY ${table} (${columns.join(', ')}) FROM STDIN`).writable();
  await pipeline(Readable.from(chunks(), { objectMode: false }), target);
  bar?.update(count);
  bar?.stop();
  return count;
}
