import http from 'node:http';
import type { AddressInfo } from 'node:net';
// A great-circle distance, as Typesense's (on S2's Earth, 6,371,010 m: a metre apart in 5,000 km); tests check distances with their own.
import { haversineKm } from '../search/src/engine';

const metresBetween = (a: readonly number[], b: readonly number[]) => haversineKm({ lat: a[0], lng: a[1] }, { lat: b[0], lng: b[1] }) * 1000;

export interface SeenRequest {
  method: string;
  url: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

type Doc = { id: string } & Record<string, unknown>;
type Params = Record<string, unknown>;

/**
 * No Typesense server runs on this machine: a small HTTP server answers as Typesense 27.1 does,
 * for what our engine sends, and records what the engine's real client sent over the wire.
 *
 * With `found`, every multi_search search answers `found(i)` documents and no hits (the engine's
 * requests are what such a test checks). Without it, the fake keeps what it is sent (collections,
 * aliases, imported documents) and searches them: `q` ('*', or words each matching the start of a
 * word of a `query_by` field), `filter_by` (clauses joined by `&&`: `f:=v`, `f:=[a,b]`, `f:!=...`,
 * `f:v`, `f:>n`..., and the geo radius `f:(lat, lng, 25 km)` or `mi`), `sort_by` (up to three:
 * `f:asc|desc`, `f(missing_values: first|last):dir`, `_text_match:desc`, and the geo sort
 * `f(lat, lng):asc|desc`), `facet_by`, `max_facet_values`, `page` and `per_page`. As Typesense
 * documents geosearch (https://typesense.org/docs/27.1/api/geosearch.html), a hit of a search
 * sorted by a geopoint carries `geo_distance_meters: { <field>: metres }` in whole metres, and a document without the point sorts after every one with it.
 * Anything else (`||`, parentheses, polygons) is refused with a 400, so a test cannot pass on
 * syntax the fake does not really check.
 */
export async function fakeTypesense(found?: (i: number) => number) {
  const requests: SeenRequest[] = [];
  const collections = new Map<string, Map<string, Doc>>();
  const aliases = new Map<string, string>();
  const resolve = (name: string) => collections.get(aliases.get(name) ?? name);
  // Switched on by a test: every request answers this status, as a node that is starting, lagging or overloaded does.
  let failing: number | undefined;
  // Switched on by a test: the searches of a multi_search it picks get this per-search error.
  let searchFails: ((s: Params) => boolean) | undefined;
  let searchFailCode = 503;

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://fake');
      const path = decodeURIComponent(url.pathname);
      const importing = /\/documents\/import$/.test(path);
      const body = !raw ? undefined : importing ? raw.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Doc) : JSON.parse(raw);
      requests.push({ method: req.method!, url: req.url!, body });
      res.setHeader('content-type', 'application/json');
      const send = (status: number, answer: unknown) => {
        res.statusCode = status;
        res.end(typeof answer === 'string' ? answer : JSON.stringify(answer));
      };
      const notFound = () => send(404, { message: 'Not Found' });
      let m: RegExpExecArray | null;

      // GET /health needs no key; Typesense answers 503 {"ok": false} until the node is ready.
      if (path === '/health') return failing ? send(503, { ok: false }) : send(200, { ok: true });
      if (failing) return send(failing, { message: 'Not Ready or Lagging' });

      if ((m = /^\/aliases\/([^/]+)$/.exec(path))) {
        if (req.method === 'PUT') {
          aliases.set(m[1], body.collection_name);
          return send(200, { name: m[1], collection_name: body.collection_name });
        }
        const target = aliases.get(m[1]);
        return target ? send(200, { name: m[1], collection_name: target }) : notFound();
      }
      if (path === '/collections' && req.method === 'POST') {
        if (collections.has(body.name)) return send(409, { message: `A collection with name \`${body.name}\` already exists.` });
        collections.set(body.name, new Map());
        return send(201, { ...body, num_documents: 0 });
      }
      if ((m = /^\/collections\/([^/]+)$/.exec(path)) && req.method === 'DELETE') {
        return collections.delete(m[1]) ? send(200, { name: m[1] }) : notFound();
      }
      if (importing) {
        const docs = resolve(path.split('/')[2]);
        if (!docs) return notFound();
        for (const d of body as Doc[]) docs.set(String(d.id), d);
        res.setHeader('content-type', 'text/plain');
        return send(200, (body as Doc[]).map(() => '{"success":true}').join('\n'));
      }
      if ((m = /^\/collections\/([^/]+)\/documents\/export$/.exec(path))) {
        const docs = resolve(m[1]);
        if (!docs) return notFound();
        // Typesense streams the export (chunked): here in 4 KiB pieces that split lines, as a real one's do.
        res.setHeader('content-type', 'text/plain');
        const jsonl = Buffer.from([...docs.values()].map((d) => JSON.stringify(d)).join('\n'));
        for (let at = 0; at < jsonl.length; at += 4096) res.write(jsonl.subarray(at, at + 4096));
        return res.end();
      }
      if ((m = /^\/collections\/([^/]+)\/documents\/([^/]+)$/.exec(path)) && req.method === 'DELETE') {
        const docs = resolve(m[1]);
        const doc = docs?.get(m[2]);
        if (!doc) return notFound();
        docs!.delete(m[2]);
        return send(200, doc);
      }
      if (path === '/multi_search') {
        const searches = (body as { searches: Params[] }).searches;
        const results = searches.map((s, i) => {
          if (searchFails?.(s)) return { code: searchFailCode, error: 'Not Ready or Lagging' };
          if (found) {
            return { found: found(i), page: 1, hits: [], facet_counts: [], search_time_ms: 0, request_params: { collection_name: 'x', q: '*', per_page: 10 } };
          }
          const docs = resolve(String(s.collection));
          if (!docs) return { code: 404, error: `Could not find a collection named \`${s.collection}\`.` };
          try {
            return search([...docs.values()], s);
          } catch (err) {
            return { code: 400, error: (err as Error).message };
          }
        });
        return send(200, { results });
      }
      // Stop words, synonyms and anything else the engine writes: echoed.
      send(200, { ...(body as object), name: 'ok' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /** The physical collections there are now. */
    collectionNames: () => [...collections.keys()],
    /** The documents a collection or alias holds now. */
    documents: (name: string) => [...(resolve(name)?.values() ?? [])],
    /** From now on every request (GET /health too) answers `status` (e.g. 503); `fail()` heals the node. */
    fail: (status?: number) => {
      failing = status;
    },
    /** From now on the searches `which` picks answer a per-search error `code` inside a 200 multi_search; `failSearches()` heals. */
    failSearches: (which?: (s: Params) => boolean, code = 503) => {
      searchFails = which;
      searchFailCode = code;
    },
    // Kept-alive client connections would hold close() open; a stopped node refuses connections at once.
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

// ------------------------------------------------------------------ searching

const KM_PER_MILE = 1.609344;

const isPoint = (v: unknown): v is [number, number] => Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'number');

/** Splits on `sep` outside backticks, brackets and parentheses. */
function splitTop(text: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '`') quoted = !quoted;
    else if (!quoted && (c === '(' || c === '[')) depth++;
    else if (!quoted && (c === ')' || c === ']')) depth--;
    else if (!quoted && depth === 0 && text.startsWith(sep, i)) {
      out.push(text.slice(start, i));
      start = i + sep.length;
      i += sep.length - 1;
    }
  }
  out.push(text.slice(start));
  return out.map((s) => s.trim()).filter(Boolean);
}

const unquote = (v: string) => v.trim().replace(/^`([\s\S]*)`$/, '$1');

function numbers(text: string, what: string): number[] {
  return text.split(',').map((x) => {
    const n = Number(x.trim());
    if (!x.trim() || !Number.isFinite(n)) throw new Error(`Fake Typesense: bad number in ${what}`);
    return n;
  });
}

function clause(text: string): (d: Doc) => boolean {
  if (text.startsWith('(') || text.includes('||')) throw new Error('Fake Typesense: `||` and parentheses are not supported');
  const m = /^([A-Za-z_][A-Za-z0-9_.]*)\s*:\s*([\s\S]*)$/.exec(text);
  if (!m) throw new Error(`Could not parse the filter query: \`${text}\`.`);
  const [, field, rest] = m;
  const geo = /^\(([^)]*)\)$/.exec(rest.trim());
  if (geo) {
    // location:(lat, lng, 5.1 km): the documents within the radius of the point.
    const parts = geo[1].split(',');
    const r = /^\s*(\d+(?:\.\d+)?)\s*(km|mi)\s*$/.exec(parts[2] ?? '');
    if (parts.length !== 3 || !r) throw new Error('Fake Typesense: only the radius geo filter `field:(lat, lng, R km)` is supported');
    const point = numbers(parts.slice(0, 2).join(','), 'a geo filter');
    const metres = Number(r[1]) * (r[2] === 'mi' ? KM_PER_MILE : 1) * 1000;
    return (d) => isPoint(d[field]) && metresBetween(point, d[field] as number[]) <= metres;
  }
  const op = /^(>=|<=|!=|=|>|<)?\s*([\s\S]*)$/.exec(rest)!;
  const operator = op[1] ?? ':';
  const valueText = op[2].trim();
  const values = valueText.startsWith('[') ? splitTop(valueText.slice(1, -1), ',').map(unquote) : [unquote(valueText)];
  const matches = (v: unknown, want: string): boolean => {
    if (typeof v === 'number') {
      const n = Number(want);
      return operator === '>' ? v > n : operator === '>=' ? v >= n : operator === '<' ? v < n : operator === '<=' ? v <= n : v === n;
    }
    if (typeof v === 'boolean') return String(v) === want;
    if (typeof v !== 'string') return false;
    return operator === ':' ? v.toLowerCase() === want.toLowerCase() : v === want;
  };
  return (d) => {
    const v = d[field];
    const list = Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
    const hit = list.some((x) => values.some((want) => matches(x, want)));
    return operator === '!=' ? !hit : hit;
  };
}

interface Sorter {
  field: string;
  desc: boolean;
  missingFirst: boolean;
  point?: number[];
}

function sorters(sortBy: string): Sorter[] {
  const parts = splitTop(sortBy, ',');
  if (parts.length > 3) throw new Error('Only upto 3 sort_by fields can be specified.');
  return parts.map((p) => {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)(?:\(([^)]*)\))?(?::(asc|desc))?$/i.exec(p);
    if (!m) throw new Error(`Could not parse sort_by \`${p}\`.`);
    const [, field, inside, dir] = m;
    const desc = (dir ?? 'desc').toLowerCase() === 'desc';
    if (inside && /missing_values/.test(inside)) return { field, desc, missingFirst: /first/.test(inside) };
    if (inside) return { field, desc, missingFirst: false, point: numbers(inside, 'a geo sort') };
    return { field, desc, missingFirst: false };
  });
}

function search(all: Doc[], s: Params) {
  const q = String(s.q ?? '*').trim();
  const queryBy = String(s.query_by ?? '').split(',').map((f) => f.trim()).filter(Boolean);
  const words = q === '*' || !q ? [] : q.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const textOf = (d: Doc) =>
    queryBy
      .flatMap((f) => (Array.isArray(d[f]) ? (d[f] as unknown[]) : [d[f]]))
      .filter((v) => typeof v === 'string')
      .join(' ')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u);
  const filters = splitTop(String(s.filter_by ?? ''), '&&').map(clause);
  const scored = all
    .map((d, seq) => {
      const tokens = words.length ? textOf(d) : [];
      return { d, seq, score: words.filter((w) => tokens.some((t) => t.startsWith(w))).length };
    })
    .filter((x) => x.score === words.length && filters.every((f) => f(x.d)));

  const sort = sorters(String(s.sort_by ?? '_text_match:desc'));
  const key = (x: (typeof scored)[number], o: Sorter): number | undefined => {
    if (o.field === '_text_match') return x.score;
    const v = x.d[o.field];
    if (o.point) return isPoint(v) ? metresBetween(o.point, v) : undefined;
    return typeof v === 'number' ? v : typeof v === 'boolean' ? Number(v) : undefined;
  };
  scored.sort((a, b) => {
    for (const o of sort) {
      const ka = key(a, o);
      const kb = key(b, o);
      if (ka === kb) continue;
      if (ka === undefined) return o.missingFirst ? -1 : 1;
      if (kb === undefined) return o.missingFirst ? 1 : -1;
      return o.desc ? kb - ka : ka - kb;
    }
    return a.seq - b.seq;
  });

  const perPage = Number(s.per_page ?? 10);
  const page = Number(s.page ?? 1);
  const geo = sort.filter((o) => o.point);
  const hits = scored.slice((page - 1) * perPage, page * perPage).map((x) => {
    const distances = Object.fromEntries(
      geo.filter((o) => isPoint(x.d[o.field])).map((o) => [o.field, Math.round(metresBetween(o.point!, x.d[o.field] as number[]))]),
    );
    return {
      document: x.d,
      highlights: [],
      text_match: x.score,
      ...(Object.keys(distances).length ? { geo_distance_meters: distances } : {}),
    };
  });

  const facetBy = String(s.facet_by ?? '').split(',').map((f) => f.trim()).filter(Boolean);
  const maxValues = Number(s.max_facet_values ?? 10);
  const facet_counts = facetBy.map((field) => {
    const counts = new Map<string, number>();
    for (const { d } of scored) {
      const v = d[field];
      for (const x of Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]) counts.set(String(x), (counts.get(String(x)) ?? 0) + 1);
    }
    const sorted = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, maxValues);
    return { field_name: field, counts: sorted.map(([value, count]) => ({ value, count, highlighted: value })), stats: { total_values: counts.size } };
  });

  return {
    facet_counts,
    found: scored.length,
    out_of: all.length,
    page,
    hits,
    request_params: { collection_name: String(s.collection), q, per_page: perPage },
    search_time_ms: 0,
  };
}
