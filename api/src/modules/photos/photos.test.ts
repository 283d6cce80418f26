import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/support';
import { createInstitution, createProfessional } from '../../../../test/factories';
import { mayFetch, photoVariant } from './photos.service';

let ctx: TestContext;
let base: string;
let photoHost: string;
let original: Buffer;
let served = 0;
let server: Server;
let pro: { id: number };
let pending: { id: number };
let inst: { id: number };

beforeAll(async () => {
  ctx = await createTestContext();
  base = await ctx.listen();
  // A 1600 x 1200 upload, as a phone camera makes it.
  original = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#0ca678' } }).jpeg({ quality: 95 }).toBuffer();
  server = createServer((req, res) => {
    served++;
    res.writeHead(200, { 'content-type': 'image/jpeg' }).end(req.url === '/not-an-image.jpg' ? 'hello' : original);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  photoHost = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  pro = await createProfessional(ctx.sql, { user: { firstName: 'Ngozi', lastName: 'Eze' } });
  pending = await createProfessional(ctx.sql, { status: 'pending' });
  inst = await createInstitution(ctx.sql, { name: 'Harbour Hospital' });
});
afterAll(async () => {
  server?.close();
  await ctx?.close();
});

const get = (url: string, accept = 'image/avif,image/webp,*/*') => fetch(`${base}${url}`, { headers: { accept } });
const anyHost = async () => true;

describe('provider photos at the size shown (issue 35)', () => {
  it('never fetches a photo URL on a private address other than the app itself (SSRF)', async () => {
    expect(await mayFetch(`${photoHost}/photo.jpg`, base)).toBe(false);
    expect(await mayFetch('http://10.0.0.8/photo.jpg', base)).toBe(false);
    expect(await mayFetch('http://192.168.1.1/photo.jpg', base)).toBe(false);
    expect(await mayFetch('http://169.254.169.254/latest/meta-data', base)).toBe(false);
    expect(await mayFetch('http://[::1]/photo.jpg', base)).toBe(false);
    expect(await mayFetch('file:///etc/passwd', base)).toBe(false);
    expect(await mayFetch('http://8.8.8.8/photo.jpg', base)).toBe(true);
    expect(await mayFetch(`${base}/icons/icon-512.png`, base)).toBe(true);
    await ctx.sql`UPDATE professionals SET profile_image_url = ${`${photoHost}/photo.jpg`} WHERE id = ${pro.id}`;
    expect((await get(`/api/photos/professional/${pro.id}?w=64`)).status).toBe(404);
    expect(served).toBe(0);
  });

  it('makes a 64 px avatar 128 px square in AVIF, WebP or JPEG, a small part of the upload, once per size and format', async () => {
    const before = served;
    for (const format of ['avif', 'webp', 'jpeg'] as const) {
      const variant = await photoVariant(`${photoHost}/photo.jpg`, 64, format, anyHost);
      const meta = await sharp(variant.body).metadata();
      expect([meta.format === 'heif' ? 'avif' : meta.format, meta.width, meta.height]).toEqual([format, 128, 128]);
      expect(variant.body.length).toBeLessThan(original.length / 5);
    }
    expect(served - before).toBe(3);
    // Kept: asking again fetches nothing.
    await photoVariant(`${photoHost}/photo.jpg`, 64, 'webp', anyHost);
    expect(served - before).toBe(3);
  });

  it('answers 404 for no photo, a provider the public may not see, an unreadable image; 400 for a size the app never shows', async () => {
    expect((await get(`/api/photos/institution/${inst.id}?w=64`)).status).toBe(404);
    await ctx.sql`UPDATE professionals SET profile_image_url = 'https://example.ng/a.jpg' WHERE id = ${pending.id}`;
    expect((await get(`/api/photos/professional/${pending.id}?w=64`)).status).toBe(404);
    expect((await get('/api/photos/hospital/1?w=64')).status).toBe(404);
    await expect(photoVariant(`${photoHost}/not-an-image.jpg`, 64, 'webp', anyHost)).rejects.toThrow('Photo not found');
    const bad = await get(`/api/photos/professional/${pro.id}?w=1000`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/^w must be one of/);
  });
});
