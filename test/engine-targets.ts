import { afterAll, beforeAll } from 'vitest';
import type { Sql } from '@ilera/db';
import type { SearchEngine } from '../search/src/engine';
import type { SearchDocument } from '../search/src/schema';
import { createTestDatabase } from './support';
import { PostgresEngine } from '../search/src/postgres-engine';
import { TypesenseEngine } from '../search/src/typesense-engine';
import { typesenseTarget } from './typesense-target';

/** One search engine a suite runs on: `describe.each(engineTargets('label'))`. */
export interface EngineTarget {
  name: string;
  /** No relevance or typo tolerance (the Typesense test double). */
  plainWords: boolean;
  make(sql: Sql): Promise<{ engine: SearchEngine; close(): Promise<void> }>;
}

/**
 * Both engines: PostgreSQL, and Typesense on the 27.1 test double or on a real server when TYPESENSE_URL
 * is set (test/typesense-target.ts). `label` prefixes the Typesense collections of the suite.
 */
export function engineTargets(label: string): EngineTarget[] {
  return [
    {
      name: 'PostgresEngine',
      plainWords: false,
      make: async (sql) => {
        const engine = new PostgresEngine(sql);
        return { engine, close: () => engine.close() };
      },
    },
    {
      name: typesenseTarget.name,
      plainWords: !typesenseTarget.real,
      make: async () => {
        const server = await typesenseTarget.start();
        const engine = new TypesenseEngine(server.options(label));
        return { engine, close: async () => (await engine.close(), await server.close()) };
      },
    },
  ];
}

/**
 * A suite's engine on `target`: its hooks make a fresh database, the engine, its collections and these documents,
 * and close them after. `engine` is there from the suite's first test on.
 */
export function engineSuite(target: EngineTarget, docs: { professionals: SearchDocument[]; institutions: SearchDocument[] }): { readonly engine: SearchEngine } {
  let db: { sql: Sql } | undefined;
  let made: { engine: SearchEngine; close(): Promise<void> } | undefined;
  beforeAll(async () => {
    db = await createTestDatabase();
    made = await target.make(db.sql);
    await made.engine.ensureCollections();
    await made.engine.upsert('professionals', docs.professionals);
    await made.engine.upsert('institutions', docs.institutions);
  });
  afterAll(async () => {
    await made?.close();
    await db?.sql.end({ timeout: 2 });
  });
  return {
    get engine() {
      return made!.engine;
    },
  };
}
