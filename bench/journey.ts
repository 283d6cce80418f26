/**
 * The journey bench (issue 35): what a first-time visitor on a phone downloads for
 * the landing page, a search typed as "cardiologist in lagos" and one profile, and
 * what the same journey costs again with the cache warm. Chromium (playwright-core,
 * /usr/bin/chromium as the browser tests use) at 360 x 740.
 *
 *   tsx bench/journey.ts [--dist web/dist] [--runs 2] [--lang en|ha|yo|ig|pcm|all] [--database-url URL] [--url http://host:port] [--list]
 *   tsx bench/journey.ts --serve [--dist ...]   (only serves that build, for bench/lighthouse.ts --url)
 *
 * - Bytes are counted where they cross the wire: at the server's sockets (status line,
 *   headers and the body as sent, compressed or not), for every request the browser made,
 *   the service worker's included. Requests are the HTTP requests the server answered
 *   (304 revalidations count). `--list` prints every request with its size.
 * - A first visit is a fresh browser context (empty cache, no cookies); the repeat visit
 *   replays the journey in the same context right after, cache and service worker warm.
 * - Without --url the app runs in this process from --dist (default web/dist: build with
 *   ILERA_WEB_OUT and pass the folder) against --database-url (default
 *   postgres://postgres@127.0.0.1:5432/ilera_journey, created and seeded with the demo
 *   directory when empty) and the local Redis under its own prefix. With --url only the
 *   browser-side figures (Chromium's encoded sizes) are available.
 * - `--lang` (issue 50): the visitor's browser asks for that language (Accept-Language), so `/` sends it to the
 *   language's prefix and the whole journey is in it; `all` runs the five one after the other. Default en.
 * A script, not a test: it prints figures. Budgets (issue 35): first visit 150 KB and 25
 * requests, repeat visit 10 KB; it exits 1 above them.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { chromium, type Page } from 'playwright-core';
import postgres from 'postgres';
import { createSql, loadConfig, migrate } from '@ilera/db';
import { DEMO_SIZES, isEmpty, seedDemo } from '@ilera/db/seed/demo';
import { reindexAll } from '@ilera/search';
import { buildApp } from '@ilera/api/app';
import { createRedis } from '@ilera/workers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const budgets = { firstKb: 150, firstRequests: 25, repeatKb: 10 };
const query = 'cardiologist in lagos';

const { values: argv } = parseArgs({
  options: {
    dist: { type: 'string' },
    runs: { type: 'string' },
    'database-url': { type: 'string' },
    url: { type: 'string' },
    list: { type: 'boolean' },
    serve: { type: 'boolean' },
    lang: { type: 'string' },
  },
});
const LANGUAGES = ['en', 'ha', 'yo', 'ig', 'pcm'];
const languages = argv.lang === 'all' ? LANGUAGES : [argv.lang ?? 'en'];
if (languages.some((l) => !LANGUAGES.includes(l))) throw new Error(`--lang: one of ${LANGUAGES.join(', ')} or all`);

interface Exchange {
  method: string;
  url: string;
  status: number;
  bytes: number;
  encoding: string;
}

/** Every answer the server sent, with the bytes it put on the socket for it. */
class WireLog {
  exchanges: Exchange[] = [];
  readonly onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket as Socket;
    const before = socket.bytesWritten;
    res.once('finish', () => {
      this.exchanges.push({
        method: req.method ?? 'GET',
        url: req.url ?? '',
        status: res.statusCode,
        bytes: socket.bytesWritten - before,
        encoding: String(res.getHeader('content-encoding') ?? ''),
      });
    });
  };
  take(): Exchange[] {
    const out = this.exchanges;
    this.exchanges = [];
    return out;
  }
}

async function ensureDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = postgres({ ...parseUrl(url), database: 'postgres', onnotice: () => {} });
  try {
    const [exists] = await admin`SELECT 1 FROM pg_database WHERE datname = ${name}`;
    if (!exists) await admin.unsafe(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await admin.end();
  }
}
function parseUrl(url: string) {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port || 5432), username: decodeURIComponent(u.username || 'postgres'), password: decodeURIComponent(u.password) || undefined };
}

/** The app from a built web folder, in this process, on a free port. */
async function startApp(dist: string, databaseUrl: string, wire: WireLog) {
  await ensureDatabase(databaseUrl);
  const sql = createSql(databaseUrl, { max: 4 });
  await migrate(sql);
  if (await isEmpty(sql)) {
    console.log(`Seeding the demo directory into ${databaseUrl}...`);
    await seedDemo(sql, { log: () => {}, register: DEMO_SIZES.register });
    await sql`ANALYZE`;
    await reindexAll(sql);
  }
  const base = loadConfig({ ...process.env, NODE_ENV: 'production', SESSION_SECRET: randomBytes(32).toString('hex'), MAIL_TO_FILES: '1' });
  const config = {
    ...base,
    port: 0,
    redisPrefix: `ilera-journey-${process.pid}`,
    logLevel: 'warn' as const,
    // The bench shares the machine with the browser: a stalled event loop is not overload here.
    loadShedding: { ...base.loadShedding, maxEventLoopDelayMs: 0 },
  };
  const redis = createRedis(config.redisUrl);
  const app = await buildApp({ sql, redis, config, logStream: false, webRoot: dist });
  app.server.on('request', wire.onRequest);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    base: `http://127.0.0.1:${port}`,
    async stop() {
      await app.close();
      const keys = await redis.keys(`${config.redisPrefix}:*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
      await sql.end({ timeout: 2 });
    },
  };
}

/** Chromium's own count, for --url: encoded bytes of every response that came over the network. */
function browserLog(page: Page) {
  const sizes: Exchange[] = [];
  page.on('requestfinished', async (request) => {
    const response = await request.response();
    if (!response) return;
    const { responseBodySize, responseHeadersSize } = await request.sizes();
    sizes.push({ method: request.method(), url: request.url(), status: response.status(), bytes: responseBodySize + responseHeadersSize, encoding: '' });
  });
  return { take: () => sizes.splice(0) };
}

/** Waits until nothing has been asked of the network for a moment. */
const settle = (page: Page) => page.waitForLoadState('networkidle', { timeout: 60_000 });

/** The journey in the page's language (found by role and address, not by English words: --lang). */
async function journey(page: Page, lang: string): Promise<void> {
  const prefix = lang === 'en' ? '' : `/${lang}`;
  await page.goto('/', { waitUntil: 'load' });
  await settle(page);
  if (new URL(page.url()).pathname !== (prefix || '/')) throw new Error(`/ opened ${page.url()}, not the ${lang} landing page`);
  const box = page.getByRole('search').locator('input[name="q"]').first();
  await box.fill(query);
  await box.press('Enter');
  await page.waitForURL(new RegExp(`^[^?]*//[^/]+${prefix}/search\\?`));
  const card = page.getByRole('article').first();
  const profile = card.locator('a[href*="/professional/"], a[href*="/institution/"]').first();
  await profile.waitFor();
  await settle(page);
  const name = (await card.getByRole('heading', { level: 3 }).first().innerText()).trim();
  await profile.click();
  await page.waitForURL(new RegExp(`${prefix}/(professional|institution)/\\d+`));
  await page.getByRole('heading', { level: 1, name }).waitFor();
  await settle(page);
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
function summary(label: string, exchanges: Exchange[]) {
  const bytes = exchanges.reduce((n, e) => n + e.bytes, 0);
  const kinds = new Map<string, { n: number; bytes: number }>();
  for (const e of exchanges) {
    const p = new URL(e.url, 'http://x').pathname;
    const kind = p.startsWith('/api/') ? 'api' : /\.js$/.test(p) ? 'js' : /\.css$/.test(p) ? 'css' : /\.(png|jpe?g|webp|avif|svg|ico|woff2?)$/.test(p) ? 'image/font' : 'page/other';
    const k = kinds.get(kind) ?? { n: 0, bytes: 0 };
    k.n++;
    k.bytes += e.bytes;
    kinds.set(kind, k);
  }
  const parts = [...kinds].map(([k, v]) => `${k} ${v.n} (${kb(v.bytes)} KB)`).join(', ');
  console.log(`  ${label.padEnd(14)} ${kb(bytes).padStart(7)} KB in ${String(exchanges.length).padStart(3)} requests  [${parts}]`);
  if (argv.list) {
    for (const e of exchanges) console.log(`      ${String(e.status)} ${e.method.padEnd(4)} ${kb(e.bytes).padStart(6)} KB ${e.encoding.padEnd(4)} ${e.url.slice(0, 110)}`);
  }
  return { bytes, requests: exchanges.length };
}

async function main() {
  const runs = Math.max(1, Number(argv.runs ?? 2));
  const wire = new WireLog();
  let base = argv.url?.replace(/\/$/, '');
  let stop: (() => Promise<void>) | undefined;
  if (!base) {
    const dist = path.resolve(argv.dist ?? path.join(root, 'web', 'dist'));
    const app = await startApp(dist, argv['database-url'] ?? process.env.JOURNEY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ilera_journey', wire);
    ({ base, stop } = app);
    console.log(`App from ${dist} at ${base}`);
    if (argv.serve) {
      // Until stopped (Ctrl-C).
      await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()).once('SIGTERM', () => resolve()));
      await stop();
      return;
    }
  }
  // As test/browser.ts launches it: Debian's Chromium, kept from reaching the network on its own.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
  const close = () => browser.close();
  const results: { lang: string; first: { bytes: number; requests: number }; repeat: { bytes: number; requests: number } }[] = [];
  try {
    console.log(`Journey at 360 x 740: landing, search "${query}", first profile (${argv.url ? 'Chromium encoded sizes' : 'bytes on the wire'}):`);
    // Runs alternate between the languages (en ha yo ig pcm en ha ...), so that a busy moment of the machine
    // does not fall on one language only.
    for (let run = 1; run <= runs; run++) {
      for (const lang of languages) {
        const context = await browser.newContext({
          baseURL: base,
          viewport: { width: 360, height: 740 },
          isMobile: true,
          hasTouch: true,
          // The visitor's language as the browser asks for it (issue 50: `/` follows Accept-Language, which
          // Chromium sends from its locale; an extra header would be sent beside en-NG's, not instead).
          locale: lang === 'en' ? 'en-NG' : lang,
        });
        const page = await context.newPage();
        page.setDefaultTimeout(30_000);
        const log = argv.url ? browserLog(page) : wire;
        log.take();
        await journey(page, lang);
        const first = summary(`${lang} ${run} first`, log.take());
        await journey(page, lang);
        const repeat = summary(`${lang} ${run} repeat`, log.take());
        results.push({ lang, first, repeat });
        await context.close();
      }
    }
  } finally {
    await close();
    await stop?.();
  }
  for (const lang of languages) {
    const mine = results.filter((r) => r.lang === lang);
    const worst = (pick: (r: (typeof results)[number]) => number) => Math.max(...mine.map(pick));
    const firstKb = worst((r) => r.first.bytes) / 1024;
    const firstRequests = worst((r) => r.first.requests);
    const repeatKb = worst((r) => r.repeat.bytes) / 1024;
    console.log(
      `${lang}: worst of ${runs}: first visit ${firstKb.toFixed(1)} KB / ${firstRequests} requests (budget ${budgets.firstKb} KB / ${budgets.firstRequests}), ` +
        `repeat visit ${repeatKb.toFixed(1)} KB (budget ${budgets.repeatKb} KB)`,
    );
    if (firstKb > budgets.firstKb || firstRequests > budgets.firstRequests || repeatKb > budgets.repeatKb) {
      console.error(`${lang}: over the journey budget.`);
      process.exitCode = 1;
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
