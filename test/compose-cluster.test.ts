import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typesenseCluster } from '@ilera/search';

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
});
