import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { eventually, freePort } from './support';

/**
 * A redis-server of the test's own, on a free port, that the test may pause,
 * stop and start again: the shared Redis (other files' queues) is never touched.
 */
export interface PrivateRedis {
  url: string;
  /** SIGSTOP: the server keeps its connections but answers nothing (a hung Redis). */
  pause(): void;
  resume(): void;
  /** SIGKILL, and waits until it is gone (connections refused from then on). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let server: ChildProcess | undefined;
  const handle: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    pause: () => void server?.kill('SIGSTOP'),
    resume: () => void server?.kill('SIGCONT'),
    async stop() {
      const s = server;
      server = undefined;
      if (!s || s.exitCode !== null) return;
      s.kill('SIGCONT'); // a paused process would not die until resumed on some systems
      s.kill('SIGKILL');
      await once(s, 'exit');
    },
    async start() {
      server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      probe.on('error', () => {});
      try {
        await eventually(async () => {
          await probe.connect().catch(() => {});
          return (await probe.ping().catch(() => '')) === 'PONG';
        });
      } finally {
        probe.disconnect();
      }
    },
  };
  await handle.start();
  return handle;
}
