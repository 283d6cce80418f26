import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { precompressFolder } from '../web/scripts/precompress';
import { createTestContext, type TestContext } from './support';

/**
 * Page weight for slow phone networks (issue 8): the built assets are served
 * compressed, hashed files with a one-year immutable cache lifetime, and
 * index.html is revalidated so a deploy shows at once.
 */
let ctx: TestContext;
let dist: string;
let webDistBefore: string | undefined;
const js = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'ilera-static-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><script type="module" src="/assets/index-abc123.js"></script>');
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), js);
  await writeFile(path.join(dist, 'assets', 'index-abc123.css'), `body{margin:0}\n${'.x{color:red}\n'.repeat(200)}`);
  // A second script with the build's precompressed copies (web/scripts/precompress.ts).
  await mkdir(path.join(dist, 'assets', 'pre'));
  await writeFile(path.join(dist, 'assets', 'pre', 'page-def456.js'), js);
  precompressFolder(path.join(dist, 'assets', 'pre'));
  webDistBefore = process.env.ILERA_WEB_DIST;
  process.env.ILERA_WEB_DIST = dist;
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
  // Test files share a process (vitest.config.ts): the next file must find the real build again.
  if (webDistBefore === undefined) delete process.env.ILERA_WEB_DIST;
  else process.env.ILERA_WEB_DIST = webDistBefore;
  await rm(dist, { recursive: true, force: true });
});

it.each([
  ['/assets/index-abc123.js', 'gzip'],
  ['/assets/index-abc123.js', 'br'],
  ['/assets/index-abc123.css', 'gzip'],
])('serves %s compressed (%s) with a one-year immutable cache lifetime', async (url, encoding) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-encoding']).toBe(encoding);
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(res.rawPayload.length).toBeLessThan(url.endsWith('.js') ? js.length / 2 : 3000);
});

it('has the page revalidated on every visit', async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/search' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-cache');
});

it.each([
  ['br', '.br', brotliDecompressSync],
  ['gzip', '.gz', gunzipSync],
] as const)('sends the build\'s precompressed %s copy as it is, keyed by Accept-Encoding', async (encoding, suffix, decompress) => {
  const file = path.join(dist, 'assets', 'pre', 'page-def456.js');
  const copy = await readFile(`${file}${suffix}`);
  const res = await ctx.app.inject({ method: 'GET', url: '/assets/pre/page-def456.js', headers: { 'accept-encoding': encoding } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-encoding']).toBe(encoding);
  expect(res.headers['content-type']).toMatch(/javascript/);
  expect(res.headers['vary']).toMatch(/accept-encoding/i);
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  // The very bytes the build wrote (best level), not a second compression on the fly.
  expect(Buffer.compare(res.rawPayload, copy)).toBe(0);
  expect(decompress(res.rawPayload).toString()).toBe(js);
});

it('sends the plain file to a client that takes no compression', async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/assets/pre/page-def456.js', headers: { 'accept-encoding': 'identity' } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-encoding']).toBeUndefined();
  expect(res.body).toBe(js);
});
