import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers are compressed by @fastify/compress: the encoding the request accepts that comes first in its
 * order (zstd where Node has it, then br, gzip, deflate), answers of 1 KB and more. A search answer the API
 * keeps whole (modules/search/answer-pages.ts) is compressed once instead, and its bytes sent again to every
 * request that accepts the same encoding (issue 47): the same choice of encoding, the same headers
 * (Content-Encoding, Vary: accept-encoding), the same text once decoded.
 */
const THRESHOLD = 1024;
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
  await app.register(compress, { threshold: THRESHOLD, brotliOptions: BROTLI });
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

/** Says the answer is in `encoding`, so @fastify/compress leaves it as it is. */
export function sendEncoded(reply: FastifyReply, encoding: string): void {
  const vary = reply.getHeader('vary');
  reply.header('content-encoding', encoding).header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
}
