import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { Redis } from 'ioredis';
import type { Config } from '@ilera/db';

export interface RedisHandle {
  url: string;
  stop(): Promise<void>;
}

export async function redisAnswers(url: string): Promise<boolean> {
  const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1500, retryStrategy: () => null });
  r.on('error', () => {});
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A Redis that answers now: REDIS_URL (or redis://127.0.0.1:6379), else the private
 * redis-server a running app started under DATA_DIR/redis. Null when neither does.
 */
export async function runningRedis(config: Config): Promise<string | null> {
  if (await redisAnswers(config.redisUrl)) return config.redisUrl;
  try {
    const port = Number(await readFile(path.join(config.dataDir, 'redis', 'port'), 'utf8'));
    const url = `redis://127.0.0.1:${port}`;
    if (port && (await redisAnswers(url))) return url;
  } catch {
    /* not running */
  }
  return null;
}

/**
 * REDIS_URL, else redis://127.0.0.1:6379; when nothing answers and no REDIS_URL
 * was given, a private redis-server with its data under DATA_DIR/redis.
 */
export async function resolveRedis(config: Config): Promise<RedisHandle> {
  const explicit = config.redisUrlSet;
  const running = await runningRedis(config);
  if (running && (running === config.redisUrl || !explicit)) return { url: running, stop: async () => {} };
  const hasBinary = spawnSync('redis-server', ['--version']).status === 0;
  if (explicit || !hasBinary) {
    throw new Error(
      explicit
        ? `Redis at REDIS_URL (${new URL(config.redisUrl).host}) does not answer: start it or fix REDIS_URL.`
        : 'Redis is not running at redis://127.0.0.1:6379 and redis-server is not installed: install Redis (apt-get install redis-server) or set REDIS_URL.',
    );
  }
  const dir = path.join(config.dataDir, 'redis');
  await mkdir(dir, { recursive: true });
  const portFile = path.join(dir, 'port');
  const port = await freePort();
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', '60 1'],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 50 && !(await redisAnswers(url)); i++) await new Promise((r) => setTimeout(r, 100));
  await writeFile(portFile, String(port));
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
    },
  };
}
