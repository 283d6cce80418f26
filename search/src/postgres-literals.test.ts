import { createServer, connect, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSql, type Sql } from '@ilera/db';
import { createTestDatabase } from '../../test/support';
import { inlined, LiteralError, readInlined } from './postgres-literals';

/**
 * Decision 074: the engine's unprepared statements carry their values as literals, so that postgres.js sends
 * each in one flight. The literals must read back in PostgreSQL as exactly the values the parameters carried,
 * whatever the text holds (quotes, backslashes, braces, commas, NULL-looking words, non-ASCII), and a statement
 * must reach the server in one write where the parameterised one needs two.
 */

const texts = [
  'plain',
  "O'Brien",
  "''",
  'back\\slash',
  '\\',
  '"quoted"',
  '{braces},commas',
  'NULL',
  'obstetrician & gynaecologist',
  "'); DROP TABLE search_documents; --",
  'Ìbàdàn Ọ̀yọ́ ńlá',
  '$1 $2',
  '',
  ' space ',
];

let db: { url: string; sql: Sql };
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.sql.end({ timeout: 2 });
});

describe('values inlined as literals', () => {
  it('reads back every text, alone and in arrays, as the parameter did', async () => {
    const text = 'SELECT $1::text AS one, $2::text[] AS many, ($2::text[])[3] IS NULL AS gap, cardinality($2::text[]) AS size, $3::text[] AS empty';
    for (const t of texts) {
      const values = [t, [t, 'other', null, t], []];
      const [asParams] = await db.sql.unsafe(text, values as never[]);
      const [asLiterals] = await readInlined<Record<string, unknown>>(db.sql, text, values);
      expect(asLiterals).toMatchObject({ one: t, gap: true, size: 4, empty: [] });
      const many = asLiterals.many as string[];
      expect([many[0], many[1], many[3]]).toEqual([t, 'other', t]);
      expect(asLiterals).toEqual(asParams);
    }
  });

  it('reads back numbers, integer arrays, booleans and NULL as the parameters did', async () => {
    const text = 'SELECT $1::int AS i, $2::float8 AS f, $3::int[] AS ids, $4::bool AS b, $5::text AS n, $6::int + $7::int AS sum, $8::int + $9::int AS zero, $10::int AS tenth';
    const values = [-42, 0.1 + 0.2, [3, 1, 2, 2147483647], true, null, 20, 40, 0, 0, 7];
    const [asParams] = await db.sql.unsafe(text, values as never[]);
    const [asLiterals] = await readInlined<Record<string, unknown>>(db.sql, text, values);
    expect(asLiterals).toEqual({ i: -42, f: 0.30000000000000004, ids: [3, 1, 2, 2147483647], b: true, n: null, sum: 60, zero: 0, tenth: 7 });
    expect(asLiterals).toEqual(asParams);
  });

  it('refuses what has no safe literal rather than sending it', () => {
    expect(() => inlined('SELECT $1::text', ['a\0b'])).toThrow(LiteralError);
    expect(() => inlined('SELECT $1::float8', [Number.NaN])).toThrow(LiteralError);
    expect(() => inlined('SELECT $1::text', [{ an: 'object' }])).toThrow(LiteralError);
    expect(() => inlined('SELECT $2::text', ['only one'])).toThrow(LiteralError);
  });
});

describe('one flight a statement', () => {
  // A TCP relay in front of PostgreSQL that counts the client's writes as they arrive: a statement that waits
  // for the server's description of its parameters before it binds them reaches the server in two writes.
  let relay: Server;
  let port = 0;
  const flights: number[] = [];
  beforeAll(async () => {
    const target = new URL(db.url);
    relay = createServer((client) => {
      const server = connect(Number(target.port || 5432), target.hostname);
      client.on('data', (chunk) => {
        flights.push(chunk.length);
        server.write(chunk);
      });
      server.pipe(client);
      client.on('close', () => server.destroy());
      server.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    port = (relay.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => relay.close(() => resolve())));

  async function writesFor(run: (sql: Sql) => Promise<unknown>): Promise<number> {
    const url = new URL(db.url);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    const sql = createSql(url.toString(), { max: 1 });
    try {
      await sql`SELECT 1`; // connected, types fetched
      await new Promise((r) => setTimeout(r, 50));
      const before = flights.length;
      await run(sql);
      return flights.length - before;
    } finally {
      await sql.end({ timeout: 2 });
    }
  }

  it('sends an unprepared statement with its values inlined in one write, where parameters take two', async () => {
    const text = 'SELECT count(*)::int AS n FROM unnest($1::int[]) AS k(id) WHERE id <> $2::int';
    const values = [[1, 2, 3], 2];
    expect(await writesFor((sql) => sql.unsafe(text, values as never[]))).toBe(2);
    expect(await writesFor((sql) => readInlined(sql, text, values))).toBe(1);
  });
});
