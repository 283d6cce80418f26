import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

/**
 * Answers are compressed as @fastify/compress compresses them: the encoding the request accepts that comes
 * first in its order (zstd where Node has it, then br, gzip, deflate), answers of 1 KB and more, of the types
 * it compresses. An answer the API holds whole (a string or buffer: JSON, a page) of at most 64 KB is compressed
 * at once, on the event loop, by zlib's sync functions, in a hook of each route just before @fastify/compress's
 * (which then leaves it alone): @fastify/compress pipes every answer through streams of its own and zlib's
 * thread pool, which cost a search answer of 13 KB 0.3-0.6 ms of CPU more (issue 47). Larger answers and
 * streams (files) are still @fastify/compress's. A search answer the API keeps whole
 * (modules/search/answer-pages.ts) is compressed once, and its bytes sent again to every request that accepts
 * the same encoding. The same headers (Content-Encoding, Vary: accept-encoding, no Content-Length of the
 * text), the same text once decoded.
 */
const THRESHOLD = 1024;
/** The largest answer compressed at once on the event loop (about 1 ms of brotli). */
const AT_ONCE_MAX = 64 * 1024;
/** The types @fastify/compress compresses without asking its MIME database (its default test). */
const COMPRESSIBLE = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)text(?:;|$)|(?:\+|\/)xml(?:;|$)|octet-stream(?:;|$)/u;
/** @fastify/compress's brotli quality (4: 11 costs many times the CPU for a few per cent). */
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

// zstd from Node 22.15 (absent from Node 20's types), as @fastify/compress offers it. Compressed at once on the event
// loop: an answer of 13 KB took 0.2-0.4 ms of CPU so, 0.3-0.6 ms through zlib's callbacks (the thread pool's hand-over),
// more through a stream.
const zstdCompressSync = (zlib as { zstdCompressSync?: (text: Buffer) => Buffer }).zstdCompressSync;
const encoders: Record<string, (text: Buffer) => Buffer> = {
  ...(zstdCompressSync ? { zstd: zstdCompressSync } : {}),
  br: (text) => zlib.brotliCompressSync(text, BROTLI),
  gzip: (text) => zlib.gzipSync(text),
  deflate: (text) => zlib.deflateSync(text),
};
/** @fastify/compress's order of preference: among encodings a request accepts equally, the first. */
const ENCODINGS = [...Object.keys(encoders), 'identity'];

export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Each route's own hook, as @fastify/compress adds its own: after every app and plugin onSend hook (the ETag
  // is of the text), and before @fastify/compress's, whose onRoute hook is registered after this one.
  app.addHook('onRoute', (route: RouteOptions) => {
    route.onSend = [...([] as unknown[]).concat(route.onSend ?? []), compressAtOnce] as never;
  });
  await app.register(compress, { threshold: THRESHOLD, brotliOptions: BROTLI });
}

/** An answer held whole, compressed at once when the request asks for it (see above); anything else as it is. */
async function compressAtOnce(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if ((typeof payload !== 'string' && !Buffer.isBuffer(payload)) || !request.headers['accept-encoding']) return payload;
  if (reply.hasHeader('content-encoding') || !COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? 'application/json'))) return payload;
  const bytes = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  const encoding = bytes <= AT_ONCE_MAX ? encodingFor(request, bytes) : null;
  if (!encoding) return payload;
  const compressed = encode(encoding, typeof payload === 'string' ? Buffer.from(payload) : payload);
  sendEncoded(reply, encoding);
  reply.removeHeader('content-length');
  return compressed;
}

/**
 * The encoding @fastify/compress would give this request a JSON answer of `bytes` bytes in, or null (none:
 * not asked for, too small, or a revalidation, whose 304 @fastify/etag decides on the text).
 */
export function encodingFor(request: FastifyRequest, bytes: number): string | null {
  const accept = request.headers['accept-encoding'];
  if (!accept || request.headers['x-no-compression'] !== undefined || request.headers['if-none-match'] !== undefined) return null;
  // As @fastify/compress reads the header: `*` and x-gzip stand for gzip.
  const chosen = negotiate(accept.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ENCODINGS);
  return chosen && chosen !== 'identity' && bytes >= THRESHOLD ? chosen : null;
}

/** `text` (UTF-8) in `encoding` (one encodingFor chose). */
export const encode = (encoding: string, text: Buffer): Buffer => encoders[encoding]!(text);

/** Says the answer is in `encoding` (and varies with accept-encoding), so @fastify/compress leaves it as it is. */
export function sendEncoded(reply: FastifyReply, encoding: string): void {
  const vary = reply.getHeader('vary');
  const varies = vary === undefined ? [] : ([] as unknown[]).concat(vary).map(String);
  if (!varies.some((v) => v.includes('accept-encoding'))) reply.header('vary', [...varies, 'accept-encoding'].join(', '));
  reply.header('content-encoding', encoding);
}
