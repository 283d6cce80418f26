import { describe, expect, it } from 'vitest';
import { sharedReads } from './answer-cache';

/**
 * Concurrent requests share their generation reads (decision 009), and still none is served a
 * generation read before it arrived: a write committed before a request came is always seen.
 */
describe('shared generation reads', () => {
  /** A generation that writes move on, read by reads that end when the test says. */
  function index() {
    let generation = 1;
    const reads: { startedAt: number; end: () => void }[] = [];
    const read = () =>
      new Promise<number>((resolve) => {
        const startedAt = generation;
        reads.push({ startedAt, end: () => resolve(startedAt) });
      });
    return { read, reads, write: () => (generation += 1), generation: () => generation };
  }
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('serves the requests that come during a read from one read begun after them', async () => {
    const { read, reads, write } = index();
    const get = sharedReads(read);
    const first = get();
    expect(reads).toHaveLength(1);
    write(); // committed while the first read is in flight, before the next requests arrive
    const later = Array.from({ length: 10 }, () => get());
    expect(reads).toHaveLength(1); // they wait; they do not join the read begun before them
    reads[0].end();
    expect(await first).toBe(1);
    await settle();
    expect(reads).toHaveLength(2); // one read for the ten
    reads[1].end();
    expect(await Promise.all(later)).toEqual(Array(10).fill(2));
  });

  it('starts a read at once when none is in flight, and after a failed read reads again', async () => {
    let n = 0;
    const get = sharedReads(async () => {
      n += 1;
      if (n === 1) throw new Error('connection lost');
      return n;
    });
    await expect(get()).rejects.toThrow('connection lost');
    expect(await get()).toBe(2);
    expect(await get()).toBe(3);
  });

  it('never answers a request with a read begun before it, however requests, writes and reads interleave', async () => {
    const { read, reads, write, generation } = index();
    const get = sharedReads(read);
    const asked: { arrivedAt: number; answer: Promise<number> }[] = [];
    let ended = 0;
    for (let step = 0; step < 300; step++) {
      const r = (step * 7919 + (step >> 3)) % 7;
      if (r === 0) write();
      else if (r <= 4) asked.push({ arrivedAt: generation(), answer: get() });
      else if (r === 5 && ended < reads.length) reads[ended++].end();
      await settle();
    }
    for (let rounds = 0; rounds < 10 && ended < reads.length; rounds++) {
      while (ended < reads.length) reads[ended++].end();
      await settle();
    }
    for (const a of asked) expect(await a.answer).toBeGreaterThanOrEqual(a.arrivedAt);
    expect(reads.length).toBeGreaterThan(10);
    expect(reads.length).toBeLessThan(asked.length / 2);
  });
});
