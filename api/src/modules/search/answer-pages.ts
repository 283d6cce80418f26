// Issue 47: whole search answers kept as the JSON text sent, beside the engine's answer cache (decision 050).
import { hash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AnswerCache, SearchEngine } from '@ilera/search';
import { encode, encodingFor, sendEncoded } from '../../plugins/compression';

/** Open now, its next change and the availability windows hold for a whole WAT quarter hour (contracts/care-search.ts). */
const QUARTER_MS = 15 * 60 * 1000;

/**
 * 24 MB of answers' bytes (UTF-8, and their compressed copies), each with its key: about 1,500 answers of a page of
 * 20 hits, the query log's popular head (300 requests of each of five kinds). 8 MB held about 500, and every
 * miss of the head costs about 6.7 ms of API CPU more than a hit (issue 47, decision 059). Buffers: outside the
 * V8 heap, in the RSS budget.
 */
export const ANSWER_PAGE_BYTES = 24 * 1024 * 1024;

/** What Fastify sends for an object answer, set by hand for the text kept. */
const JSON_TYPE = 'application/json; charset=utf-8';

interface Page {
  /**
   * The JSON text in UTF-8, as it is written to the socket: a hit is written as it is (a string was encoded
   * again, and its length in bytes counted for Content-Length, at every hit).
   */
  body: Buffer;
  /** The ETag @fastify/etag would give the body (sha1, base64, strong): set here, it is not hashed again. */
  etag: string;
  /** The body compressed, by encoding (plugins/compression.ts), once a request asked for it: counted in the cap. */
  encoded: Record<string, Buffer>;
}

const encodedBytes = (page: Page) => Object.values(page.encoded).reduce((n, b) => n + b.length, 0);

/** A text's UTF-8 in a buffer of its own (Buffer.from puts one under 4 KB in a shared 8 KB slab, which a kept one would hold). */
function utf8(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

const etagOf = (body: Buffer) => `"${hash('sha1', body, 'base64')}"`;

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
    this.lru = new LRUCache({ maxSize: maxBytes, sizeCalculation: (page, key) => page.body.length + key.length + encodedBytes(page) });
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
   * ETag; returns the text's bytes to send, or those compressed as @fastify/compress would (plugins/compression.ts:
   * a kept answer is compressed once for each encoding asked, not again for every request).
   */
  async send(reply: FastifyReply, request: string, context: object | undefined, run: (engine: SearchEngine) => Promise<unknown>): Promise<Buffer> {
    const quarter = Math.floor(Date.now() / QUARTER_MS);
    const read = this.answers.readGenerations();
    const gens = read && (await read);
    let key = gens && `${quarter}|${Object.keys(gens).sort().map((c) => `${c}=${gens[c]}`).join(',')}|${this.version(context)}|${request}`;
    let page = key === undefined ? undefined : this.lru.get(key);
    if (page) {
      reply.header('x-search-cache', 'hit').header('etag', page.etag).type(JSON_TYPE);
    } else {
      const view = this.answers.view(read);
      const body = utf8(JSON.stringify(await run(view)));
      page = { body, etag: etagOf(body), encoded: {} };
      reply.header('x-search-cache', view.status).header('etag', page.etag).type(JSON_TYPE);
      // An answer worked out across a quarter hour's end is sent, not kept: its `now` may be the next quarter's.
      if (key !== undefined && Math.floor(Date.now() / QUARTER_MS) === quarter) this.lru.set(key, page);
      else key = undefined;
    }
    const encoding = encodingFor(reply.request, page.body.length);
    if (!encoding) return page.body;
    let bytes = page.encoded[encoding];
    if (!bytes) {
      bytes = encode(encoding, page.body);
      // Kept with the text, counted in the cap (set again: the size is worked out on set), if the text is still kept.
      if (key !== undefined && this.lru.peek(key) === page) {
        page.encoded[encoding] = bytes;
        this.lru.set(key, page);
      }
    }
    sendEncoded(reply, encoding);
    return bytes;
  }
}
