// A statement of the PostgreSQL engine and its numbered parameters: what postgres-sql.ts (filters, the
// page of hits), postgres-typos.ts (words to terms), postgres-geo.ts (distances, cells) and
// postgres-counts.ts write. Kept apart so that those import it and not each other (issue 48's import circle).

import { SearchParamsError } from './engine';
import type { CollectionName } from './schema';

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
export function ident(name: string): string {
  // Field names reach SQL only after the schema check; this is a second guard.
  if (!IDENT.test(name)) throw new SearchParamsError(`Bad field name ${name}`);
  return name;
}

/**
 * The collection as a literal (one of two names, checked by the schema): the
 * professionals' rating index is partial (009_search_speed.sql), and a prepared
 * statement's plan can use a partial index only if the condition is in its text.
 */
export const collectionLiteral = (c: CollectionName) => `'${ident(c)}'::text`;

/** Values numbered as they are added: `p.add(v)` is the `$n` that stands for v. */
export class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

export interface SqlQuery {
  text: string;
  values: unknown[];
  /** Answered from the cube (small tables only). */
  cube?: boolean;
  /** Its plan does not depend on the values: prepared once, planned once. */
  prepare?: boolean;
  /**
   * The rows are every key's (countQuery's `everyKey`): only these keys' rows, key rows and array
   * value rows alike, are the search's counts.
   */
  keysAfter?: readonly number[];
}
