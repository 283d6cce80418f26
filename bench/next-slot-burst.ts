/**
 * Issue 17's "searchable within 2 s" under a burst: `npm run bench -- --only next-slot-burst`
 * (or any run without --only) books the next free slot of BURST different professionals as
 * fast as the API takes them, then watches each one's next slot move in the search index.
 *
 * - Targets: professionals with a next slot in the index, each booked at its first free slot as
 *   the API's schedule call gives it (at least 15 minutes ahead): an indexed slot earlier today
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
import { clientAddress, type Fixtures } from './scenarios';

export const BURST = 1000;
const CONCURRENCY = 16;
const POLL_MS = 50;
const GIVE_UP_MS = 30_000;

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
}

interface Target {
  id: number;
  slot: number;
  name: string;
  specialty: string;
  state: string;
}

export async function nextSlotBurst(sql: Sql, base: string, cookies: string[], fx: Fixtures, count = BURST): Promise<BurstResult> {
  // Candidates: bookable professionals in the index; each one's first free slot is asked of the API
  // (GET .../schedule, the profile's next 7 days), since an indexed next slot earlier today may have
  // passed (decision 012: the roll-over is nightly).
  const candidates = await sql<Omit<Target, 'slot'>[]>`
    SELECT p.id, u.first_name || ' ' || u.last_name AS name, p.specialty, p.state
    FROM search_documents d JOIN professionals p ON p.id = d.id::bigint JOIN users u ON u.id = p.user_id
    WHERE d.collection = 'professionals' AND d.next_slot IS NOT NULL AND p.specialty IS NOT NULL AND p.state IS NOT NULL
    ORDER BY md5(d.id || ${String(Date.now())}) LIMIT ${Math.round(count * 1.2)}`;
  const targets: Target[] = [];
  let asked = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (asked < candidates.length && targets.length < count) {
        const c = candidates[asked++]!;
        const res = await fetch(`${base}/api/professionals/${c.id}/schedule`, { headers: { 'x-forwarded-for': clientAddress(asked) } });
        const days = res.ok ? ((await res.json()) as { days: { date: string; times: string[] }[] }).days : [];
        const first = days.find((d) => d.times.length);
        const earliest = first ? Date.parse(`${first.date}T${first.times[0]}:00+01:00`) / 1000 : NaN;
        if (earliest * 1000 > Date.now() + 15 * 60_000 && targets.length < count) targets.push({ ...c, id: Number(c.id), slot: earliest });
      }
    }),
  );
  if (targets.length < count) throw new Error(`only ${targets.length} professionals have a next free slot to book`);
  const [{ outboxFrom }] = await sql<{ outboxFrom: string }[]>`SELECT coalesce(max(id), 0)::text AS outbox_from FROM outbox`;

  const bookedAt = new Map<number, number>();
  const refused: Record<string, number> = {};
  const started = performance.now();
  let next = 0;
  const book = async () => {
    while (next < targets.length) {
      const i = next++;
      const t = targets[i]!;
      const patient = fx.patients[i % fx.patients.length]!;
      const res = await fetch(`${base}/api/appointments`, {
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
      await res.arrayBuffer();
      if (res.status === 201) bookedAt.set(Number(t.id), performance.now());
      else refused[res.status] = (refused[res.status] ?? 0) + 1;
    }
  };
  // The index is polled from the start: a move may land before the last booking is answered.
  const moved = new Map<number, number>();
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
          if (r.slot === null || Number(r.slot) > slotOf.get(id)!) moved.set(id, now);
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

  return {
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

/** Epoch seconds as the Lagos wall-clock time the booking form sends (2026-11-24T10:30:00+01:00). */
function lagosIso(epochSeconds: number): string {
  return `${new Date((epochSeconds + 3600) * 1000).toISOString().slice(0, 19)}+01:00`;
}
