/**
 * TYPESENSE_URL names one Typesense server or the nodes of a replicated cluster,
 * comma-separated ("http://ts-1:8108,http://ts-2:8108,http://ts-3:8108"). The
 * client spreads requests over the nodes and, when one stops answering, retries
 * on the next and leaves the failed one out until its health check passes.
 * TYPESENSE_NEAREST_URL optionally names the node next to this process (the
 * same machine or zone): the client sends everything there while it is healthy
 * and falls back to the others.
 */
export interface TypesenseNode {
  host: string;
  port: number;
  protocol: string;
  path: string;
}

export interface TypesenseCluster {
  nodes: TypesenseNode[];
  nearestNode?: TypesenseNode;
}

function nodeOf(url: string, variable: string): TypesenseNode {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error(`${variable} holds "${url}", which is not a URL (expected e.g. http://typesense:8108)`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`${variable}: "${url}" must start with http:// or https://`);
  const protocol = u.protocol.replace(':', '');
  return {
    host: u.hostname,
    port: Number(u.port || (protocol === 'https' ? 443 : 80)),
    protocol,
    path: u.pathname.replace(/\/$/, ''),
  };
}

/** The client's `nodes` (and `nearestNode`) from TYPESENSE_URL (and TYPESENSE_NEAREST_URL). */
export function typesenseCluster(url: string, nearestUrl?: string): TypesenseCluster {
  const urls = url
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!urls.length) throw new Error('TYPESENSE_URL names no node');
  const nodes = urls.map((u) => nodeOf(u, 'TYPESENSE_URL'));
  const key = (n: TypesenseNode) => `${n.protocol}://${n.host}:${n.port}${n.path}`;
  if (new Set(nodes.map(key)).size !== nodes.length) throw new Error('TYPESENSE_URL names the same node twice');
  const nearest = nearestUrl?.trim();
  return nearest ? { nodes, nearestNode: nodeOf(nearest, 'TYPESENSE_NEAREST_URL') } : { nodes };
}

const urlOf = (n: TypesenseNode) => `${n.protocol}://${n.host}:${n.port}${n.path}`;

/**
 * Each node's base URL, the nearest first and then the others in TYPESENSE_URL's order, as the
 * client tries them: what a health check probes (one node answering is a working search).
 */
export function typesenseNodeUrls(url: string, nearestUrl?: string): string[] {
  const { nodes, nearestNode } = typesenseCluster(url, nearestUrl);
  return [...new Set([...(nearestNode ? [nearestNode] : []), ...nodes].map(urlOf))];
}
