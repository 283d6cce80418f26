// Writes the install icons of the web manifest (issue 35) into web/public/icons: the
// favicon's drawing (a white cross on a teal rounded square) as PNGs, and a maskable one
// whose cross sits inside the central 80% safe zone on a full-bleed background.
// Run: npx tsx web/scripts/make-icons.ts (the PNGs are committed; no image tool needed).
import { writeFileSync, mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const teal = [0x0c, 0xa6, 0x78];
const white = [0xff, 0xff, 0xff];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
};

/** An RGBA PNG of `size` pixels, each pixel's colour from `paint(x, y)` in units of the drawing (0..1). */
function png(size: number, paint: (x: number, y: number) => number[] | null): Buffer {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  const samples = 4; // 4x4 supersampling smooths the edges
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const acc = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy++)
        for (let sx = 0; sx < samples; sx++) {
          const c = paint((x + (sx + 0.5) / samples) / size, (y + (sy + 0.5) / samples) / size);
          if (c) {
            acc[0]! += c[0]!;
            acc[1]! += c[1]!;
            acc[2]! += c[2]!;
            acc[3]! += 255;
          }
        }
      const n = samples * samples;
      const at = y * (size * 4 + 1) + 1 + x * 4;
      const a = acc[3]! / n;
      raw[at] = a ? Math.round(acc[0]! / (acc[3]! / 255)) : 0;
      raw[at + 1] = a ? Math.round(acc[1]! / (acc[3]! / 255)) : 0;
      raw[at + 2] = a ? Math.round(acc[2]! / (acc[3]! / 255)) : 0;
      raw[at + 3] = Math.round(a);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The favicon's cross (web/index.html): arms 6/32 wide, from 7/32 to 25/32, centred at `c`, scaled by `s`. */
const inCross = (x: number, y: number, s = 1) => {
  const u = (x - 0.5) / s + 0.5;
  const v = (y - 0.5) / s + 0.5;
  const arm = (t: number) => t >= 13 / 32 && t <= 19 / 32;
  const span = (t: number) => t >= 7 / 32 && t <= 25 / 32;
  return (arm(u) && span(v)) || (arm(v) && span(u));
};
const inRoundedSquare = (x: number, y: number, r = 8 / 32) => {
  const dx = Math.max(r - x, 0, x - (1 - r));
  const dy = Math.max(r - y, 0, y - (1 - r));
  return dx * dx + dy * dy <= r * r;
};

const icon = (x: number, y: number) => (!inRoundedSquare(x, y) ? null : inCross(x, y) ? white : teal);
// Maskable: the whole square is background; the cross shrinks to sit within the safe zone.
const maskable = (x: number, y: number) => (inCross(x, y, 0.7) ? white : teal);

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'icon-192.png'), png(192, icon));
writeFileSync(join(out, 'icon-512.png'), png(512, icon));
writeFileSync(join(out, 'maskable-512.png'), png(512, maskable));
writeFileSync(join(out, 'apple-touch-icon-180.png'), png(180, maskable));
