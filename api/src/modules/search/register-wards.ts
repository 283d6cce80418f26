// The register's wards as places (issue 33): each API process keeps the wards of the imported
// listings (register_wards, migration 040, kept by the importer) as query understanding's
// RegisterWards, loaded from the database and cached. A search never waits for the database
// except the very first one of a process; afterwards the cache is checked at most every 30 s, in
// the background, and reloaded only when an import has finished since (register_imports).
import type { Sql } from '@ilera/db';
import { RegisterWards, type RegisterWard } from '@ilera/search';

const CHECK_EVERY_MS = 30_000;

export class RegisterWardsCache {
  private wards: RegisterWards | undefined;
  /** The last finished import when the wards were read; undefined until the first load. */
  private version: string | null | undefined;
  private checkedAt = 0;
  private loading: Promise<void> | undefined;

  constructor(
    private readonly sql: Sql,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  /** The wards as last read (undefined when there are none or they cannot be read). */
  async current(): Promise<RegisterWards | undefined> {
    if (!this.loading && Date.now() - this.checkedAt >= CHECK_EVERY_MS) {
      this.loading = this.refresh()
        .catch(this.onError)
        .finally(() => (this.loading = undefined));
    }
    if (this.version === undefined && this.loading) await this.loading;
    return this.wards;
  }

  /** Reads the wards again if an import finished since they were read (tests call it after importing). */
  async refresh(): Promise<void> {
    this.checkedAt = Date.now();
    const [row] = await this.sql<{ version: string | null }[]>`SELECT max(finished_at)::text AS version FROM register_imports`;
    const version = row?.version ?? null;
    if (version === this.version) return;
    const wards = await this.sql<RegisterWard[]>`SELECT ward, lga, state FROM register_wards`;
    this.wards = wards.length ? new RegisterWards(wards) : undefined;
    this.version = version;
  }
}

const caches = new WeakMap<Sql, RegisterWardsCache>();

/** The wards cache of a database handle (one per API process). */
export function registerWards(sql: Sql, onError?: (err: unknown) => void): RegisterWardsCache {
  let cache = caches.get(sql);
  if (!cache) {
    cache = new RegisterWardsCache(sql, onError);
    caches.set(sql, cache);
  }
  return cache;
}
