/**
 * Issue 17's "searchable within 2 s" under a burst: `npm run bench -- --only next-slot-burst`
 * (or any run without --only) books the next free slot of BURST different professionals as
 * fast as the API takes them, then watches each one's next slot move in the search index.
 *
 * - Targets: professionals with a next slot in the index, each booked at its first free slot as
 *   the API's schedule call gives it (at least LEAD_MS ahead, so that it cannot pass during the run;
 *   15 minutes excluded most professionals for a quarter of each half hour): an indexed slot earlier today
 *   may have passed (decision 012: the roll-over is nightly), and a booking in the past is refused.
 * - Bookings: POST /api/appointments at that slot, CONCURRENCY at a time, by the signed-in
 *   bench patients, each from its own simulated address; each booking writes its appointment
 *   and a `search.professional` event in one transaction.
 * - Searchable: the index row that both search calls read (`search_documents.next_slot`) is
 *   polled every POLL_MS for all of them; the delay is from the booking's answer to the poll
 *   that sees a next slot later than the one booked (or none). Then, for every tenth one, the REST search itself is asked
 *   (its name, specialty and state) and must show the new slot.
 * - Throughput: the outbox rows of the burst (created, relayed: processed_at) and the index
 *   rows seen moving, per second, from the first booking to the last change.
 */
import type { Sql } from '@ilera/db';
import type { Queues } from '@ilera/workers';
import { clientAddress, type Fixtures } from './scenarios';

export const BURST = 1000;
const CONCURRENCY = 16;
const POLL_MS = 50;
const GIVE_UP_MS = 30_000;
const LEAD_MS = 3 * 60_000;

export interface BurstResult {
  booked: number;
  refused: Record<string, number>;
  /** Seconds from the first booking sent to the last answered. */
  bookingSeconds: number;
  /** Booking answer to index moved, ms, one per booked provider seen moving. */
  delays: number[];
  /** Booked providers whose next slot had not moved GIVE_UP_MS after the last booking. */
  missed: number;
  /** Index rows seen moving per second, from the first booking to the last move. */
  indexedPerSecond: number;
  outbox: { events: number; relayedPerSecond: number; lastRelayMs: number };
  /** REST searches asked after the move, and how many showed the new slot. */
  searchChecked: number;
  searchShowed: number;
  /**
   * Where each moved provider's delay went, ms (p50, p95, max over the providers), from the wall-clock
   * stamps of each stage: the booking transaction's start (its outbox row's created_at) to the relay
   * marking the row (processed_at); the row relayed to its index job starting (BullMQ's processedOn);
   * the job's start to its document written (search_documents.updated_at); the write to the poll
   * that saw it. Absent when the bench could not read the index queue.
   */
  stages?: Record<string, { p50: number; p95: number; max: number; n: number }>;
  /** CPU ms per booking from the first booking to the end of the watch (bench/run.ts's probe). */
  cpuPerBooking?: { api: number; workers: number; postgres: number };
  cpuSeconds?: number;
  /** Index jobs found for the burst's events (one per event: the worker coalesces them into batches). */
  indexJobs?: number;
  /** Per moved provider, epoch ms: tx start, relayed, job added, job started, job finished, written, seen (the JSON report). */
  trace?: number[][];
}

interface Target {
  id: number;
  slot: number;
  name: string;
  specialty: string;
  state: string;
}

/** CPU ms so far of the API processes, the workers process and each PostgreSQL backend (by pid) of the database. */
export type CpuProbe = () => Promise<{ api: number; workers: number; postgres: Record<string, number> }>;

export async function nextSlotBurst(
  sql: Sql,
  base: string,
  cookies: string[],
  fx: Fixtures,
  count = BURST,
  queues?: Queues,
  cpu?: CpuProbe,
  /**
   * Bookings made first, and waited for, outside the figures: a deployment's workers process has
   * been running for a while, the bench's was started seconds before (its first batches open
   * connections and fill caches). 0 measures that cold start too.
   */
  warmup = 0,
): Promise<BurstResult> {
  // Candidates: bookable professionals in the index; each one's first free slot is asked of the API
  // (GET .../schedule, the profile's next 7 days), since an indexed next slot earlier today may have
  // passed (decision 012: the roll-over is nightly).
  const candidates = await sql<Omit<Target, 'slot'>[]>`
    SELECT p.id, u.first_name || ' ' || u.last_name AS name, p.specialty, p.state
    FROM search_documents d JOIN professionals p ON p.id = d.id::bigint JOIN users u ON u.id = p.user_id
    WHERE d.collection = 'professionals' AND d.next_slot IS NOT NULL AND p.specialty IS NOT NULL AND p.state IS NOT NULL
    ORDER BY md5(d.id || ${String(Date.now())}) LIMIT ${Math.round((count + warmup) * 1.2)}`;
  const targets: Target[] = [];
  let asked = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (asked < candidates.length && targets.length < count + warmup) {
        const c = candidates[asked++]!;
        const res = await fetch(`${base}/api/professionals/${c.id}/schedule`, { headers: { 'x-forwarded-for': clientAddress(asked) } });
        const days = res.ok ? ((await res.json()) as { days: { date: string; times: string[] }[] }).days : [];
        const first = days.find((d) => d.times.length);
        const earliest = first ? Date.parse(`${first.date}T${first.times[0]}:00+01:00`) / 1000 : NaN;
        if (earliest * 1000 > Date.now() + LEAD_MS && targets.length < count + warmup) targets.push({ ...c, id: Number(c.id), slot: earliest });
      }
    }),
  );
  if (targets.length < count + warmup) throw new Error(`only ${targets.length} professionals have a next free slot to book`);
  const request = (t: Target, i: number) => {
    const patient = fx.patients[i % fx.patients.length]!;
    return fetch(`${base}/api/appointments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress(i), cookie: cookies[i % cookies.length]! },
      body: JSON.stringify({
        appointmentType: 'consultation',
        patientName: patient.name,
        patientEmail: patient.email,
        patientPhone: '0803 123 4567',
        reasonForVisit: 'Burst booking (bench)',
        appointmentDate: lagosIso(Number(t.slot)),
        professionalId: t.id,
        institutionId: null,
      }),
    });
  };
  if (warmup) {
    const warm = targets.splice(0, warmup);
    for (const [i, t] of warm.entries()) await (await request(t, count + i)).arrayBuffer();
    const until = Date.now() + GIVE_UP_MS;
    for (;;) {
      const [{ left }] = await sql<{ left: number }[]>`
        SELECT count(*)::int AS left FROM search_documents d JOIN unnest(${warm.map((t) => String(t.id))}::text[], ${warm.map((t) => t.slot)}::bigint[]) AS w(id, slot)
          ON d.collection = 'professionals' AND d.id = w.id
        WHERE d.next_slot IS NOT NULL AND extract(epoch FROM d.next_slot) <= w.slot`;
      if (left === 0 || Date.now() > until) break;
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }
  const [{ outboxFrom }] = await sql<{ outboxFrom: string }[]>`SELECT coalesce(max(id), 0)::text AS outbox_from FROM outbox`;

  const bookedAt = new Map<number, number>();
  const bookedWall = new Map<number, number>();
  const refused: Record<string, number> = {};
  const cpuAtStart = await cpu?.();
  const started = performance.now();
  let next = 0;
  const book = async () => {
    while (next < targets.length) {
      const i = next++;
      const t = targets[i]!;
      const res = await request(t, i);
      await res.arrayBuffer();
      if (res.status === 201) {
        bookedAt.set(Number(t.id), performance.now());
        bookedWall.set(Number(t.id), Date.now());
      }
      else refused[res.status] = (refused[res.status] ?? 0) + 1;
    }
  };
  // The index is polled from the start: a move may land before the last booking is answered.
  const moved = new Map<number, number>();
  const movedWall = new Map<number, number>();
  const slotOf = new Map(targets.map((t) => [Number(t.id), Number(t.slot)]));
  let booking = true;
  const poll = (async () => {
    let lastBooking = Infinity;
    for (;;) {
      const waiting = [...bookedAt.keys()].filter((id) => !moved.has(id));
      if (waiting.length) {
        const rows = await sql<{ id: string; slot: string | null }[]>`
          SELECT id, extract(epoch FROM next_slot)::bigint::text AS slot FROM search_documents
          WHERE collection = 'professionals' AND id = ANY(${waiting.map(String)}::text[])`;
        const now = performance.now();
        for (const r of rows) {
          const id = Number(r.id);
          // The search shows the following slot (or none left in 14 days): later than the one booked.
          if (r.slot === null || Number(r.slot) > slotOf.get(id)!) {
            moved.set(id, now);
            movedWall.set(id, Date.now());
          }
        }
      }
      if (!booking) {
        lastBooking = Math.min(lastBooking, performance.now());
        if (moved.size >= bookedAt.size || performance.now() - lastBooking > GIVE_UP_MS) return;
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  })();
  await Promise.all(Array.from({ length: CONCURRENCY }, book));
  const bookingSeconds = (performance.now() - started) / 1000;
  booking = false;
  await poll;

  const delays = [...moved].map(([id, at]) => at - bookedAt.get(id)!);
  const lastMove = Math.max(...moved.values());
  // CPU from the first booking to the poll's end (the last move, or giving up), per booking.
  const cpuAtEnd = await cpu?.();
  let cpuPerBooking: BurstResult['cpuPerBooking'];
  if (cpuAtStart && cpuAtEnd) {
    const n = Math.max(1, bookedAt.size);
    // Backends that ended during the burst are lost; those that began during it count from zero.
    const pg = Object.entries(cpuAtEnd.postgres).reduce((sum, [pid, v]) => sum + v - (cpuAtStart.postgres[pid] ?? 0), 0);
    cpuPerBooking = { api: (cpuAtEnd.api - cpuAtStart.api) / n, workers: (cpuAtEnd.workers - cpuAtStart.workers) / n, postgres: pg / n };
  }
  const cpuSeconds = (performance.now() - started) / 1000;
  const [outbox] = await sql<{ events: number; firstCreated: Date | null; lastRelayed: Date | null }[]>`
    SELECT count(*)::int AS events, min(created_at) AS first_created, max(processed_at) AS last_relayed
    FROM outbox WHERE id > ${outboxFrom}::bigint AND topic = 'search.professional'`;
  const relaySpan = outbox.firstCreated && outbox.lastRelayed ? outbox.lastRelayed.getTime() - outbox.firstCreated.getTime() : NaN;

  // The search itself, for every tenth moved provider: its name, specialty and state find it with the new slot.
  let searchChecked = 0;
  let searchShowed = 0;
  for (const t of targets.filter((_, i) => i % 10 === 0)) {
    if (!moved.has(Number(t.id))) continue;
    const qs = new URLSearchParams({ query: t.name, specialty: t.specialty, state: t.state, perPage: '50' });
    const res = await fetch(`${base}/api/professionals/search?${qs}`, { headers: { 'x-forwarded-for': '198.51.100.2' } });
    const hits = res.ok ? ((await res.json()) as { hits: { id: string; nextSlot?: number }[] }).hits : [];
    const hit = hits.find((h) => String(h.id) === String(t.id));
    searchChecked++;
    if (hit && (hit.nextSlot === undefined || hit.nextSlot > Number(t.slot))) searchShowed++;
  }

  const timing = queues ? await stageTimes(sql, queues, outboxFrom, bookedWall, movedWall) : undefined;

  return {
    ...timing,
    cpuPerBooking,
    cpuSeconds,
    booked: bookedAt.size,
    refused,
    bookingSeconds,
    delays,
    missed: bookedAt.size - moved.size,
    indexedPerSecond: moved.size / ((lastMove - started) / 1000),
    outbox: { events: outbox.events, relayedPerSecond: outbox.events / (relaySpan / 1000), lastRelayMs: relaySpan },
    searchChecked,
    searchShowed,
  };
}

const summary = (values: number[]) => {
  const v = [...values].sort((a, b) => a - b);
  const at = (p: number) => v[Math.min(v.length - 1, Math.max(0, Math.ceil((p / 100) * v.length) - 1))] ?? NaN;
  return { p50: at(50), p95: at(95), max: v[v.length - 1] ?? NaN, n: v.length };
};

/**
 * The stages of each moved provider's delay (BurstResult.stages): its last burst event's outbox row,
 * the index job that handled it (data.outboxId) and its document's write time.
 */
async function stageTimes(sql: Sql, queues: Queues, outboxFrom: string, bookedWall: Map<number, number>, movedWall: Map<number, number>) {
  const rows = await sql<{ id: string; provider: string; createdAt: Date; processedAt: Date | null }[]>`
    SELECT id::text, payload->>'id' AS provider, created_at, processed_at FROM outbox
    WHERE id > ${outboxFrom}::bigint AND topic = 'search.professional' ORDER BY id`;
  const rowOf = new Map(rows.map((r) => [r.id, r]));
  const jobs = await queues.index.getJobs(['completed', 'failed', 'active', 'waiting', 'delayed', 'prioritized'], 0, -1);
  const jobOfRow = new Map<string, { processedOn?: number; timestamp: number; finishedOn?: number }>();
  let indexJobs = 0;
  for (const j of jobs) {
    const id = String(j.data?.outboxId);
    if (!rowOf.has(id)) continue;
    indexJobs++;
    jobOfRow.set(id, j);
  }
  const written = await sql<{ id: string; updatedAt: Date }[]>`
    SELECT id, updated_at FROM search_documents WHERE collection = 'professionals' AND id = ANY(${[...movedWall.keys()].map(String)}::text[])`;
  const writtenAt = new Map(written.map((w) => [Number(w.id), w.updatedAt.getTime()]));
  const lastRow = new Map<number, (typeof rows)[number]>();
  for (const r of rows) lastRow.set(Number(r.provider), r);
  const s: Record<string, number[]> = { 'booking tx start -> answered': [], 'tx start -> relayed': [], 'relayed -> job started': [], 'job started -> document written': [], 'written -> poll saw it': [], 'answered -> poll saw it': [] };
  const trace: number[][] = [];
  for (const [id, seen] of movedWall) {
    const row = lastRow.get(id);
    const job = row ? jobOfRow.get(row.id) : undefined;
    trace.push([row?.createdAt.getTime() ?? NaN, row?.processedAt?.getTime() ?? NaN, job?.timestamp ?? NaN, job?.processedOn ?? NaN, job?.finishedOn ?? NaN, writtenAt.get(id) ?? NaN, seen]);
    const answered = bookedWall.get(id);
    const created = row?.createdAt.getTime();
    if (answered !== undefined && created !== undefined) s['booking tx start -> answered']!.push(answered - created);
    if (row?.processedAt && created !== undefined) s['tx start -> relayed']!.push(row.processedAt.getTime() - created);
    if (job?.processedOn && row?.processedAt) s['relayed -> job started']!.push(job.processedOn - row.processedAt.getTime());
    const w = writtenAt.get(id);
    if (job?.processedOn && w !== undefined) s['job started -> document written']!.push(w - job.processedOn);
    if (w !== undefined) s['written -> poll saw it']!.push(seen - w);
    if (answered !== undefined) s['answered -> poll saw it']!.push(seen - answered);
  }
  trace.sort((a, b) => a[0]! - b[0]!);
  return { stages: Object.fromEntries(Object.entries(s).map(([k, v]) => [k, summary(v)])), indexJobs, trace };
}

/** Epoch seconds as the Lagos wall-clock time the booking form sends (2026-11-24T10:30:00+01:00). */
function lagosIso(epochSeconds: number): string {
  return `${new Date((epochSeconds + 3600) * 1000).toISOString().slice(0, 19)}+01:00`;
}
