import type { TypesenseOptions } from '../search/src/typesense-engine';
import { fakeTypesense, type FakeTypesense } from './fake-typesense';

/**
 * Where the Typesense engine's tests run: a real Typesense when TYPESENSE_URL and TYPESENSE_API_KEY
 * name one (`TYPESENSE_URL=http://localhost:8108 TYPESENSE_API_KEY=... npm test -- search`), the
 * Typesense 27.1 test double (test/fake-typesense.ts) otherwise. On a real server each test's
 * collections carry a prefix of their own and are deleted at the end.
 */
const realUrl = process.env.TYPESENSE_URL && process.env.TYPESENSE_API_KEY ? process.env.TYPESENSE_URL : undefined;

export interface TypesenseServer {
  url: string;
  apiKey: string;
  /** The double, when it is the double (its switches, what it saw). */
  fake?: FakeTypesense;
  /** Engine options with a prefix of this test's own. */
  options(label: string): TypesenseOptions;
  close(): Promise<void>;
}

async function real(url: string, apiKey: string): Promise<TypesenseServer> {
  const prefixes: string[] = [];
  const api = (path: string, init?: RequestInit) =>
    fetch(`${url.split(',')[0].replace(/\/$/, '')}${path}`, { ...init, headers: { 'x-typesense-api-key': apiKey, 'content-type': 'application/json' } });
  return {
    url,
    apiKey,
    options: (label) => {
      const prefix = `t${Date.now().toString(36)}${label}_`;
      prefixes.push(prefix);
      return { url, apiKey, prefix };
    },
    close: async () => {
      const mine = (name: string) => prefixes.some((p) => name.startsWith(p));
      const aliases = ((await (await api('/aliases')).json()) as { aliases: { name: string }[] }).aliases;
      for (const a of aliases.filter((x) => mine(x.name))) await api(`/aliases/${a.name}`, { method: 'DELETE' });
      const collections = (await (await api('/collections')).json()) as { name: string }[];
      for (const c of collections.filter((x) => mine(x.name))) await api(`/collections/${c.name}`, { method: 'DELETE' });
      // The search-only keys the engines made for these prefixes (collections `<prefix>.*`).
      const keys = ((await (await api('/keys')).json()) as { keys: { id: number; collections: string[] }[] }).keys;
      for (const k of keys.filter((x) => x.collections.some((c) => mine(c)))) await api(`/keys/${k.id}`, { method: 'DELETE' });
    },
  };
}

export const typesenseTarget = {
  real: !!realUrl,
  name: realUrl ? 'TypesenseEngine (TYPESENSE_URL)' : 'TypesenseEngine (Typesense 27.1 test double)',
  async start(): Promise<TypesenseServer> {
    if (realUrl) return real(realUrl, process.env.TYPESENSE_API_KEY!);
    const fake = await fakeTypesense({ apiKey: 'test-admin-key' });
    return {
      url: fake.url,
      apiKey: 'test-admin-key',
      fake,
      options: (label) => ({ url: fake.url, apiKey: 'test-admin-key', prefix: `${label}_` }),
      close: () => fake.close(),
    };
  },
};
