// Issue 47: whole search answers kept as the JSON text sent, beside the engine's answer cache (decision 050).
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AnswerCache, SearchEngine } from '@ilera/search';

/** Open now, its next change and the availability windows hold for a whole WAT quarter hour (contracts/care-search.ts). */
const QUARTER_MS = 15 * 60 * 1000;

/** 8 MB of answers' JSON text, each with its key: about 500 answers of a page of 20 hits. */
export const ANSWER_PAGE_BYTES = 8 * 1024 * 1024;

/** What Fastify sends for an object answer, set by hand for the text kept. */
const JSON_TYPE = 'application/json; charset=utf-8';

interface Page {
  body: string;
  /** The ETag @fastify/etag would give the body (sha1, base64, strong): set here, it is not hashed again. */
  etag: string;
}

const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64')}"`;

/**
 * A search answer is the same for everyone who sends the same request while the index, the quarter hour and
 * the register's wards are the same: the request's own understanding, facets, open state and JSON are worked
 * out once and the text is sent again. The key holds the index's generations read after the request arrived
 * (the same read the engine's answer cache and the request's searches use: an answer kept before a write was
 * committed is never sent after it), the WAT quarter hour (every hit's openNow, opensAt and closesAt, the
 * "open now" filter and the availability windows are the same for all of it) and the wards' version. Only
 * answers are kept (an error is thrown past this). Without generations (Typesense) nothing is kept.
 */
export class AnswerPages {
  private readonly lru: LRUCache<string, Page>;
  private readonly versions = new WeakMap<object, number>();
  private nextVersion = 1;

  constructor(
    private readonly answers: AnswerCache,
    maxBytes = ANSWER_PAGE_BYTES,
  ) {
    this.lru = new LRUCache({ maxSize: maxBytes, sizeCalculation: (page, key) => page.body.length + key.length });
  }

  /** Answers held, and their size as counted against the cap. */
  get stats(): { answers: number; bytes: number } {
    return { answers: this.lru.size, bytes: this.lru.calculatedSize };
  }

  private version(of: object | undefined): number {
    if (!of) return 0;
    let v = this.versions.get(of);
    if (v === undefined) this.versions.set(of, (v = this.nextVersion++));
    return v;
  }

  /**
   * The answer of `request` (the URL of a GET, the method and body of a POST) with `context` (the wards it was
   * understood with), from the kept text or from `run` on the engine. Sets x-search-cache, Content-Type and
   * ETag; returns the text to send.
   */
  async send(reply: FastifyReply, request: string, context: object | undefined, run: (engine: SearchEngine) => Promise<unknown>): Promise<string> {
    const quarter = Math.floor(Date.now() / QUARTER_MS);
    const read = this.answers.readGenerations();
    const gens = read && (await read);
    const key = gens && `${quarter}|${Object.keys(gens).sort().map((c) => `${c}=${gens[c]}`).join(',')}|${this.version(context)}|${request}`;
    const kept = key === undefined ? undefined : this.lru.get(key);
    if (kept) {
      reply.header('x-search-cache', 'hit').header('etag', kept.etag).type(JSON_TYPE);
      return kept.body;
    }
    const view = this.answers.view(read);
    const body = JSON.stringify(await run(view));
    const page = { body, etag: etagOf(body) };
    // An answer worked out across a quarter hour's end is sent, not kept: its `now` may be the next quarter's.
    if (key !== undefined && Math.floor(Date.now() / QUARTER_MS) === quarter) this.lru.set(key, page);
    reply.header('x-search-cache', view.status).header('etag', page.etag).type(JSON_TYPE);
    return body;
  }
}
