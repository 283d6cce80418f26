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

/**
 * The engine's answer cache beneath (AnswerCache, search/src/answer-cache.ts), as the API sets it: 8 MB as the
 * engine counts a result, about 12 MB of V8 heap. 16 MB (the engine's default) held about 25 MB of heap, and with
 * V8's growth and fragmentation each MB of live heap holds more than a MB of RSS: the API without the near-me copy
 * was over its 300 MB budget in the search mix at 100,000 (decision 064). In the mix, 1,383 hits of 3,000 against
 * 1,433 at 16 MB.
 */
export const ENGINE_ANSWER_BYTES = 8 * 1024 * 1024;

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

/**
 * A request's kept answer, looked up (AnswerPages.lookup): the quarter hour and the generations' read it was looked
 * up under (a miss is worked out with that read and kept under that key), and the kept page if any.
 */
export interface Lookup {
  quarter: number;
  read: Promise<Record<string, string>> | undefined;
  key: string | undefined;
  page: Page | undefined;
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
  private lastGenerations: Record<string, string> | undefined;
  private lastGenerationsText = '';

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

  /** The generations' part of the key, for the last generations read (one read is shared by concurrent requests). */
  private generationsOf(gens: Record<string, string>): string {
    if (gens !== this.lastGenerations) {
      this.lastGenerations = gens;
      this.lastGenerationsText = Object.keys(gens).sort().map((c) => `${c}=${gens[c]}`).join(',');
    }
    return this.lastGenerationsText;
  }

  /**
   * The kept answer of `request` (the URL of a GET, the method and body of a POST) with `context` (the wards it
   * is understood with), if any, and what answering it otherwise needs (give it to `answer`): the generations
   * are read here, once for the request.
   */
  async lookup(request: string, context: object | undefined): Promise<Lookup> {
    const quarter = Math.floor(Date.now() / QUARTER_MS);
    const read = this.answers.readGenerations();
    const gens = read && (await read);
    const key = gens && `${quarter}|${this.generationsOf(gens)}|${this.version(context)}|${request}`;
    return { quarter, read, key, page: key === undefined ? undefined : this.lru.get(key) };
  }

  /**
   * The answer of `request` with `context`, from the kept text or from `run` on the engine (lookup, then answer).
   */
  async send(reply: FastifyReply, request: string, context: object | undefined, run: (engine: SearchEngine) => Promise<unknown>): Promise<Buffer> {
    return this.answer(reply, await this.lookup(request, context), run);
  }

  /**
   * The answer `found` looked up: its kept text, or `run` on the engine (kept under `found`'s key). Sets
   * x-search-cache, Content-Type and ETag; returns the text's bytes to send, or those compressed as
   * @fastify/compress would (plugins/compression.ts: a kept answer is compressed once for each encoding asked,
   * not again for every request).
   */
  async answer(reply: FastifyReply, found: Lookup, run: (engine: SearchEngine) => Promise<unknown>): Promise<Buffer> {
    if (found.page) return this.kept(reply, found);
    let { key } = found;
    const view = this.answers.view(found.read);
    const body = utf8(JSON.stringify(await run(view)));
    const page: Page = { body, etag: etagOf(body), encoded: {} };
    reply.header('x-search-cache', view.status).header('etag', page.etag).type(JSON_TYPE);
    // An answer worked out across a quarter hour's end is sent, not kept: its `now` may be the next quarter's.
    if (key !== undefined && Math.floor(Date.now() / QUARTER_MS) === found.quarter) this.lru.set(key, page);
    else key = undefined;
    return this.bytes(reply, key, page);
  }

  /** The kept answer `found` holds (a look-up that found one), as `answer` sends it. */
  kept(reply: FastifyReply, found: Lookup): Buffer {
    const page = found.page!;
    reply.header('x-search-cache', 'hit').header('etag', page.etag).type(JSON_TYPE);
    return this.bytes(reply, found.key, page);
  }

  /** The page's text, or its copy in the encoding the request accepts (made once and kept with it while `key` holds it). */
  private bytes(reply: FastifyReply, key: string | undefined, page: Page): Buffer {
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
