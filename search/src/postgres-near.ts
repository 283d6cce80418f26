// Near-me searches answered from memory (issue 33, decision 037): the API holds the located rows of
// search_documents (no bodies: ids, name keys, facet keys, tags, main-field terms, the numbers that
// filter and sort, the point in cube space) in typed arrays, bucketed by the 48-a-degree cells of
// migration 039, and kept up to date from search_changes (migration 047). A search within one radius
// is then one pass over the documents of the cells its circle touches: the count, every facet and the
// page's candidates together, the same answers the SQL gives (postgres-sql.ts, postgres-counts.ts:
// the same filters, tiers, orders and ties; the chord against the same bound). The page's documents
// are then read from search_bodies by id. A search it cannot answer so (a word only the bios hold,
// a filter or an order on a field it does not hold, several radii) goes to the SQL.
import type { Sql } from '@ilera/db';
import { collectionNames, type CollectionName, type SearchDocument } from './schema';
import type { FilterClause, ParsedSearch } from './protocol';
import { CUBE_ARRAY_FIELDS, CUBE_KEY_FIELDS, isKeyFilter, isTagFilter, tag } from './postgres-keys';
import { cellId, cellPlace, chordOfKm, CUBE_RADIUS_M, distancePoint, DISTANCE_RADIUS_M, SMALL_CELLS } from './postgres-geo';
import { NULLABLE_COLUMNS, NUMBER_COLUMNS, type Resolved } from './postgres-sql';
import type { CountRow } from './postgres-counts';

const RAD = Math.PI / 180;

/** The column a numeric filter or order reads (postgres-sql.ts's NUMBER_COLUMNS, and the next slot's). */
const columnOf = (field: string): string | undefined => (field === 'nextSlot' ? 'next_slot' : NUMBER_COLUMNS[field]);
/** Columns that may be missing (NULL): NaN here. */
const nullable = (column: string): boolean => column === 'next_slot' || NULLABLE_COLUMNS.has(column);

/** Growth of the per-document arrays past their first size: a quarter more (a doubling left half of 600,000 documents' arrays unused). */
const grown = (have: number, need: number): number => Math.max(need, Math.ceil(have * 1.25), 1024);

/** An array of the same kind, `size` long, with `a`'s values first. */
function resized<T extends Float64Array | Float32Array | Int32Array | Uint32Array | Uint16Array | Uint8Array>(a: T, size: number): T {
  const b = new (a.constructor as new (n: number) => T)(size);
  b.set(a.subarray(0, Math.min(a.length, size)) as never);
  return b;
}

/**
 * A list of small ints per document (terms, tags) in one pool: no object per document. Values fit
 * 16 bits until one does not (the pool is widened then); a list holds up to 65,535 values.
 */
class FlatLists {
  data: Uint16Array | Int32Array = new Uint16Array(1024);
  used = 0;
  wasted = 0;
  start = new Uint32Array(0);
  len = new Uint16Array(0);

  /** Room for `docs` documents and `values` values in all. */
  reserve(docs: number, values: number): void {
    if (docs > this.start.length) {
      this.start = resized(this.start, docs);
      this.len = resized(this.len, docs);
    }
    if (values > this.data.length) this.data = resized(this.data, values);
  }

  set(ord: number, values: readonly number[]): void {
    if (!(this.data instanceof Int32Array) && values.some((v) => v > 0xffff)) this.data = Int32Array.from(this.data);
    if (values.length <= this.len[ord]) {
      this.wasted += this.len[ord] - values.length;
    } else {
      this.wasted += this.len[ord];
      if (this.used + values.length > this.data.length) this.room(values.length);
      this.start[ord] = this.used;
      this.used += values.length;
    }
    const s = this.start[ord];
    for (let i = 0; i < values.length; i++) this.data[s + i] = values[i];
    this.len[ord] = values.length;
  }

  clear(ord: number): void {
    this.wasted += this.len[ord];
    this.len[ord] = 0;
  }

  private room(more: number): void {
    // Compact when half the pool is garbage, else grow it.
    if (this.wasted > this.used / 2) {
      const next = new (this.data.constructor as new (n: number) => Uint16Array | Int32Array)(Math.max(this.data.length, this.used - this.wasted + more));
      let at = 0;
      for (let o = 0; o < this.start.length; o++) {
        const l = this.len[o];
        if (l === 0) continue;
        next.set(this.data.subarray(this.start[o], this.start[o] + l), at);
        this.start[o] = at;
        at += l;
      }
      this.data = next;
      this.used = at;
      this.wasted = 0;
      if (this.used + more <= this.data.length) return;
    }
    this.data = resized(this.data, grown(this.data.length, this.used + more));
  }
}

/** Strings (ids, name keys) as bytes in one buffer: off the JS heap, compared as PostgreSQL's C collation does. */
class Strings {
  pool = Buffer.alloc(1024);
  used = 0;
  wasted = 0;
  start = new Uint32Array(0);
  len = new Uint16Array(0);
  /** With `headed`: the first six bytes of each entry as a number (zeros after a shorter one): most comparisons end there. */
  head = new Float64Array(0);

  constructor(private readonly headed: boolean) {}

  reserve(docs: number, bytes: number): void {
    if (docs > this.start.length) {
      this.start = resized(this.start, docs);
      this.len = resized(this.len, docs);
      if (this.headed) this.head = resized(this.head, docs);
    }
    if (bytes > this.pool.length) {
      const next = Buffer.alloc(bytes);
      this.pool.copy(next, 0, 0, this.used);
      this.pool = next;
    }
  }

  set(ord: number, value: string): void {
    const bytes = Buffer.byteLength(value);
    if (bytes > this.len[ord]) {
      this.wasted += this.len[ord];
      if (this.used + bytes > this.pool.length) this.room(bytes);
      this.start[ord] = this.used;
      this.used += bytes;
    } else {
      this.wasted += this.len[ord] - bytes;
    }
    this.pool.write(value, this.start[ord], 'utf8');
    this.len[ord] = bytes;
    if (!this.headed) return;
    let head = 0;
    for (let i = 0; i < 6; i++) head = head * 256 + (i < bytes ? this.pool[this.start[ord] + i] : 0);
    this.head[ord] = head;
  }

  get(ord: number): string {
    return this.pool.toString('utf8', this.start[ord], this.start[ord] + this.len[ord]);
  }

  /** Whether entry `ord` is the bytes `b`. */
  is(ord: number, b: Buffer): boolean {
    const s = this.start[ord];
    if (this.len[ord] !== b.length) return false;
    for (let i = 0; i < b.length; i++) if (this.pool[s + i] !== b[i]) return false;
    return true;
  }

  /** Byte order of two entries (C collation): by their first six bytes as a number, then the rest. */
  compare(a: number, b: number): number {
    const d = this.head[a] - this.head[b];
    if (d !== 0) return d;
    if (this.len[a] <= 6 && this.len[b] <= 6) return 0;
    return this.pool.compare(this.pool, this.start[b], this.start[b] + this.len[b], this.start[a], this.start[a] + this.len[a]);
  }

  /** 3 when the entry is `phrase`, 2 when it starts with `phrase` and a space (hitsQuery's name tiers), else 1. */
  tier(ord: number, phrase: Buffer): number {
    const s = this.start[ord];
    const l = this.len[ord];
    if (l < phrase.length) return 1;
    // Byte by byte: most names differ at the first (a native compare costs more to call than this).
    const pool = this.pool;
    for (let i = 0; i < phrase.length; i++) if (pool[s + i] !== phrase[i]) return 1;
    if (l === phrase.length) return 3;
    // name_key ~>=~ phrase AND name_key ~<~ phrase || '!': the phrase, then a byte below '!'.
    return this.pool[s + phrase.length] < 0x21 ? 2 : 1;
  }

  private room(more: number): void {
    if (this.wasted > this.used / 2) {
      const next = Buffer.alloc(Math.max(this.pool.length, this.used - this.wasted + more));
      let at = 0;
      for (let o = 0; o < this.start.length; o++) {
        const l = this.len[o];
        if (l === 0) continue;
        this.pool.copy(next, at, this.start[o], this.start[o] + l);
        this.start[o] = at;
        at += l;
      }
      this.pool = next;
      this.used = at;
      this.wasted = 0;
      if (this.used + more <= this.pool.length) return;
    }
    const next = Buffer.alloc(grown(this.pool.length, this.used + more));
    this.pool.copy(next, 0, 0, this.used);
    this.pool = next;
  }
}

/**
 * Ordinals by document id, an open-addressing table over the ids' bytes (linear probing, deletion by
 * backward shift): a Map of 600,000 string keys held some 35 MB of JS heap.
 */
class IdTable {
  private slots = new Int32Array(2048);
  size = 0;

  constructor(private readonly ids: Strings) {}

  private static hash(b: Buffer): number {
    let h = 0x811c9dc5;
    for (let i = 0; i < b.length; i++) h = Math.imul(h ^ b[i], 0x01000193);
    return h >>> 0;
  }

  private slotHash(ord: number): number {
    const { pool, start, len } = this.ids;
    let h = 0x811c9dc5;
    for (let i = start[ord]; i < start[ord] + len[ord]; i++) h = Math.imul(h ^ pool[i], 0x01000193);
    return h >>> 0;
  }

  reserve(n: number): void {
    let size = this.slots.length;
    while (size < n * 2) size *= 2;
    if (size !== this.slots.length) this.rehash(size);
  }

  get(id: string): number | undefined {
    const b = Buffer.from(id);
    const mask = this.slots.length - 1;
    for (let i = IdTable.hash(b) & mask; ; i = (i + 1) & mask) {
      const v = this.slots[i];
      if (v === 0) return undefined;
      if (this.ids.is(v - 1, b)) return v - 1;
    }
  }

  /** Adds `ord`, whose id is already in the strings. */
  add(ord: number): void {
    if ((this.size + 1) * 2 > this.slots.length) this.rehash(this.slots.length * 2);
    const mask = this.slots.length - 1;
    let i = this.slotHash(ord) & mask;
    while (this.slots[i] !== 0) i = (i + 1) & mask;
    this.slots[i] = ord + 1;
    this.size++;
  }

  delete(ord: number): void {
    const mask = this.slots.length - 1;
    let i = this.slotHash(ord) & mask;
    while (this.slots[i] !== ord + 1) {
      if (this.slots[i] === 0) return;
      i = (i + 1) & mask;
    }
    this.slots[i] = 0;
    this.size--;
    // Backward shift: move later entries of the run into the hole when their home allows.
    for (let j = (i + 1) & mask; this.slots[j] !== 0; j = (j + 1) & mask) {
      const home = this.slotHash(this.slots[j] - 1) & mask;
      if ((j > i && (home <= i || home > j)) || (j < i && home <= i && home > j)) {
        this.slots[i] = this.slots[j];
        this.slots[j] = 0;
        i = j;
      }
    }
  }

  private rehash(size: number): void {
    const old = this.slots;
    this.slots = new Int32Array(size);
    this.size = 0;
    for (const v of old) if (v !== 0) this.add(v - 1);
  }
}

/** A row of search_documents as the store reads it (one-word names: the client camel-cases the others). */
interface DocRow {
  id: string;
  name: string;
  key: number;
  tags: string[];
  terms: string[];
  rating: number;
  reviews: number;
  experience: number;
  fee: number | null;
  slot: number | null;
  lat: number;
  lng: number;
  x: number;
  y: number;
  z: number;
}

const COLUMNS = `id, name_key AS name, key_id AS key, tags, tsvector_to_array(tsv_main) AS terms, rating, review_count AS reviews, experience, fee,
  extract(epoch FROM next_slot)::float8 AS slot, lat, lng,
  public.cube_ll_coord(location, 1) AS x, public.cube_ll_coord(location, 2) AS y, public.cube_ll_coord(location, 3) AS z`;

/** The cell of 48 a degree a point lies in: search_cell(48, lat, lng) of migration 039. */
const cellOf = (lat: number, lng: number): number => cellId(SMALL_CELLS, Math.floor(lat * SMALL_CELLS), Math.floor(lng * SMALL_CELLS));

/** One collection's located documents. Ordinals are reused after a delete. */
class Store {
  size = 0;
  readonly free: number[] = [];
  alive = new Uint8Array(0);
  x = new Float64Array(0);
  y = new Float64Array(0);
  z = new Float64Array(0);
  key = new Int32Array(0);
  rating = new Float32Array(0);
  reviewCount = new Int32Array(0);
  experience = new Int32Array(0);
  /** Whole naira (NaN: none): exact in 32 bits. */
  fee = new Float32Array(0);
  nextSlot = new Float64Array(0);
  cell = new Int32Array(0);
  readonly ids = new Strings(true);
  readonly names = new Strings(false);
  readonly terms = new FlatLists();
  readonly tags = new FlatLists();
  /** Interned terms and tags. */
  readonly termIds = new Map<string, number>();
  readonly tagIds = new Map<string, number>();
  readonly tagNames: string[] = [];
  /** Ordinal by document id. */
  readonly byId = new IdTable(this.ids);
  /** The ordinals of each cell's documents. */
  readonly cells = new Map<number, number[]>();
  maxKey = 0;
  /** Documents written since it was read (Near.sync). */
  written = 0;

  /** Room for what a read will bring (its sizes counted first): no array is copied while reading. */
  reserve(sizes: { docs: number; idBytes: number; nameBytes: number; terms: number; tags: number }): void {
    this.capacity(sizes.docs, true);
    this.ids.reserve(sizes.docs, sizes.idBytes);
    this.names.reserve(sizes.docs, sizes.nameBytes);
    this.terms.reserve(sizes.docs, sizes.terms);
    this.tags.reserve(sizes.docs, sizes.tags);
    this.byId.reserve(sizes.docs);
  }

  private capacity(n: number, exact = false): void {
    if (n <= this.alive.length) return;
    const size = exact ? n : grown(this.alive.length, n);
    this.alive = resized(this.alive, size);
    this.x = resized(this.x, size);
    this.y = resized(this.y, size);
    this.z = resized(this.z, size);
    this.key = resized(this.key, size);
    this.rating = resized(this.rating, size);
    this.reviewCount = resized(this.reviewCount, size);
    this.experience = resized(this.experience, size);
    this.fee = resized(this.fee, size);
    this.nextSlot = resized(this.nextSlot, size);
    this.cell = resized(this.cell, size);
    this.ids.reserve(size, 0);
    this.names.reserve(size, 0);
    this.terms.reserve(size, 0);
    this.tags.reserve(size, 0);
  }

  /** The values of a held number column (columnOf). */
  column(name: string): Float64Array | Float32Array | Int32Array {
    switch (name) {
      case 'review_count':
        return this.reviewCount;
      case 'experience':
        return this.experience;
      case 'fee':
        return this.fee;
      case 'next_slot':
        return this.nextSlot;
      default:
        return this.rating;
    }
  }

  private intern(map: Map<string, number>, value: string, names?: string[]): number {
    let id = map.get(value);
    if (id === undefined) {
      id = map.size;
      map.set(value, id);
      names?.push(value);
    }
    return id;
  }

  put(row: DocRow): void {
    let ord = this.byId.get(row.id);
    if (ord === undefined) {
      ord = this.free.pop() ?? this.size++;
      this.capacity(ord + 1);
      this.ids.set(ord, row.id);
      this.byId.add(ord);
    } else {
      this.unbucket(ord);
    }
    this.alive[ord] = 1;
    this.x[ord] = Number(row.x);
    this.y[ord] = Number(row.y);
    this.z[ord] = Number(row.z);
    this.key[ord] = Number(row.key);
    this.maxKey = Math.max(this.maxKey, this.key[ord]);
    this.rating[ord] = Number(row.rating);
    this.reviewCount[ord] = Number(row.reviews);
    this.experience[ord] = Number(row.experience);
    this.fee[ord] = row.fee === null ? NaN : Number(row.fee);
    this.nextSlot[ord] = row.slot === null ? NaN : Number(row.slot);
    this.names.set(ord, row.name);
    this.terms.set(ord, (row.terms ?? []).map((t) => this.intern(this.termIds, t)));
    this.tags.set(ord, (row.tags ?? []).map((t) => this.intern(this.tagIds, t, this.tagNames)));
    const cell = cellOf(Number(row.lat), Number(row.lng));
    this.cell[ord] = cell;
    let bucket = this.cells.get(cell);
    if (!bucket) this.cells.set(cell, (bucket = []));
    bucket.push(ord);
  }

  remove(id: string): void {
    const ord = this.byId.get(id);
    if (ord === undefined) return;
    this.unbucket(ord);
    this.byId.delete(ord);
    this.alive[ord] = 0;
    this.terms.clear(ord);
    this.tags.clear(ord);
    this.free.push(ord);
  }

  private unbucket(ord: number): void {
    const bucket = this.cells.get(this.cell[ord]);
    if (!bucket) return;
    const at = bucket.indexOf(ord);
    if (at < 0) return;
    bucket[at] = bucket[bucket.length - 1];
    bucket.pop();
    if (bucket.length === 0) this.cells.delete(this.cell[ord]);
  }
}

/** What a search asks of the documents, resolved against a store. */
interface Plan {
  px: number;
  py: number;
  pz: number;
  chord: number;
  lat: number;
  lng: number;
  km: number;
  /** Allowed keys (by key id), or undefined for every key. */
  keyOk?: Uint8Array;
  /** Per word, the flags of the store's term ids it stands for. */
  words: Uint8Array[];
  tagTests: { ids: Set<number>; negate: boolean }[];
  numberTests: ((ord: number) => boolean)[];
  /** The array facets' tag ids: tag id -> facet field. */
  facetTags?: Map<number, string>;
}

/** The distance in metres a chord stands for (distanceSql). */
const metresOfChord = (chord: number): number => Math.trunc(2 * Math.asin(Math.min(1, chord / (2 * CUBE_RADIUS_M))) * DISTANCE_RADIUS_M);

/** search_earth(lat, lng), in the same order of operations. */
function earth(lat: number, lng: number): [number, number, number] {
  const a = lat * RAD;
  const b = lng * RAD;
  return [CUBE_RADIUS_M * Math.cos(a) * Math.cos(b), CUBE_RADIUS_M * Math.cos(a) * Math.sin(b), CUBE_RADIUS_M * Math.sin(a)];
}

/** Whether a search can be answered from memory: one radius, main-field words or none, held fields only. */
export function nearAnswerable(s: ParsedSearch, r: Resolved): boolean {
  const radii = s.filters.filter((f) => f.def.type === 'geopoint');
  if (radii.length !== 1 || radii[0].op !== ':') return false;
  const [lat, lng, km] = radii[0].values as number[];
  if (!(km > 0 && km <= 1000) || !(Math.abs(lat) <= 80) || !Number.isFinite(lng)) return false;
  if (s.words.length > 0 && (!r.words?.main || r.words.terms.length !== s.words.length)) return false;
  for (const f of s.filters) {
    if (f === radii[0] || isKeyFilter(s, f)) continue;
    if (isTagFilter(s, f)) {
      if (f.op !== '=' && f.op !== '!=') return false;
      continue;
    }
    if (!columnOf(f.field)) return false;
    if (f.values.some((v) => !Number.isFinite(Number(v)))) return false;
  }
  for (const c of s.sort) if (c.field !== '_text_match' && !c.point && !columnOf(c.field)) return false;
  const arrays = CUBE_ARRAY_FIELDS[s.collection];
  return s.facetBy.every((f) => arrays.includes(f) || CUBE_KEY_FIELDS[s.collection].includes(f));
}

/** A numeric filter as a test of an ordinal, as filterSql writes it (a missing value matches no range and no value). */
function numberTest(store: Store, f: FilterClause): (ord: number) => boolean {
  const column = columnOf(f.field)!;
  const col = store.column(column);
  const values = f.values.map(Number);
  const v = values[0];
  switch (f.op) {
    case '>':
      return (o) => col[o] > v;
    case '>=':
      return (o) => col[o] >= v;
    case '<':
      return (o) => col[o] < v;
    case '<=':
      return (o) => col[o] <= v;
    case '!=':
      return (o) => !values.includes(col[o]);
    case '!':
      // filterSql negates `!` for numbers, not for the next slot.
      return column === 'next_slot' ? (o) => values.includes(col[o]) : (o) => !values.includes(col[o]);
    default:
      return (o) => values.includes(col[o]);
  }
}

/** One term of a page's order: a comparison of two ordinals (negative: a before b). */
type Order = (a: number, b: number) => number;

/**
 * A page's order: `primary`, a number per ordinal (smaller first: the first term's value), then `rest`
 * on a tie. Most candidates lose to the page's worst on the number alone.
 */
interface PageOrder {
  primary: (o: number) => number;
  rest: Order;
}

/** A bounded heap of the best `k` ordinals (the worst on top), their primary values beside. */
class TopK {
  readonly items: number[] = [];
  readonly values: number[] = [];
  constructor(
    private readonly k: number,
    private readonly order: PageOrder,
  ) {}

  /** a after b (a worse): positive. */
  private cmp(i: number, j: number): number {
    const d = this.values[i] - this.values[j];
    return d !== 0 && !Number.isNaN(d) ? d : this.values[i] === this.values[j] ? this.order.rest(this.items[i], this.items[j]) : 0;
  }

  offer(o: number, v: number): void {
    const h = this.items;
    const vs = this.values;
    if (h.length < this.k) {
      h.push(o);
      vs.push(v);
      let i = h.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (this.cmp(parent, i) >= 0) break;
        this.swap(parent, i);
        i = parent;
      }
      return;
    }
    if (this.k === 0 || v > vs[0] || (v === vs[0] && this.order.rest(o, h[0]) >= 0)) return;
    h[0] = o;
    vs[0] = v;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < h.length && this.cmp(l, worst) > 0) worst = l;
      if (r < h.length && this.cmp(r, worst) > 0) worst = r;
      if (worst === i) break;
      this.swap(worst, i);
      i = worst;
    }
  }

  private swap(i: number, j: number): void {
    const h = this.items;
    const vs = this.values;
    [h[i], h[j]] = [h[j], h[i]];
    [vs[i], vs[j]] = [vs[j], vs[i]];
  }

  sorted(): number[] {
    const at = new Map(this.items.map((o, i) => [o, this.values[i]]));
    return [...this.items].sort((a, b) => {
      const va = at.get(a)!;
      const vb = at.get(b)!;
      return va !== vb ? va - vb : this.order.rest(a, b);
    });
  }
}

/** The answer of one search from memory: its count rows (as countQuery's) and its page (ordinals, scores, distances). */
export interface NearAnswer {
  rows: CountRow[];
  page: { id: string; score: number; geo: number }[];
  /** Matches with a next slot before each bound asked. */
  windows: number[];
}

let prunedAt = 0;
/**
 * The change log's rows older than an hour removed, every five minutes at most per process: by the
 * engine's writes (the index worker) and its readers. A reader that had not read them reads everything again.
 */
export function pruneChanges(sql: Sql): void {
  const now = Date.now();
  if (now - prunedAt < 5 * 60_000) return;
  prunedAt = now;
  sql`SELECT search_prune_changes(interval '1 hour')`.catch(() => {});
}

/** What one pass over a circle's cells reads and adds up. */
interface Scan {
  store: Store;
  plan: Plan;
  keyCounts: Float64Array;
  tagCounts: Float64Array | undefined;
  facetTags: Map<number, string> | undefined;
  top: TopK | undefined;
  primary: (o: number) => number;
  /** The windows' bounds (epoch seconds) and how many matches have a next slot before each. */
  bounds: number[];
  windows: number[];
}

/**
 * The documents of one cell that match: counted by key (and their array facets' values), and offered
 * to the page. A function of its own, every input a parameter: V8 keeps it optimised across searches.
 */
function scanCell(scan: Scan, bucket: number[], inside: boolean): void {
  const { store, plan, keyCounts, tagCounts, facetTags, top, primary, bounds, windows } = scan;
  const { x, y, z, key, alive } = store;
  const termStart = store.terms.start;
  const termLen = store.terms.len;
  const termData = store.terms.data;
  const tagStart = store.tags.start;
  const tagLen = store.tags.len;
  const tagData = store.tags.data;
  const { px, py, pz, chord, keyOk, words, tagTests, numberTests } = plan;
  const wordCount = words.length;
  const tagTestCount = tagTests.length;
  const numberTestCount = numberTests.length;
  next: for (let i = 0; i < bucket.length; i++) {
    const o = bucket[i];
    if (alive[o] === 0) continue;
    if (!inside) {
      const dx = x[o] - px;
      const dy = y[o] - py;
      const dz = z[o] - pz;
      // The SQL's test: (location <-> point) <= chord.
      if (Math.sqrt(dx * dx + dy * dy + dz * dz) > chord) continue;
    }
    const k = key[o];
    if (keyOk !== undefined && keyOk[k] === 0) continue;
    for (let t = 0; t < tagTestCount; t++) {
      const test = tagTests[t];
      let has = false;
      const e0 = tagStart[o] + tagLen[o];
      for (let j = tagStart[o]; j < e0; j++) {
        if (test.ids.has(tagData[j])) {
          has = true;
          break;
        }
      }
      if (has === test.negate) continue next;
    }
    for (let t = 0; t < numberTestCount; t++) if (!numberTests[t](o)) continue next;
    if (wordCount > 0) {
      const s0 = termStart[o];
      const e0 = s0 + termLen[o];
      for (let w = 0; w < wordCount; w++) {
        const flags = words[w];
        let j = s0;
        while (j < e0 && flags[termData[j]] === 0) j++;
        if (j === e0) continue next;
      }
    }
    keyCounts[k]++;
    if (tagCounts !== undefined) {
      const e0 = tagStart[o] + tagLen[o];
      for (let j = tagStart[o]; j < e0; j++) if (facetTags!.has(tagData[j])) tagCounts[tagData[j]]++;
    }
    if (top !== undefined) top.offer(o, primary(o));
    // `nextSlot:<T`: a missing next slot (NaN) is before no bound.
    for (let w = 0; w < bounds.length; w++) if (store.nextSlot[o] < bounds[w]) windows[w]++;
  }
}

export class NearIndex {
  private readonly stores = new Map<CollectionName, Store>();
  /** The snapshot each store is current to, and the index state (`seen`) known to be in it. */
  private readonly snaps = new Map<CollectionName, { snap: string; seen?: string }>();
  private readonly loading = new Map<CollectionName, Promise<void>>();
  private syncing = new Map<CollectionName, Promise<void>>();

  /** Set by readAhead: searches do not wait for a collection's first read. */
  private ahead = false;

  /** `reads`: the connections a search's own statements go by (the changes since the copy, a page's documents: decision 075). */
  constructor(
    private readonly sql: Sql,
    private readonly reads: Sql = sql,
  ) {}

  /** Reads both collections now; until each is in, its near-me searches go to the SQL. */
  async readAhead(): Promise<void> {
    this.ahead = true;
    await Promise.all(collectionNames.map((c) => this.load(c)));
  }

  /** Loads a collection's located documents (and keeps them). */
  private load(collection: CollectionName): Promise<void> {
    let pending = this.loading.get(collection);
    if (!pending) {
      pending = this.read(collection).finally(() => this.loading.delete(collection));
      this.loading.set(collection, pending);
    }
    return pending;
  }

  private async read(collection: CollectionName): Promise<void> {
    const store = new Store();
    let snap = '';
    await this.sql.begin('isolation level repeatable read', async (tx) => {
      const [s] = await tx<{ snap: string; docs: number; idBytes: number; nameBytes: number; terms: number; tags: number }[]>`
        SELECT pg_current_snapshot()::text AS snap, count(*)::int AS docs, coalesce(sum(octet_length(id)), 0)::int AS "idBytes",
          coalesce(sum(octet_length(name_key)), 0)::int AS "nameBytes", coalesce(sum(length(tsv_main)), 0)::int AS terms,
          coalesce(sum(cardinality(tags)), 0)::int AS tags
        FROM search_documents WHERE collection = ${collection} AND location IS NOT NULL`;
      snap = s.snap;
      store.reserve(s);
      await tx
        // In cell order: a cell's documents get neighbouring ordinals, so a circle's are read from
        // neighbouring memory (in load order, "pharmacy" within 40 km of Lagos read 126,000 documents'
        // terms from all over 20 MB: 28-140 ms; in cell order a few ms).
        .unsafe<DocRow[]>(`SELECT ${COLUMNS} FROM search_documents WHERE collection = $1 AND location IS NOT NULL ORDER BY cell, id`, [collection])
        .cursor(5000, (rows) => {
          for (const row of rows) store.put(row);
        });
    });
    this.stores.set(collection, store);
    this.snaps.set(collection, { snap });
  }

  /**
   * The collection's store, current to at least `seen` (the index state the engine read before this
   * search): the changes since its snapshot are read when the state is not known to be in it.
   */
  async store(collection: CollectionName, seen: string | undefined): Promise<Store | undefined> {
    if (!this.stores.has(collection)) {
      const loading = this.load(collection);
      // Read ahead (warm: the API at its start): the SQL answers until the documents are in.
      if (this.ahead) {
        loading.catch(() => {});
        return undefined;
      }
      await loading;
    }
    const at = this.snaps.get(collection)!;
    if (seen === undefined || at.seen !== seen) {
      let pending = this.syncing.get(collection);
      // A sync already under way began before this search: another one after it.
      pending = (pending ?? Promise.resolve()).catch(() => {}).then(() => this.sync(collection, seen));
      this.syncing.set(collection, pending);
      const mine = pending;
      await mine.finally(() => {
        if (this.syncing.get(collection) === mine) this.syncing.delete(collection);
      });
    }
    return this.stores.get(collection);
  }

  /** The documents written since the store's snapshot, read in one statement (and its new snapshot). */
  private async sync(collection: CollectionName, seen: string | undefined): Promise<void> {
    const at = this.snaps.get(collection);
    // Dropped by the sync before this one (read again, ahead): nothing to bring up to date until it is in.
    if (at === undefined) return;
    if (seen !== undefined && at.seen === seen) return;
    const rows = await this.reads.unsafe<(Partial<DocRow> & { changed: string | null; whole: boolean; snap: string; pruned: boolean; unmarked: boolean; gone: boolean })[]>(
      `WITH ch AS (
         SELECT DISTINCT c.id, c.id IS NULL AS whole FROM search_changes c
         WHERE c.collection = $1 AND c.txid >= pg_snapshot_xmin($2::pg_snapshot) AND NOT pg_visible_in_snapshot(c.txid, $2::pg_snapshot)
       )
       SELECT pg_current_snapshot()::text AS snap,
         coalesce((SELECT txid >= pg_snapshot_xmin($2::pg_snapshot) FROM search_changes_pruned), true) AS pruned,
         NOT EXISTS (SELECT 1 FROM search_changes_pruned) AS unmarked,
         ch.id AS changed, coalesce(ch.whole, false) AS whole, d.id IS NULL AS gone, d.*
       FROM (SELECT 1) one
       LEFT JOIN ch ON true
       LEFT JOIN LATERAL (SELECT ${COLUMNS} FROM search_documents WHERE collection = $1 AND id = ch.id AND location IS NOT NULL) d ON true`,
      [collection, at.snap],
    );
    if (rows[0]?.pruned || rows.some((r) => r.whole)) {
      // The seed's reset (scripts/seed.ts resetData) empties search_changes_pruned with every data table;
      // search_prune_changes then records nothing, and a store would miss the changes pruned before it read
      // them. Without its row every change may have been pruned: all read again, and the row put back at
      // the current transaction (readers whose snapshot predates it read everything again once).
      if (rows[0]?.unmarked) await this.sql`INSERT INTO search_changes_pruned (txid) VALUES (pg_current_xact_id()) ON CONFLICT DO NOTHING`;
      // Every document read again (a full reindex, or changes pruned before this process read them);
      // reading ahead, the SQL answers meanwhile.
      this.stores.delete(collection);
      this.snaps.delete(collection);
      // A read under way (the background read in cell order) began before this change: a new one after it.
      const running = this.loading.get(collection);
      const loading = running ? running.catch(() => {}).then(() => this.load(collection)) : this.load(collection);
      if (this.ahead) loading.catch(() => {});
      else await loading;
      return;
    }
    const store = this.stores.get(collection)!;
    for (const row of rows) {
      if (row.changed === null || row.changed === undefined) continue;
      if (row.gone) store.remove(row.changed);
      else store.put(row as DocRow);
    }
    this.snaps.set(collection, { snap: rows[0].snap, seen });
    pruneChanges(this.sql);
    // Written documents keep their ordinal or take a new one, away from their cell's: once a tenth have
    // been written, the collection is read again in cell order (in the background; this store serves).
    store.written += rows.length;
    if (store.written > Math.max(1000, store.byId.size / 10) && !this.loading.has(collection)) this.load(collection).catch(() => {});
  }

  /** Every few minutes, the changes older than an hour are removed (by whichever process syncs). */
  /** The count rows and the page's ids of a search nearAnswerable says it can answer. */
  answer(store: Store, s: ParsedSearch, r: Resolved, bounds: number[] = []): NearAnswer {
    const plan = this.plan(store, s, r);
    const keyCounts = new Float64Array(store.maxKey + 1);
    const facetTags = plan.facetTags;
    const tagCounts = facetTags ? new Float64Array(store.tagNames.length) : undefined;
    const relevance = s.words.length > 0 && s.sort[0]?.field === '_text_match';
    const phrase = relevance ? Buffer.from(s.words.join(' ')) : undefined;
    const tierOf = phrase ? (o: number) => store.names.tier(o, phrase) : undefined;
    const order = this.order(store, s, tierOf);
    const primary = order.primary;
    const wanted = s.perPage > 0 ? s.page * s.perPage : 0;
    const top = new TopK(wanted, order);
    const scan: Scan = {
      store,
      plan,
      keyCounts,
      tagCounts,
      facetTags,
      top: wanted > 0 ? top : undefined,
      primary,
      bounds,
      windows: bounds.map(() => 0),
    };
    this.visitCells(store, plan, (bucket, inside) => scanCell(scan, bucket, inside));
    const { x, y, z } = store;
    const rows: CountRow[] = [];
    for (let k = 0; k < keyCounts.length; k++) if (keyCounts[k] > 0) rows.push({ k, f: '', v: '', n: keyCounts[k] });
    if (tagCounts) {
      for (const [id, field] of facetTags!) {
        if (tagCounts[id] > 0) rows.push({ k: 0, f: field, v: store.tagNames[id].slice(field.length + 1), n: tagCounts[id] });
      }
    }
    const offset = (s.page - 1) * s.perPage;
    const geoAt = distancePoint(s);
    const [gx, gy, gz] = geoAt ? earth(geoAt.lat, geoAt.lng) : [0, 0, 0];
    const page = top
      .sorted()
      .slice(offset, offset + s.perPage)
      .map((o) => ({
        id: store.ids.get(o),
        score: tierOf ? tierOf(o) : 0,
        geo: Math.round(metresOfChord(Math.sqrt((x[o] - gx) ** 2 + (y[o] - gy) ** 2 + (z[o] - gz) ** 2))),
      }));
    return { rows, page, windows: scan.windows };
  }

  private plan(store: Store, s: ParsedSearch, r: Resolved): Plan {
    const radius = s.filters.find((f) => f.def.type === 'geopoint')!;
    const [lat, lng, km] = (radius.values as number[]).map(Number);
    const [px, py, pz] = earth(lat, lng);
    let keyOk: Uint8Array | undefined;
    if (r.keyIds) {
      keyOk = new Uint8Array(store.maxKey + 1);
      for (const k of r.keyIds) if (k <= store.maxKey) keyOk[k] = 1;
    }
    const words = (s.words.length ? r.words!.terms : []).map((group) => {
      const flags = new Uint8Array(store.termIds.size);
      for (const t of group) {
        const id = store.termIds.get(t);
        if (id !== undefined) flags[id] = 1;
      }
      return flags;
    });
    const tagTests = s.filters
      .filter((f) => isTagFilter(s, f))
      .map((f) => ({
        ids: new Set(f.values.map((v) => store.tagIds.get(tag(f.field, v))).filter((id): id is number => id !== undefined)),
        negate: f.op === '!=',
      }));
    const numberTests = s.filters.filter((f) => f.def.type !== 'geopoint' && !isKeyFilter(s, f) && !isTagFilter(s, f)).map((f) => numberTest(store, f));
    const arrays = s.facetBy.filter((f) => CUBE_ARRAY_FIELDS[s.collection].includes(f));
    let facetTags: Map<number, string> | undefined;
    if (arrays.length) {
      facetTags = new Map();
      store.tagNames.forEach((name, id) => {
        const field = arrays.find((f) => name.startsWith(`${f}:`));
        if (field) facetTags!.set(id, field);
      });
    }
    return { px, py, pz, chord: chordOfKm(km), lat, lng, km, keyOk, words, tagTests, numberTests, facetTags };
  }

  /**
   * The page's order (hitsQuery's outer order): the relevance tier (3 the name, 2 a name starting with
   * the words, 1 any other match) when ranked by relevance, then the sort's terms, then the id. The
   * first of these is the primary number (smaller first; a missing value +/-Infinity as the sort puts it).
   */
  private order(store: Store, s: ParsedSearch, tierOf: ((o: number) => number) | undefined): PageOrder {
    const terms: ((o: number) => number)[] = [];
    if (tierOf) terms.push((o) => -tierOf(o));
    for (const c of s.sort) {
      if (c.field === '_text_match') continue;
      const dir = c.desc ? -1 : 1;
      if (c.point) {
        const [cx, cy, cz] = earth(c.point.lat, c.point.lng);
        const { x, y, z } = store;
        terms.push((o) => dir * Math.sqrt((x[o] - cx) ** 2 + (y[o] - cy) ** 2 + (z[o] - cz) ** 2));
        continue;
      }
      const column = columnOf(c.field)!;
      const col = store.column(column);
      const missing = c.missing === 'first' ? -Infinity : Infinity;
      terms.push(nullable(column) ? (o) => (Number.isNaN(col[o]) ? missing : dir * col[o]) : (o) => dir * col[o]);
    }
    // Without a term, the id's first bytes are the primary number.
    const head = store.ids.head;
    const primary = terms.length ? terms[0] : (o: number) => head[o];
    const others = terms.slice(1);
    const ids = store.ids;
    const rest: Order =
      others.length === 0
        ? (a, b) => ids.compare(a, b)
        : (a, b) => {
            for (let i = 0; i < others.length; i++) {
              const va = others[i](a);
              const vb = others[i](b);
              if (va !== vb) return va < vb ? -1 : 1;
            }
            return ids.compare(a, b);
          };
    return { primary, rest };
  }

  /** Each cell bucket the circle may reach, and whether the cell lies wholly inside it. */
  private visitCells(store: Store, plan: Plan, visit: (bucket: number[], inside: boolean) => void): void {
    const { lat, lng, km } = plan;
    const n = SMALL_CELLS;
    const dLat = (km + 1) / 110.5;
    const dLng = dLat / Math.max(0.01, Math.cos((Math.min(89, Math.abs(lat) + dLat) * Math.PI) / 180));
    const r0 = Math.floor((lat - dLat) * n);
    const r1 = Math.floor((lat + dLat) * n);
    const c0 = Math.floor((lng - dLng) * n);
    const c1 = Math.floor((lng + dLng) * n);
    // cellCover's test (postgres-geo.ts): a cell counted whole lies within the radius by 50 m at least.
    const place = (row: number, col: number) => cellPlace(lat, lng, km, n, row, col);
    if ((r1 - r0 + 1) * (c1 - c0 + 1) > store.cells.size) {
      for (const [id, bucket] of store.cells) {
        const row = Math.floor(id / 32768);
        const col = id - row * 32768 - 16384;
        if (row < r0 || row > r1 || col < c0 || col > c1) continue;
        const at = place(row, col);
        if (at !== 'out') visit(bucket, at === 'in');
      }
      return;
    }
    for (let row = r0; row <= r1; row++) {
      for (let col = c0; col <= c1; col++) {
        const bucket = store.cells.get(cellId(n, row, col));
        if (!bucket) continue;
        const at = place(row, col);
        if (at !== 'out') visit(bucket, at === 'in');
      }
    }
  }

  /** The documents of a page, in its order (bodies read by id). */
  async documents(collection: CollectionName, ids: string[]): Promise<Map<string, SearchDocument>> {
    if (ids.length === 0) return new Map();
    const rows = await this.reads.unsafe<{ id: string; doc: string }[]>(
      `SELECT id, document::text AS doc FROM search_bodies WHERE collection = $1::text AND id = ANY($2::text[])`,
      [collection, ids],
      { prepare: true },
    );
    return new Map(rows.map((row) => [row.id, JSON.parse(row.doc) as SearchDocument]));
  }
}
