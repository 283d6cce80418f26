// Deterministic randomness for the seed. Every entity draws from its own stream,
// seeded from (run seed, kind, index): a professional is the same whichever pass
// (users, then professionals) generates it, and whatever the sizes around it.

/** mulberry32: tiny, fast, good enough for test data. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixes three integers into a 32-bit seed (murmur3's finaliser). */
export function hash3(a: number, b: number, c: number): number {
  let h = Math.imul((a ^ 0x9e3779b9) >>> 0, 0x85ebca6b);
  h ^= Math.imul((b + 0x632be59b) >>> 0, 0xc2b2ae35);
  h = (h << 13) | (h >>> 19);
  h ^= Math.imul((c + 0x27d4eb2f) >>> 0, 0x165667b1);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export class Rng {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  /** `count` distinct items, in list order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const n = Math.min(count, items.length);
    const chosen = new Set<number>();
    while (chosen.size < n) chosen.add(Math.floor(this.next() * items.length));
    return [...chosen].sort((a, b) => a - b).map((i) => items[i]);
  }
  /** Skewed index in [0, n): low indices are chosen more often (power > 1). */
  skewed(n: number, power: number): number {
    return Math.min(n - 1, Math.floor(n * Math.pow(this.next(), power)));
  }
  /** Unsigned 32-bit integer. */
  u32(): number {
    return (this.next() * 4294967296) >>> 0;
  }
  /** A UUID-shaped id (version 4 layout) drawn from this stream. */
  uuid(): string {
    const a = this.u32();
    const b = this.u32();
    const c = this.u32();
    const d = this.u32();
    return (
      HEX[a >>> 24] + HEX[(a >>> 16) & 255] + HEX[(a >>> 8) & 255] + HEX[a & 255] + '-' +
      HEX[b >>> 24] + HEX[(b >>> 16) & 255] + '-' + HEX[((b >>> 8) & 15) | 64] + HEX[b & 255] + '-' +
      HEX[((c >>> 24) & 63) | 128] + HEX[(c >>> 16) & 255] + '-' + HEX[(c >>> 8) & 255] + HEX[c & 255] +
      HEX[d >>> 24] + HEX[(d >>> 16) & 255] + HEX[(d >>> 8) & 255] + HEX[d & 255]
    );
  }
  /**
   * A UUIDv7-shaped id whose time part is `order`: ids made in order sort in order,
   * so B-tree indexes on them (and the foreign keys that look them up) are appended
   * to, not written all over, which is what makes 500,000 accounts quick to load.
   */
  uuidOrdered(order: number): string {
    const t = order.toString(16).padStart(12, '0');
    const b = this.u32();
    const c = this.u32();
    const d = this.u32();
    return (
      t.slice(0, 8) + '-' + t.slice(8, 12) + '-' + HEX[((b >>> 8) & 15) | 112] + HEX[b & 255] + '-' +
      HEX[((c >>> 24) & 63) | 128] + HEX[(c >>> 16) & 255] + '-' + HEX[(c >>> 8) & 255] + HEX[c & 255] +
      HEX[d >>> 24] + HEX[(d >>> 16) & 255] + HEX[(d >>> 8) & 255] + HEX[d & 255]
    );
  }
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** A weighted choice table, built once and drawn many times. */
export class Weighted<T> {
  private readonly items: T[];
  private readonly cumulative: number[];
  private readonly total: number;
  constructor(entries: readonly (readonly [T, number])[]) {
    this.items = entries.map((e) => e[0]);
    let sum = 0;
    this.cumulative = entries.map((e) => (sum += e[1]));
    this.total = sum;
  }
  draw(rng: Rng): T {
    const x = rng.next() * this.total;
    const c = this.cumulative;
    let lo = 0;
    let hi = c.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (c[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo];
  }
}
