import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './support';

/**
 * HEAD answers wherever GET does (issue 15: `HEAD /` was 404): the same status
 * and headers, no body. Uptime monitors and link checkers send HEAD.
 */
let ctx: TestContext;
let dist: string;
let webDistBefore: string | undefined;
let base: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'ilera-head-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><script type="module" src="/assets/index-h34d.js"></script>');
  await writeFile(path.join(dist, 'assets', 'index-h34d.js'), 'console.log("ilera");\n');
  webDistBefore = process.env.ILERA_WEB_DIST;
  process.env.ILERA_WEB_DIST = dist;
  ctx = await createTestContext();
  base = await ctx.listen();
});
afterAll(async () => {
  await ctx?.close();
  // Test files share a process (vitest.config.ts): the next file must find the real build again.
  if (webDistBefore === undefined) delete process.env.ILERA_WEB_DIST;
  else process.env.ILERA_WEB_DIST = webDistBefore;
  await rm(dist, { recursive: true, force: true });
});

it.each([
  ['/', 'text/html'],
  ['/search', 'text/html'],
  ['/professionals/1', 'text/html'],
  ['/assets/index-h34d.js', 'javascript'],
  ['/api/directory/counts', 'application/json'],
  ['/healthz', 'application/json'],
])('HEAD %s answers as GET does, without a body', async (url, type) => {
  const get = await fetch(base + url);
  const head = await fetch(base + url, { method: 'HEAD' });
  expect(get.status).toBe(200);
  expect(head.status).toBe(200);
  expect(head.headers.get('content-type')).toContain(type);
  expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
  expect(head.headers.get('cache-control')).toBe(get.headers.get('cache-control'));
  expect(head.headers.get('content-length')).toBe(get.headers.get('content-length'));
  expect(await head.text()).toBe('');
  expect((await get.text()).length).toBeGreaterThan(0);
});

it('HEAD of a missing API path or asset is 404, as GET is', async () => {
  for (const url of ['/api/no-such-thing', '/assets/missing-0000.js']) {
    expect((await fetch(base + url, { method: 'HEAD' })).status).toBe(404);
    expect((await fetch(base + url)).status).toBe(404);
  }
});
