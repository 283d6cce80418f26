// Provider photos at the size they are shown (issue 35, decision 035). A photo is a URL the
// provider gave (often a large upload on another host); a 64 px avatar must not cost a phone
// 1 MB. The API fetches the original once, resizes it with sharp to the shown size (twice the
// CSS pixels, for sharp screens), encodes AVIF or WebP when the browser takes them (else JPEG),
// and keeps the variants in memory.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import sharp from 'sharp';
import { PHOTO_NOT_FOUND } from '@ilera/contracts';
import { NotFoundError } from '../../errors';
const MAX_SOURCE_BYTES = 8 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 5000;
const MAX_VARIANTS = 500;

export type PhotoFormat = 'avif' | 'webp' | 'jpeg';

/** The best format the browser's Accept header takes. */
export function formatFor(accept: string | undefined): PhotoFormat {
  if (/\bimage\/avif\b/.test(accept ?? '')) return 'avif';
  if (/\bimage\/webp\b/.test(accept ?? '')) return 'webp';
  return 'jpeg';
}

/** Loopback, private, link-local, carrier-grade NAT and unspecified addresses: never fetched (SSRF). */
function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 6) {
    const a = address.toLowerCase();
    if (a === '::1' || a === '::') return true;
    if (a.startsWith('::ffff:')) return isPrivateAddress(a.slice(7));
    return /^(fc|fd|fe8|fe9|fea|feb)/.test(a);
  }
  const [x, y] = address.split('.').map(Number) as [number, number];
  return x === 10 || x === 127 || x === 0 || (x === 169 && y === 254) || (x === 172 && y >= 16 && y <= 31) || (x === 192 && y === 168) || (x === 100 && y >= 64 && y <= 127);
}

/**
 * Whether the API may fetch this URL: http(s) only, and never an address inside our network
 * (a photo URL is typed by a provider). The app's own origin is allowed: a photo served by us.
 */
export async function mayFetch(url: string, appUrl: string): Promise<boolean> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (parsed.origin === new URL(appUrl).origin) return true;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
  return addresses.length > 0 && !addresses.some(isPrivateAddress);
}

export interface PhotoVariant {
  body: Buffer;
  format: PhotoFormat;
  size: number;
}

/** The variants made so far, least recently used first out. */
const variants = new Map<string, Promise<PhotoVariant>>();

/** `mayFetchSource` says whether the API may fetch the original (the route passes mayFetch). */
export async function photoVariant(
  source: string,
  width: number,
  format: PhotoFormat,
  mayFetchSource: (url: string) => Promise<boolean>,
): Promise<PhotoVariant> {
  const key = `${source}\n${width}\n${format}`;
  const hit = variants.get(key);
  if (hit) {
    variants.delete(key);
    variants.set(key, hit);
    return hit;
  }
  const made = makeVariant(source, width, format, mayFetchSource);
  variants.set(key, made);
  if (variants.size > MAX_VARIANTS) variants.delete(variants.keys().next().value!);
  // A failure is not kept: the next request tries again.
  made.catch(() => variants.delete(key));
  return made;
}

async function makeVariant(source: string, width: number, format: PhotoFormat, mayFetchSource: (url: string) => Promise<boolean>): Promise<PhotoVariant> {
  if (!(await mayFetchSource(source))) throw new NotFoundError(PHOTO_NOT_FOUND);
  const response = await fetch(source, { redirect: 'error', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) }).catch(() => null);
  if (!response?.ok) throw new NotFoundError(PHOTO_NOT_FOUND);
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_SOURCE_BYTES) throw new NotFoundError(PHOTO_NOT_FOUND);
  const original = Buffer.from(await response.arrayBuffer());
  if (original.length > MAX_SOURCE_BYTES) throw new NotFoundError(PHOTO_NOT_FOUND);
  const size = width * 2;
  try {
    const image = sharp(original, { limitInputPixels: 40_000_000 }).rotate().resize(size, size, { fit: 'cover' });
    const body =
      format === 'avif' ? await image.avif({ quality: 50 }).toBuffer() : format === 'webp' ? await image.webp({ quality: 70 }).toBuffer() : await image.jpeg({ quality: 75, mozjpeg: true }).toBuffer();
    return { body, format, size };
  } catch {
    // Not an image sharp can read.
    throw new NotFoundError(PHOTO_NOT_FOUND);
  }
}
