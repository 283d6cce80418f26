/**
 * D15 under load (issue 48): during the mixed scenario, changes an administrator or an owner makes
 * are written one after another as the services write them (the row, and a `search.professional`
 * outbox event in one transaction), and the search API is polled until each shows:
 * - approval: a pending professional approved; searchable by name, type, specialty, state and city;
 * - edit: the approved professional moves to another city of the same state; the same search with the
 *   new city shows them;
 * - withdrawal: the approval withdrawn (back to pending); the same search no longer shows them.
 * Each change's delay runs from its commit to the answer that shows it, and is split into stages from
 * the outbox row (relayed), its index job (queued, started, finished) and the answer (sent, received).
 * Everything is put back afterwards (restoreChanged).
 */
import { emit, type Sql } from '@ilera/db';
import type { Queues } from '@ilera/workers';

export interface Pending {
  id: number;
  firstName: string;
  lastName: string;
  professionalType: string;
  specialty: string;
  state: string;
  city: string;
}

export type ChangeKind = 'approval' | 'edit' | 'withdrawal';

/** One change: epoch ms (Date.now, the same clock as BullMQ's job times and PostgreSQL's on this machine). */
export interface ChangeTiming {
  kind: ChangeKind;
  id: number;
  outboxId: string;
  committed: number;
  /** The answer that showed the change: when its request was sent and when it came back. */
  sent?: number;
  seen?: number;
  polls: number;
  /** Filled by stageTimes: the outbox row relayed, its job queued, started, finished; the batch it was written in. */
  relayed?: number;
  queued?: number;
  started?: number;
  finished?: number;
  batch?: number;
}

export interface ProbeResult {
  changes: ChangeTiming[];
  /** Professionals changed (to be put back): each with the city it had. */
  touched: Pending[];
}

/** Pending professionals the probe may approve, and the cities of each state it may move them to. */
export async function probeCandidates(sql: Sql, limit: number): Promise<{ candidates: Pending[]; cities: Map<string, string[]> }> {
  const candidates = await sql<Pending[]>`
    SELECT p.id, u.first_name, u.last_name, p.professional_type, p.specialty, p.state, p.city
    FROM professionals p JOIN users u ON u.id = p.user_id
    WHERE p.status = 'pending' AND p.specialty IS NOT NULL AND p.state IS NOT NULL AND p.city IS NOT NULL
    ORDER BY p.id LIMIT ${limit}`;
  const states = [...new Set(candidates.map((c) => c.state))];
  const rows = await sql<{ state: string; cities: string[] }[]>`
    SELECT state, array_agg(DISTINCT city ORDER BY city) AS cities FROM professionals
    WHERE state = ANY(${states}::text[]) AND city IS NOT NULL AND status = 'approved' GROUP BY state`;
  return { candidates, cities: new Map(rows.map((r) => [r.state, r.cities])) };
}

const POLL_LIMIT_MS = 15000;

/**
 * Takes candidates from `next()` until `until()`: approves each, moves it to another city, withdraws
 * it, timing each change to the search answer that shows it.
 */
export async function changeProbe(
  sql: Sql,
  base: string,
  next: () => Pending | undefined,
  cities: Map<string, string[]>,
  until: () => boolean,
): Promise<ProbeResult> {
  const changes: ChangeTiming[] = [];
  const touched: Pending[] = [];
  const write = async (kind: ChangeKind, p: Pending, change: (tx: Sql) => Promise<unknown>, city: string, present: boolean) => {
    const outboxId = await sql.begin(async (tx) => {
      await change(tx as unknown as Sql);
      await emit(tx, 'search.professional', { id: p.id });
      const [{ id }] = await tx<{ id: string }[]>`SELECT currval(pg_get_serial_sequence('outbox', 'id'))::text AS id`;
      return id;
    });
    const t: ChangeTiming = { kind, id: p.id, outboxId, committed: Date.now(), polls: 0 };
    changes.push(t);
    const qs = new URLSearchParams({
      query: `${p.firstName} ${p.lastName}`,
      professionalType: p.professionalType,
      specialty: p.specialty,
      state: p.state,
      city,
      perPage: '50',
    });
    while (Date.now() - t.committed < POLL_LIMIT_MS) {
      const sent = Date.now();
      t.polls++;
      // The probe is one more client (TEST-NET-2 address), outside the simulated patients' limits.
      const res = await fetch(`${base}/api/professionals/search?${qs}`, { headers: { 'x-forwarded-for': '198.51.100.1' } });
      if (res.ok) {
        const body = (await res.json()) as { hits: { id: string }[] };
        if (body.hits.some((h) => String(h.id) === String(p.id)) === present) {
          t.sent = sent;
          t.seen = Date.now();
          break;
        }
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    await new Promise((r) => setTimeout(r, 200));
    return t.seen !== undefined;
  };
  for (;;) {
    if (until()) break;
    const p = next();
    if (!p) break;
    touched.push(p);
    const approved = await write('approval', p, (tx) => tx`UPDATE professionals SET status = 'approved', updated_at = now() WHERE id = ${p.id}`, p.city, true);
    if (!approved || until()) continue;
    const options = (cities.get(p.state) ?? []).filter((c) => c !== p.city);
    if (!options.length) continue;
    const city = options[p.id % options.length]!;
    const edited = await write('edit', p, (tx) => tx`UPDATE professionals SET city = ${city}, updated_at = now() WHERE id = ${p.id}`, city, true);
    if (!edited || until()) continue;
    await write('withdrawal', p, (tx) => tx`UPDATE professionals SET status = 'pending', updated_at = now() WHERE id = ${p.id}`, city, false);
  }
  return { changes, touched };
}

/** Fills each change's stages from its outbox row and its index job (after the probe: no call on the timed path). */
export async function stageTimes(sql: Sql, queues: Queues, changes: ChangeTiming[]): Promise<void> {
  if (!changes.length) return;
  const rows = await sql<{ id: string; processedAt: Date | null }[]>`
    SELECT id::text, processed_at FROM outbox WHERE id = ANY(${changes.map((c) => c.outboxId)}::bigint[])`;
  const relayed = new Map(rows.map((r) => [r.id, r.processedAt?.getTime()]));
  for (const c of changes) {
    c.relayed = relayed.get(c.outboxId);
    const job = await queues.index.getJob(`ob-${c.outboxId}`);
    if (!job) continue;
    c.queued = job.timestamp;
    c.started = job.processedOn;
    c.finished = job.finishedOn;
    const outcome = job.returnvalue as { batch?: number } | null;
    c.batch = outcome?.batch;
  }
}

/** Puts every professional the probe changed back as it was: pending, in its own city, out of the search. */
export async function restoreChanged(sql: Sql, touched: Pending[]): Promise<void> {
  for (const p of touched) {
    await sql.begin(async (tx) => {
      await tx`UPDATE professionals SET status = 'pending', city = ${p.city}, updated_at = now() WHERE id = ${p.id}`;
      await emit(tx, 'search.professional', { id: p.id });
    });
  }
}

const at = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

export interface Spread {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function spread(values: number[]): Spread {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return { n: v.length, p50: at(v, 50), p95: at(v, 95), p99: at(v, 99), max: v[v.length - 1] ?? NaN };
}

/** The delays (commit to the answer that showed it) of every change and of each kind, and where the time went. */
export function summarize(changes: ChangeTiming[]) {
  const seen = changes.filter((c) => c.seen !== undefined);
  const delay = (c: ChangeTiming) => c.seen! - c.committed;
  const kinds = Object.fromEntries(
    (['approval', 'edit', 'withdrawal'] as const).map((k) => [k, spread(seen.filter((c) => c.kind === k).map(delay))]),
  ) as Record<ChangeKind, Spread>;
  const d = (a?: number, b?: number) => (a === undefined || b === undefined ? NaN : b - a);
  const stages: Record<string, Spread> = {
    'commit -> relayed (outbox row processed)': spread(seen.map((c) => d(c.committed, c.relayed))),
    'relayed -> job started (queue wait)': spread(seen.map((c) => d(c.queued, c.started))),
    'job started -> finished (batch wait + index write)': spread(seen.map((c) => d(c.started, c.finished))),
    'job finished -> answer sent (poll gap, in-flight poll)': spread(seen.map((c) => Math.max(0, d(c.finished, c.sent)))),
    'answer sent -> received (one search)': spread(seen.map((c) => d(c.sent, c.seen))),
  };
  return {
    all: spread(seen.map(delay)),
    kinds,
    missed: changes.length - seen.length,
    stages,
    batch: spread(seen.map((c) => c.batch ?? NaN)),
    polls: spread(seen.map((c) => c.polls)),
  };
}
