import path from 'node:path';
import type { Config } from './env';
import { ensureDatabase, startEmbeddedPostgres } from './embedded';

export interface DatabaseHandle {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

/** DATABASE_URL when set; otherwise the embedded PostgreSQL under DATA_DIR/postgres. */
export async function resolveDatabase(config: Config): Promise<DatabaseHandle> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: false, stop: async () => {} };
  const pg = await startEmbeddedPostgres(path.join(config.dataDir, 'postgres'));
  const url = await ensureDatabase(pg.url, 'ilera');
  return { url, embedded: true, stop: pg.stop };
}
