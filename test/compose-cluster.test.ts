import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typesenseCluster } from '@ilera/search';
import { fakeTypesense } from './fake-typesense';

/**
 * docker-compose.yml's `cluster` profile: three Typesense nodes forming one Raft
 * cluster from deploy/typesense-cluster.nodes, and the app's TYPESENSE_URL naming
 * all three. Checked with `docker-compose config` (no Docker engine needed).
 */
const root = path.resolve(__dirname, '..');
const secrets = { SESSION_SECRET: 'compose-test-session-secret-0123456789abcdef', TYPESENSE_API_KEY: 'cluster-test-key', POSTGRES_PASSWORD: 'clustertestpassword', METRICS_TOKEN: 'cluster-test-metrics-token' };
const clusterUrl = 'http://typesense-1:8108,http://typesense-2:8108,http://typesense-3:8108';
let dir: string;
let envFile: string;

beforeAll(() => {
  const ensure = spawnSync('bash', [path.join(root, 'scripts/ensure-docker-compose.sh')], { encoding: 'utf8' });
  if (ensure.status !== 0) throw new Error(`docker-compose is needed to check docker-compose.yml: ${ensure.stderr.trim()}`);
  dir = mkdtempSync(path.join(os.tmpdir(), 'ilera-compose-cluster-'));
  envFile = path.join(dir, 'empty.env');
  writeFileSync(envFile, '');
}, 600_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function compose(args: string[], vars: Record<string, string>) {
  const r = spawnSync('docker-compose', ['--env-file', envFile, '-f', 'docker-compose.yml', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, ...secrets, ...vars },
    encoding: 'utf8',
  });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return r.stdout;
}

/** One service's lines in `docker-compose config` output (up to the next top-level or service key). */
function serviceBlock(config: string, name: string): string {
  const lines = config.split('\n');
  const start = lines.indexOf(`  ${name}:`);
  expect(start).toBeGreaterThan(-1);
  const end = lines.findIndex((l, k) => k > start && /^ {0,2}\S/.test(l));
  return lines.slice(start, end < 0 ? undefined : end).join('\n') + '\n';
}

describe('docker-compose.yml cluster profile', () => {
  it('runs three Typesense nodes only under the profile, each joining the cluster of the nodes file', () => {
    const services = compose(['--profile', 'cluster', 'config', '--services'], { TYPESENSE_URL: clusterUrl }).split('\n').filter(Boolean);
    expect(services.filter((s) => /^typesense-\d$/.test(s)).sort()).toEqual(['typesense-1', 'typesense-2', 'typesense-3']);

    const config = compose(['--profile', 'cluster', 'config'], { TYPESENSE_URL: clusterUrl });
    for (const n of [1, 2, 3]) {
      const block = serviceBlock(config, `typesense-${n}`);
      expect(block).toContain(`hostname: typesense-${n}`);
      // Only `docker-compose --profile cluster up` starts it (docker-compose 1.29 lists every service in `config`).
      expect(block).toMatch(/\n    profiles:\n    - cluster\n/);
      expect(block).toContain('- --nodes\n    - /etc/typesense/nodes');
      expect(block).toMatch(new RegExp(`typesense-cluster\\.nodes:/etc/typesense/nodes:ro`));
      expect(block).toContain(`typesense${n}data:/data`);
    }
    // A restarted node comes back where its peers expect it: fixed addresses on a fixed subnet, and
    // --reset-peers-on-error for a stored peer list that no longer fits (issue 39).
    const addresses = [1, 2, 3].map((n) => {
      const block = serviceBlock(config, `typesense-${n}`);
      expect(block).toContain('- --reset-peers-on-error');
      return /ipv4_address: (\S+)/.exec(block)?.[1];
    });
    expect(addresses).toEqual(['172.28.8.11', '172.28.8.12', '172.28.8.13']);
    expect(config).toMatch(/networks:\n  default:\n    ipam:\n      config:\n      - subnet: 172\.28\.8\.0\/24\n/);
    // Every node's peering and API ports, as Typesense reads the file: host:peering_port:api_port.
    const nodes = readFileSync(path.join(root, 'deploy/typesense-cluster.nodes'), 'utf8').trim();
    expect(nodes.split(',')).toEqual(['typesense-1:8107:8108', 'typesense-2:8107:8108', 'typesense-3:8107:8108']);
  });

  it('points the API and the workers at every node when TYPESENSE_URL names them, and at the single node by default', () => {
    const config = compose(['--profile', 'cluster', 'config'], { TYPESENSE_URL: clusterUrl });
    const urls = [...config.matchAll(/TYPESENSE_URL: (.+)/g)].map((m) => m[1]);
    expect(urls).toEqual([clusterUrl, clusterUrl]);
    expect(typesenseCluster(urls[0]).nodes.map((n) => n.host)).toEqual(['typesense-1', 'typesense-2', 'typesense-3']);
    const single = compose(['config'], {});
    expect([...single.matchAll(/TYPESENSE_URL: (.+)/g)].map((m) => m[1])).toEqual(['http://typesense:8108', 'http://typesense:8108']);
  });

  it('with docker-compose.cluster.yml, the API and the workers search the three nodes and wait until each is healthy', () => {
    const config = compose(['-f', 'docker-compose.cluster.yml', '--profile', 'cluster', 'config'], {});
    for (const app of ['api', 'workers']) {
      const block = serviceBlock(config, app);
      for (const n of [1, 2, 3]) expect(block).toContain(`      typesense-${n}:\n        condition: service_healthy\n`);
      expect(block).toContain(`TYPESENSE_URL: ${clusterUrl}`);
    }
  });

  it("counts a node healthy only once GET /health answers {\"ok\":true}, not while it answers 503", async () => {
    // The healthcheck as docker-compose.yml has it (every node's and the single node's), run against the double.
    const line = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8').split('\n').find((l) => l.includes('/dev/tcp/127.0.0.1/8108'))!;
    const [cmd, shell, flag, script] = JSON.parse(line.slice(line.indexOf('['))) as string[];
    expect([cmd, shell, flag]).toEqual(['CMD', 'bash', '-c']);
    const node = await fakeTypesense();
    try {
      // Asynchronously: the double answers from this process.
      const check = () =>
        new Promise<number | null>((resolve) => {
          const child = spawn('bash', ['-c', script.replace('8108', new URL(node.url).port)], { stdio: 'ignore', timeout: 5000 });
          child.on('close', (code) => resolve(code));
        });
      node.fail(503); // starting, or no leader yet: Typesense answers 503 {"ok":false} on an open port
      expect(await check()).not.toBe(0);
      node.fail();
      expect(await check()).toBe(0);
    } finally {
      await node.close();
    }
  });
});

