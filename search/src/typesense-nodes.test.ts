import { describe, expect, it } from 'vitest';
import { loadConfig } from '@ilera/db';
import { createEngine, TypesenseEngine } from './index';
import { typesenseCluster } from './typesense-nodes';

/**
 * TYPESENSE_URL names one node or a replicated cluster's nodes, comma-separated;
 * TYPESENSE_NEAREST_URL the node tried first. The Typesense client is built with
 * every node, so it fails over between them.
 */
describe('TYPESENSE_URL with several nodes', () => {
  it('reads one node, as before', () => {
    expect(typesenseCluster('http://typesense:8108')).toEqual({ nodes: [{ host: 'typesense', port: 8108, protocol: 'http', path: '' }] });
  });

  it('reads a cluster: every node, in order, with default ports and paths; spaces and a trailing comma are forgiven', () => {
    expect(typesenseCluster(' http://ts-1:8108, http://ts-2:8108 ,https://search.example.ng/ts/,')).toEqual({
      nodes: [
        { host: 'ts-1', port: 8108, protocol: 'http', path: '' },
        { host: 'ts-2', port: 8108, protocol: 'http', path: '' },
        { host: 'search.example.ng', port: 443, protocol: 'https', path: '/ts' },
      ],
    });
  });

  it('adds the nearest node when TYPESENSE_NEAREST_URL names one', () => {
    expect(typesenseCluster('http://ts-1:8108,http://ts-2:8108', 'http://ts-2:8108').nearestNode).toEqual({ host: 'ts-2', port: 8108, protocol: 'http', path: '' });
  });

  it('refuses what is not a list of http(s) URLs, naming the variable', () => {
    expect(() => typesenseCluster('http://ts-1:8108,ts-2:8108')).toThrow(/TYPESENSE_URL.*"ts-2:8108"/);
    expect(() => typesenseCluster('http://ts-1:8108;http://ts-2:8108')).toThrow(/TYPESENSE_URL/);
    expect(() => typesenseCluster(' , ')).toThrow('TYPESENSE_URL names no node');
    expect(() => typesenseCluster('http://ts-1:8108,http://ts-1:8108/')).toThrow('TYPESENSE_URL names the same node twice');
    expect(() => typesenseCluster('http://ts-1:8108', 'nearest')).toThrow(/TYPESENSE_NEAREST_URL/);
  });

  it('builds the engine on every node of the configuration (and the nearest one)', () => {
    const config = loadConfig({
      TYPESENSE_URL: 'http://ts-1:8108,http://ts-2:8108,http://ts-3:8108',
      TYPESENSE_API_KEY: 'cluster-key',
      TYPESENSE_NEAREST_URL: 'http://ts-3:8108',
    });
    const engine = createEngine(config, null as never);
    expect(engine).toBeInstanceOf(TypesenseEngine);
    // The client as typesense-js keeps it: what it spreads requests over and fails over between
    // (in a shuffled order, so that many API processes do not all start on the first node).
    const configuration = (engine as TypesenseEngine)['client'].configuration;
    expect(configuration.nodes.map((n: { host: string; port: number }) => `${n.host}:${n.port}`).sort()).toEqual(['ts-1:8108', 'ts-2:8108', 'ts-3:8108']);
    expect(configuration.nearestNode).toMatchObject({ host: 'ts-3', port: 8108 });
    expect(configuration.apiKey).toBe('cluster-key');
  });
});
