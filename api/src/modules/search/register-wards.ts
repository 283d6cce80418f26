// The register's wards as places (issue 33): each API process keeps the wards of the imported
// listings (register_wards, migration 040, kept by the importer) as query understanding's
// RegisterWards, loaded from the database and cached. The API starts reading them when it starts;
// only a search arriving before that first read is done waits for it; afterwards the cache is checked
// at most every 30 s, in the background, and reloaded only when an import has finished since
// (register_imports). Building the vocabularies takes a few hundred ms for 10,000 wards, in that
// background read. Issue 45: the payer list's names too (read as their plans), reloaded when a payer
// was added, changed or deleted since.
import type { Sql } from '@ilera/db';
import { RegisterWards, type PayerName, type RegisterWard } from '@ilera/search';

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

  /** Starts reading the wards if they are due (the API calls it at start, so the first search finds them read). */
  check(): void {
    if (this.loading || Date.now() - this.checkedAt < CHECK_EVERY_MS) return;
    const loading: Promise<void> = this.read()
      .catch(this.onError)
      .finally(() => {
        if (this.loading === loading) this.loading = undefined;
      });
    this.loading = loading;
  }

  /** The wards as last read (undefined when there are none or they cannot be read); only a first read is waited for. */
  async current(): Promise<RegisterWards | undefined> {
    this.check();
    if (this.version === undefined && this.loading) await this.loading;
    return this.wards;
  }

  /** Reads the wards again now if an import finished since they were read (tests call it after importing). */
  async refresh(): Promise<void> {
    if (this.loading) await this.loading;
    await this.read();
  }

  private async read(): Promise<void> {
    this.checkedAt = Date.now();
    const [row] = await this.sql<{ version: string | null }[]>`
      SELECT concat_ws('|', (SELECT max(finished_at)::text FROM register_imports),
        (SELECT count(*) || '@' || coalesce(max(updated_at)::text, '') FROM payers)) AS version`;
    const version = row?.version ?? null;
    if (version === this.version) return;
    const [wards, payers] = await Promise.all([
      this.sql<RegisterWard[]>`SELECT ward, lga, state FROM register_wards`,
      this.sql<PayerName[]>`SELECT slug, name, kind FROM payers ORDER BY slug`,
    ]);
    // The vocabularies are built here, in the background, not by the search that first needs them.
    this.wards = wards.length || payers.length ? new RegisterWards(wards, payers).prepare() : undefined;
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
