import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LiveField } from '../search/src/typesense-engine';

/**
 * A Typesense 27.1 test double (issue 39): a local HTTP server holding collections in memory and
 * refusing what Typesense 27.1 refuses for the calls our engine makes. What it enforces was read
 * from Typesense's source at the v27.1 tag (src/field.cpp, src/validator.cpp, src/filter.cpp,
 * src/collection.cpp, src/collection_manager.cpp, src/synonym_index.cpp, src/stopwords_manager.cpp)
 * and typesense-js 2.1 (Keys.generateScopedSearchKey); each rule below names what it copies.
 *
 * - Schemas: field types, `sort` only on numbers, bools and geopoints (or strings), a geopoint's
 *   `sort` never false, a facet never `index: false`; 409 for a second collection of a name.
 * - Documents (JSONL import): one result line per line, in order, with per-line errors (bad JSON, a
 *   missing required field, a value of the wrong type, an int32 beyond its range, `create` of an
 *   existing id); `action` create / upsert / update / emplace.
 * - filter_by: `&&`, `||` and parentheses; strings `:=`, `:!=` and `:` (token match) with one value
 *   or a `[list]`, backticks for values with commas or brackets; numbers `:=`, `:>`, `:>=`, `:<`,
 *   `:<=`, `:!=`, `[a, b]`, `a..b`, and NO backticks (src/filter.cpp: "Not an int32"); booleans
 *   `true`/`false` bare (backticked ones refused); the geo radius `f:(lat, lng, R km|mi)`; a field
 *   that is absent is a 404 ("Could not find a filter field named ..."), one that is not indexed a 400
 *   (src/filter_result_iterator.cpp:902); numbers as src/filter.cpp:7-27 reads them (`4.5`, `1e1`,
 *   `0x10` are "Not an int32."; a float is what std::stof reads); the radius as src/filter.cpp:124-145.
 * - Integers past int32 on an int32 field are imported (src/validator.cpp:21-26 checks the range only
 *   of values it coerces) and held wrapped to 32 bits (typesense#2798): filters and sorts see that.
 * - Geo: the radius filter is S2's cap on S2's Earth (src/filter_result_iterator.cpp:1341-1356,
 *   S2Earth 6,371,010 m), tested exactly at every radius: the `(lat, lng, R km)` form carries no
 *   `exact_filter_radius` (src/filter.cpp:575-615 leaves the filter's params empty), and 27.1 skips
 *   the exact test only for a radius above a param it has (src/filter_result_iterator.cpp:1374); the
 *   bracketed form (`([lat, lng], radius: R km, exact_filter_radius: X km)`, S2 cells alone above X,
 *   10 km by default) and polygons the double refuses, and we send neither; a hit's `geo_distance_meters` and the geo sort are GeoPoint::distance
 *   (include/field.h:559-583: a sphere of 3958.75 mi x 1609 m, truncated to whole metres, both points
 *   packed to 1e-6 degree), 2147483647 (INT32_MAX, src/index.cpp:5065) for a document without one.
 * - sort_by: at most 3 (400, src/collection_manager.cpp:1601), each `field:asc|desc` (the order is
 *   required), `field(missing_values: first|last):dir`, `_text_match:desc`, a geopoint's
 *   `f(lat, lng[, precision: X km|exclude_radius: X km]):asc|desc` (src/collection.cpp:1340-1414);
 *   only sortable fields.
 * - per_page at most 250 (422), page 0 read as 1 (src/collection.cpp:2075), facet_by only on facet
 *   fields (404), `q` required, `query_by` required for a q other than `*` (src/collection.cpp:1676),
 *   only indexed string fields (a field with `index: false`: 400, src/collection.cpp:1912).
 * - PATCH /collections/{name} with `fields` (src/collection.cpp alter: a field added, or dropped with
 *   `drop: true`; existing documents' stored values are indexed for a new field).
 * - Synonyms (multi-way and one-way) and stop-word sets, stored and applied to `q`. As Typesense's
 *   synonym_index.cpp does, a synonym is tokenized WITHOUT the collection's token_separators (its
 *   `/` and `-` vanish: `24/7` is the one token `247`), while `q` and documents are tokenized with
 *   them; a search naming a stop-word set that is not there is a 404.
 * - API keys: a request without a key, or with one the server does not know, is a 401; a key made
 *   with POST /keys allows only its actions on its collections; a scoped search key (HMAC of a
 *   search key, as typesense-js makes it) is checked and its embedded filter is ANDed with the search's.
 *   With `apiKey` unset any key the double does not know counts as the bootstrap (admin) key.
 * - Switches: `fail(503)` (every request, /health too), `failSearches` (per-search errors),
 *   `slow(ms)` (every answer late), `close()` (a node down: connections refused).
 *
 * What it does NOT do (a real server must show it, docs/decisions/008 addendum 7): relevance
 * (text_match is the number of query words; ties keep the order of import; prioritize_exact_match alone:
 * a document with a query_by field that is exactly the words comes first), typo tolerance, token
 * dropping (Typesense drops words from a query that finds nothing), highlighting, and whether `:=`
 * on a string is case-sensitive (Typesense normalizes filter values as it tokenizes; here both
 * sides are lower-cased). Searches filter, sort, page, count facets and match plain words: the
 * last word of `q` as a prefix, the others whole.
 */

export interface SeenRequest {
  method: string;
  url: string;
  /** The API key the request carried (header or query parameter). */
  key?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

type Doc = { id: string } & Record<string, unknown>;
type Params = Record<string, unknown>;

/** A field as Typesense holds it (what GET /collections/{name} answers). */
type Field = LiveField;

/** A collection's documents, counting its changes (search's word index is kept while the count stands). */
class DocMap extends Map<string, Doc> {
  version = 0;
  override set(id: string, doc: Doc): this {
    this.version++;
    return super.set(id, doc);
  }
  override delete(id: string): boolean {
    this.version++;
    return super.delete(id);
  }
  override clear(): void {
    this.version++;
    super.clear();
  }
}

interface Collection {
  name: string;
  fields: Map<string, Field>;
  separators: string[];
  docs: DocMap;
  synonyms: Map<string, { synonyms: string[]; root?: string }>;
}

interface Key {
  id: number;
  value: string;
  actions: string[];
  collections: string[];
}

/** A Typesense error: the status and Typesense's message. */
class Refusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}
const refuse = (code: number, message: string): never => {
  throw new Refusal(code, message);
};

export interface FakeTypesenseOptions {
  /** Every multi_search search answers found(i) documents and no hits (a test of the requests sent). */
  found?: (i: number) => number;
  /** The bootstrap admin key (--api-key). Unset: any key the double does not know is the admin key. */
  apiKey?: string;
}

export async function fakeTypesense(options: FakeTypesenseOptions | ((i: number) => number) = {}) {
  const o: FakeTypesenseOptions = typeof options === 'function' ? { found: options } : options;
  const requests: SeenRequest[] = [];
  const collections = new Map<string, Collection>();
  const aliases = new Map<string, string>();
  const stopwordSets = new Map<string, string[]>();
  const keys: Key[] = [];
  const resolve = (name: string) => collections.get(aliases.get(name) ?? name);
  // Switched on by a test: every request answers this status, as a node that is starting, lagging or overloaded does.
  let failing: number | undefined;
  // Switched on by a test: the searches of a multi_search it picks get this per-search error.
  let searchFails: ((s: Params) => boolean) | undefined;
  let searchFailCode = 503;
  let delay = 0;

  /** What the key may do: everything (admin), or a key's actions and collections, with a scoped key's embedded parameters. */
  function access(key: string | undefined): { admin: boolean; key?: Key; embedded?: Params } | undefined {
    if (!key) return undefined;
    if (o.apiKey !== undefined && key === o.apiKey) return { admin: true };
    const stored = keys.find((k) => k.value === key);
    if (stored) return { admin: false, key: stored };
    // A scoped search key: base64(base64(HMAC-SHA256(parent, params)) + parent's first 4 characters + params).
    const raw = Buffer.from(key, 'base64').toString('utf8');
    if (raw.length > 48) {
      const digest = raw.slice(0, 44);
      const prefix = raw.slice(44, 48);
      const json = raw.slice(48);
      const parent = keys.find((k) => k.value.startsWith(prefix) && createHmac('sha256', k.value).update(json).digest('base64') === digest);
      if (parent) {
        try {
          return { admin: false, key: parent, embedded: JSON.parse(json) as Params };
        } catch {
          return undefined;
        }
      }
    }
    return o.apiKey === undefined ? { admin: true } : undefined;
  }
  const allows = (a: NonNullable<ReturnType<typeof access>>, action: string, collection?: string) => {
    if (a.admin) return true;
    const k = a.key!;
    const [group] = action.split(':');
    const actionOk = k.actions.some((x) => x === '*' || x === action || x === `${group}:*`);
    const collectionOk = collection === undefined || k.collections.some((c) => c === '*' || c === collection || (c.endsWith('.*') && new RegExp(`^${c}$`).test(collection)));
    return actionOk && collectionOk;
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://fake');
      const path = decodeURIComponent(url.pathname);
      const importing = /\/documents\/import$/.test(path);
      const key = (req.headers['x-typesense-api-key'] as string | undefined) ?? url.searchParams.get('x-typesense-api-key') ?? undefined;
      let body: unknown;
      try {
        body = !raw || importing ? undefined : JSON.parse(raw);
      } catch {
        body = undefined;
      }
      const lines = importing ? raw.split('\n').filter((l) => l.trim()) : [];
      requests.push({ method: req.method!, url: req.url!, key, body: importing ? lines.map((l) => safeJson(l)) : body });
      const send = (status: number, answer: unknown, type = 'application/json') => {
        const write = () => {
          res.statusCode = status;
          res.setHeader('content-type', type);
          res.end(typeof answer === 'string' ? answer : JSON.stringify(answer));
        };
        if (delay) setTimeout(write, delay);
        else write();
      };
      try {
        // GET /health needs no key; Typesense answers 503 {"ok": false} until the node is ready.
        if (path === '/health') return failing ? send(503, { ok: false }) : send(200, { ok: true });
        if (failing) return send(failing, { message: 'Not Ready or Lagging' });
        const who = access(key);
        if (!who) return send(401, { message: 'Forbidden - a valid `x-typesense-api-key` header must be sent.' });
        const need = (action: string, collection?: string) => {
          if (!allows(who, action, collection)) refuse(401, 'Forbidden - a valid `x-typesense-api-key` header must be sent.');
        };
        if (raw && !importing && body === undefined) refuse(400, 'Bad JSON.');
        const b = (body ?? {}) as Params;
        let m: RegExpExecArray | null;

        if (path === '/keys' && req.method === 'GET') {
          need('keys:list');
          return send(200, { keys: keys.map((k) => ({ id: k.id, actions: k.actions, collections: k.collections, value_prefix: k.value.slice(0, 4) })) });
        }
        if ((m = /^\/keys\/(\d+)$/.exec(path)) && req.method === 'DELETE') {
          need('keys:delete');
          const at = keys.findIndex((k) => k.id === Number(m![1]));
          if (at < 0) refuse(404, 'Could not find that `id`.');
          keys.splice(at, 1);
          return send(200, { id: Number(m[1]) });
        }
        if (path === '/keys' && req.method === 'POST') {
          need('keys:create');
          if (!Array.isArray(b.actions) || !Array.isArray(b.collections)) refuse(400, 'Could not create API key.');
          if (typeof b.value === 'string' && (keys.some((k) => k.value === b.value) || b.value === o.apiKey)) refuse(409, 'API key generation conflict.');
          const k: Key = { id: (keys.at(-1)?.id ?? 0) + 1, value: typeof b.value === 'string' ? b.value : `key${keys.length + 1}${Math.random().toString(36).slice(2, 14)}`, actions: b.actions as string[], collections: b.collections as string[] };
          keys.push(k);
          return send(201, { ...b, id: k.id, value: k.value });
        }
        if (path === '/aliases' && req.method === 'GET') {
          need('aliases:list');
          return send(200, { aliases: [...aliases].map(([name, collection_name]) => ({ name, collection_name })) });
        }
        if (path === '/collections' && req.method === 'GET') {
          need('collections:list');
          return send(200, [...collections.values()].map((c) => ({ name: c.name, num_documents: c.docs.size })));
        }
        if ((m = /^\/aliases\/([^/]+)$/.exec(path))) {
          if (req.method === 'DELETE') {
            need('aliases:delete');
            const target = aliases.get(m[1]) ?? refuse(404, 'Could not find that alias.');
            aliases.delete(m[1]);
            return send(200, { name: m[1], collection_name: target });
          }
          if (req.method === 'PUT') {
            need('aliases:upsert');
            if (typeof b.collection_name !== 'string') refuse(400, 'Parameter `collection_name` is required.');
            aliases.set(m[1], b.collection_name as string);
            return send(200, { name: m[1], collection_name: b.collection_name });
          }
          need('aliases:get');
          const target = aliases.get(m[1]);
          return target ? send(200, { name: m[1], collection_name: target }) : send(404, { message: 'Not Found' });
        }
        if ((m = /^\/stopwords\/([^/]+)$/.exec(path))) {
          if (req.method === 'PUT') {
            need('stopwords:upsert');
            if (!Array.isArray(b.stopwords)) refuse(400, 'Parameter `stopwords` is required');
            stopwordSets.set(m[1], (b.stopwords as string[]).flatMap((w) => tokens(String(w), [])));
            return send(200, { id: m[1], stopwords: b.stopwords, ...(b.locale ? { locale: b.locale } : {}) });
          }
          if (!stopwordSets.has(m[1])) refuse(404, `Stopword \`${m[1]}\` not found.`);
          if (req.method === 'DELETE') {
            need('stopwords:delete');
            stopwordSets.delete(m[1]);
            return send(200, { id: m[1] });
          }
          need('stopwords:get');
          return send(200, { stopwords: { id: m[1], stopwords: stopwordSets.get(m[1]) } });
        }
        if (path === '/collections' && req.method === 'POST') {
          need('collections:create');
          const c = createCollection(b);
          if (collections.has(c.name)) refuse(409, `A collection with name \`${c.name}\` already exists.`);
          collections.set(c.name, c);
          return send(201, { ...b, num_documents: 0 });
        }
        if ((m = /^\/collections\/([^/]+)$/.exec(path))) {
          const c = resolve(m[1]) ?? refuse(404, `Could not find a collection named \`${m[1]}\`.`);
          if (req.method === 'PATCH') {
            need('collections:update', c.name);
            alterCollection(c, b);
            return send(200, b);
          }
          if (req.method === 'DELETE') {
            need('collections:delete', c.name);
            collections.delete(c.name);
            return send(200, { name: c.name, num_documents: c.docs.size });
          }
          need('collections:get', c.name);
          return send(200, { name: c.name, fields: [...c.fields.values()], token_separators: c.separators, num_documents: c.docs.size });
        }
        if ((m = /^\/collections\/([^/]+)\/synonyms\/([^/]+)$/.exec(path)) && req.method === 'PUT') {
          const c = resolve(m[1]) ?? refuse(404, `Could not find a collection named \`${m[1]}\`.`);
          need('synonyms:upsert', c.name);
          const list = b.synonyms;
          if (!Array.isArray(list) || list.length === 0 || !list.every((s) => typeof s === 'string')) refuse(400, 'Could not find an array of `synonyms`');
          if (b.root !== undefined && typeof b.root !== 'string') refuse(400, 'Key `root` should be a string.');
          c.synonyms.set(m[2], { synonyms: list as string[], ...(typeof b.root === 'string' ? { root: b.root } : {}) });
          return send(200, { id: m[2], ...b });
        }
        if ((m = /^\/collections\/([^/]+)\/documents\/import$/.exec(path)) && req.method === 'POST') {
          const c = resolve(m[1]) ?? refuse(404, `Could not find a collection named \`${m[1]}\`.`);
          need('documents:import', c.name);
          const action = url.searchParams.get('action') ?? 'create';
          if (!['create', 'upsert', 'update', 'emplace'].includes(action)) refuse(400, 'Parameter `action` must be one of: create, update, upsert, emplace.');
          const results = lines.map((line) => JSON.stringify(importLine(c, line, action)));
          return send(200, results.join('\n'), 'text/plain');
        }
        if ((m = /^\/collections\/([^/]+)\/documents\/export$/.exec(path))) {
          const c = resolve(m[1]) ?? refuse(404, `Could not find a collection named \`${m[1]}\`.`);
          need('documents:export', c.name);
          // Typesense streams the export (chunked): here in 4 KiB pieces that split lines, as a real one's do.
          res.setHeader('content-type', 'text/plain');
          const jsonl = Buffer.from([...c.docs.values()].map((d) => JSON.stringify(d)).join('\n'));
          for (let at = 0; at < jsonl.length; at += 4096) res.write(jsonl.subarray(at, at + 4096));
          return res.end();
        }
        if ((m = /^\/collections\/([^/]+)\/documents\/([^/]+)$/.exec(path)) && req.method === 'DELETE') {
          const c = resolve(m[1]) ?? refuse(404, `Could not find a collection named \`${m[1]}\`.`);
          need('documents:delete', c.name);
          const doc = c.docs.get(m[2]) ?? refuse(404, `Could not find a document with id: ${m[2]}`);
          c.docs.delete(m[2]);
          return send(200, doc);
        }
        if (path === '/multi_search' && req.method === 'POST') {
          const common = Object.fromEntries([...url.searchParams].filter(([k]) => k !== 'x-typesense-api-key'));
          const searches = b.searches;
          if (!Array.isArray(searches)) refuse(400, 'Missing `searches` array.');
          const results = (searches as Params[]).map((one, i) => {
            const s: Params = { ...common, ...one };
            try {
              if (!allows(who, 'documents:search', String(s.collection))) refuse(401, 'Forbidden - a valid `x-typesense-api-key` header must be sent.');
              if (who.embedded) {
                const { filter_by: embeddedFilter, ...rest } = who.embedded;
                Object.assign(s, rest);
                if (embeddedFilter) s.filter_by = s.filter_by ? `(${s.filter_by}) && (${embeddedFilter})` : embeddedFilter;
              }
              if (searchFails?.(s)) refuse(searchFailCode, 'Not Ready or Lagging');
              if (o.found) return { found: o.found(i), page: 1, hits: [], facet_counts: [], search_time_ms: 0, request_params: { collection_name: 'x', q: '*', per_page: 10 } };
              const c = resolve(String(s.collection)) ?? refuse(404, `Could not find a collection named \`${s.collection}\`.`);
              return search(c, s, stopwordSets);
            } catch (err) {
              if (err instanceof Refusal) return { code: err.code, error: err.message };
              throw err;
            }
          });
          return send(200, { results });
        }
        send(404, { message: 'Not Found' });
      } catch (err) {
        if (err instanceof Refusal) return send(err.code, { message: err.message });
        send(500, { message: String(err) });
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /** The physical collections there are now. */
    collectionNames: () => [...collections.keys()],
    /** The documents a collection or alias holds now. */
    documents: (name: string) => [...(resolve(name)?.docs.values() ?? [])],
    /** The collection an alias points at now. */
    aliasOf: (name: string) => aliases.get(name),
    /** The stop-word sets there are now. */
    stopwordSets: () => [...stopwordSets.keys()],
    /** From now on every request (GET /health too) answers `status` (e.g. 503); `fail()` heals the node. */
    fail: (status?: number) => {
      failing = status;
    },
    /** From now on the searches `which` picks answer a per-search error `code` inside a 200 multi_search; `failSearches()` heals. */
    failSearches: (which?: (s: Params) => boolean, code = 503) => {
      searchFails = which;
      searchFailCode = code;
    },
    /** From now on every answer comes `ms` late; `slow(0)` heals. */
    slow: (ms: number) => {
      delay = ms;
    },
    // Kept-alive client connections would hold close() open; a stopped node refuses connections at once.
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

export type FakeTypesense = Awaited<ReturnType<typeof fakeTypesense>>;

function safeJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return line;
  }
}

// ------------------------------------------------------------------ schemas and documents

const TYPES = ['string', 'int32', 'int64', 'float', 'bool', 'geopoint', 'string[]', 'int32[]', 'int64[]', 'float[]', 'bool[]', 'geopoint[]'];
const NUMERIC = ['int32', 'int64', 'float'];
const SORTABLE = ['int32', 'int64', 'float', 'bool', 'geopoint', 'geopoint[]', 'string'];
const INT32 = 2 ** 31;

/** POST /collections, checked as src/field.cpp (json_field_to_field, fields_to_json_fields) checks it. */
function createCollection(b: Params): Collection {
  if (typeof b.name !== 'string' || !b.name) refuse(400, 'Parameter `name` is required.');
  if (!Array.isArray(b.fields)) refuse(400, 'Parameter `fields` is required.');
  const fields = new Map<string, Field>();
  for (const f of b.fields as Params[]) {
    if (typeof f !== 'object' || typeof f.name !== 'string' || typeof f.type !== 'string') {
      refuse(400, 'Wrong format for `fields`. It should be an array of objects containing `name`, `type`, `optional` and `facet` properties.');
    }
    for (const p of ['facet', 'optional', 'index', 'sort', 'infix']) {
      if (f[p] !== undefined && typeof f[p] !== 'boolean') refuse(400, `The \`${p}\` property of the field \`${f.name}\` should be a boolean.`);
    }
    const type = f.type as string;
    if (!TYPES.includes(type)) refuse(400, `Field \`${f.name}\` has an invalid data type \`${type}\`, see docs for supported data types.`);
    if (f.sort === false && type.startsWith('geopoint')) {
      refuse(400, `The \`sort\` property of the field \`${f.name}\` having \`${type}\` type cannot be \`false\`. The sort index is used during GeoSearch.`);
    }
    const field: Field = {
      name: f.name as string,
      type,
      facet: !!f.facet,
      optional: !!f.optional,
      index: f.index !== false,
      sort: f.sort === undefined ? ['int32', 'int64', 'float', 'bool', 'geopoint', 'geopoint[]'].includes(type) : !!f.sort,
    };
    if (!field.index && field.facet) refuse(400, `Field \`${field.name}\` cannot be a facet since it's marked as non-indexable.`);
    if (field.sort && !SORTABLE.includes(type)) refuse(400, `Field \`${field.name}\` cannot be a sortable field.`);
    if (fields.has(field.name)) refuse(400, `There are duplicate field names in the schema.`);
    fields.set(field.name, field);
  }
  const separators = b.token_separators === undefined ? [] : (b.token_separators as unknown[]);
  if (!Array.isArray(separators) || !separators.every((s) => typeof s === 'string' && s.length === 1)) refuse(400, 'Parameter `token_separators` must be an array of characters.');
  return { name: b.name as string, fields, separators: separators as string[], docs: new DocMap(), synonyms: new Map() };
}

/**
 * PATCH /collections/{name} `{"fields": [...]}` as src/core_api.cpp:314 (patch_update_collection) and
 * src/collection.cpp:5410 (validate_alter_payload) answer it: `drop: true` drops a field of the schema,
 * a field not in the schema (or dropped in the same payload) is added, one already there is a 400;
 * every document already held must fit the new fields (validate_index_in_memory), else a 400 and nothing
 * changes. A new field's values already in the documents (stored, not indexed) are indexed.
 */
function alterCollection(c: Collection, b: Params): void {
  if (Object.keys(b).length === 0) refuse(400, 'Alter payload is empty.');
  if (Object.keys(b).some((k) => k !== 'fields' && k !== 'metadata')) refuse(400, 'Only `fields` and `metadata` can be updated at the moment.');
  if (b.fields === undefined) return;
  if (!Array.isArray(b.fields)) refuse(400, 'The `fields` value should be an array of objects containing the field `name` and other properties.');
  const fields = new Map(c.fields);
  const dropped = new Set((b.fields as Params[]).filter((f) => f.drop === true).map((f) => String(f.name)));
  for (const name of dropped) {
    if (!fields.has(name)) refuse(400, `Field \`${name}\` is not part of collection schema.`);
    fields.delete(name);
  }
  const added = createCollection({ name: c.name, fields: (b.fields as Params[]).filter((f) => f.drop !== true) }).fields;
  for (const f of added.values()) {
    if (fields.has(f.name)) {
      refuse(400, `Field \`${f.name}\` is already part of the schema: To change this field, drop it first before adding it back to the schema.`);
    }
    fields.set(f.name, f);
  }
  const altered: Collection = { ...c, fields, docs: new DocMap() };
  for (const d of c.docs.values()) {
    const r = importLine(altered, JSON.stringify(d), 'create');
    if (!r.success) {
      const why = String(r.error).replace(/but is not found in the document\.$/, 'but is not found in the documents already present in the collection.');
      refuse(400, why);
    }
  }
  c.fields = fields;
}

const isNumber = (v: unknown, type: string) =>
  typeof v === 'number' && Number.isFinite(v) && (type === 'float' || Number.isInteger(v));

/** One line of an import, answered as src/validator.cpp and the import handler answer it. */
function importLine(c: Collection, line: string, action: string): Params {
  let doc: Doc;
  try {
    doc = JSON.parse(line) as Doc;
  } catch {
    return { success: false, error: 'Bad JSON.', document: line, code: 400 };
  }
  const fail = (code: number, error: string) => ({ success: false, error, document: line, code });
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return fail(400, 'Bad JSON.');
  if (doc.id === undefined) return fail(400, 'Document has no `id` field.');
  if (typeof doc.id !== 'string') return fail(400, "Document's `id` field should be a string.");
  const existing = c.docs.get(doc.id);
  if (action === 'create' && existing) return fail(409, `A document with id ${doc.id} already exists.`);
  if (action === 'update' && !existing) return fail(404, `Could not find a document with id: ${doc.id}`);
  const merged: Doc = action === 'update' || action === 'emplace' ? { ...(existing ?? {}), ...doc } : doc;
  for (const f of c.fields.values()) {
    const v = merged[f.name];
    if (v === undefined || v === null) {
      if (!f.optional) return fail(400, `Field \`${f.name}\` has been declared in the schema, but is not found in the document.`);
      continue;
    }
    if (!f.index) continue; // stored as it is
    const base = f.type.replace('[]', '');
    const list = f.type.endsWith('[]') && base !== 'geopoint' ? v : [v];
    if (f.type.endsWith('[]') && !Array.isArray(v)) return fail(400, `Field \`${f.name}\` must be an array.`);
    for (const x of list as unknown[]) {
      const article = f.type.endsWith('[]') ? 'an array of' : 'a';
      if (base === 'string' && typeof x !== 'string') return fail(400, `Field \`${f.name}\` must be ${article} string.`);
      if (NUMERIC.includes(base) && !isNumber(x, base)) return fail(400, `Field \`${f.name}\` must be ${article} ${base}.`);
      // An integer past int32 is not refused: src/validator.cpp:21-26 coerces (and range-checks, at
      // :318) only values that are not JSON integers; the index holds it wrapped (typesense#2798).
      if (base === 'bool' && typeof x !== 'boolean') return fail(400, `Field \`${f.name}\` must be ${article} bool.`);
      if (base === 'geopoint' && !(Array.isArray(x) && x.length === 2 && x.every((n) => typeof n === 'number'))) {
        return fail(400, `Field \`${f.name}\` must be a 2 element array: [lat, lng].`);
      }
    }
  }
  c.docs.set(doc.id, merged);
  return { success: true };
}

// ------------------------------------------------------------------ words

/**
 * Typesense's tokenizer (src/tokenizer.cpp) as far as we need it: lower case, accents and Hausa's hooks removed,
 * split on spaces and on the given separators, every other character that is not a letter or a
 * digit dropped (so `24/7` is `247` without `/` among the separators, `24`, `7` with it).
 */
function tokens(text: string, separators: string[]): string[] {
  const out: string[] = [];
  let word = '';
  // Hausa's hooked letters (ɓ ɗ ƙ ƴ) as b d k y, as the server's iconv transliteration (ASCII//TRANSLIT) writes them.
  for (const ch of text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[ɓɗƙƴ]/g, (c) => 'bdky'['ɓɗƙƴ'.indexOf(c)]!)) {
    if (/\s/.test(ch) || separators.includes(ch)) {
      if (word) out.push(word);
      word = '';
    } else if (/[\p{L}\p{N}]/u.test(ch)) word += ch;
  }
  if (word) out.push(word);
  return out;
}

/** A synonym's words, tokenized once (a synonym is replaced, never changed in place): each search tokenized them all. */
const synonymWords = new WeakMap<object, { members: string[][]; roots: string[][] }>();
function synonymTokens(synonym: { synonyms: string[]; root?: string }): { members: string[][]; roots: string[][] } {
  let words = synonymWords.get(synonym);
  if (!words) {
    // synonym_index.cpp tokenizes synonyms without the collection's separators (its Tokenizer gets none).
    const members = synonym.synonyms.map((s) => tokens(s, []));
    words = { members, roots: synonym.root !== undefined ? [tokens(synonym.root, [])] : members };
    synonymWords.set(synonym, words);
  }
  return words;
}

/** The token lists a query stands for: itself and, for each synonym it contains, the query with the synonym's other words. */
function queryVariants(c: Collection, words: string[]): string[][] {
  const variants = [words];
  const has = (seq: string[], at: number, part: string[]) => part.length > 0 && part.every((t, k) => seq[at + k] === t);
  for (const synonym of c.synonyms.values()) {
    const { members, roots } = synonymTokens(synonym);
    for (const from of roots) {
      for (let at = 0; at + from.length <= words.length; at++) {
        if (!has(words, at, from)) continue;
        for (const to of members) if (to.join(' ') !== from.join(' ')) variants.push([...words.slice(0, at), ...to, ...words.slice(at + from.length)]);
      }
    }
  }
  return variants;
}

// ------------------------------------------------------------------ filter_by

/** S2's Earth (s2/s2earth.h, S2Earth::RadiusMeters): the radius filter's cap (src/filter_result_iterator.cpp:1352). */
const S2_EARTH_M = 6371010;
/** A point as 27.1's index holds it (include/field.h:563-576, pack_lat_lng): each degree times 1e6, cast to int32 (toward zero). */
const packed = (deg: number) => Math.trunc(deg * 1e6) / 1e6;
/** S2LatLng::GetDistance (s2/s2latlng.cc): the haversine angle, in radians. */
function angle(a: readonly number[], b: readonly number[]): number {
  const rad = Math.PI / 180;
  const dlat = Math.sin(0.5 * (b[0] - a[0]) * rad);
  const dlng = Math.sin(0.5 * (b[1] - a[1]) * rad);
  const x = dlat * dlat + dlng * dlng * Math.cos(a[0] * rad) * Math.cos(b[0] * rad);
  return 2 * Math.asin(Math.sqrt(Math.min(1, x)));
}
/** GeoPoint::distance (include/field.h:579-583): 3958.75 mi x 1609 m a mile, truncated to an int64; both points packed. */
const geoDistance = (point: readonly number[], doc: readonly number[]) =>
  Math.trunc(3958.75 * angle([packed(doc[0]), packed(doc[1])], [packed(point[0]), packed(point[1])]) * 1609);
/** A document without the geopoint under a geo sort: src/index.cpp:5065 (int64_t dist = INT32_MAX). */
const NO_POINT = 2147483647;
const isPoint = (v: unknown): v is [number, number] => Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'number');

type Predicate = (d: Doc) => boolean;

/** filter_by with `&&`, `||` and parentheses (src/filter.cpp: parse_filter_query). */
function parseFilterBy(c: Collection, text: string): Predicate {
  let i = 0;
  const skip = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  const expression = (): Predicate => {
    let left = term();
    for (;;) {
      skip();
      if (!text.startsWith('||', i)) return left;
      i += 2;
      const l = left;
      const r = term();
      left = (d) => l(d) || r(d);
    }
  };
  const term = (): Predicate => {
    let left = factor();
    for (;;) {
      skip();
      if (!text.startsWith('&&', i)) return left;
      i += 2;
      const l = left;
      const r = factor();
      left = (d) => l(d) && r(d);
    }
  };
  const factor = (): Predicate => {
    skip();
    if (text[i] === '(') {
      i++;
      const inner = expression();
      skip();
      if (text[i] !== ')') refuse(400, 'Could not parse the filter query: unbalanced parentheses.');
      i++;
      return inner;
    }
    // One clause: up to `&&`, `||` or an unmatched `)`, outside backticks, brackets and parentheses.
    const start = i;
    let depth = 0;
    let quoted = false;
    for (; i < text.length; i++) {
      const ch = text[i];
      if (ch === '`') quoted = !quoted;
      if (quoted) continue;
      if (ch === '(' || ch === '[') depth++;
      else if (ch === ']') depth--;
      else if (ch === ')') {
        if (depth === 0) break;
        depth--;
      } else if (depth === 0 && (text.startsWith('&&', i) || text.startsWith('||', i))) break;
    }
    if (quoted) refuse(400, 'Could not parse the filter query.');
    return clause(c, text.slice(start, i).trim());
  };
  const p = expression();
  skip();
  if (i < text.length) refuse(400, 'Could not parse the filter query: unbalanced parentheses.');
  return p;
}

/** Splits on commas outside backticks. */
function listValues(inner: string): string[] {
  const out: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    if (inner[i] === '`') quoted = !quoted;
    else if (inner[i] === ',' && !quoted) {
      out.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  out.push(inner.slice(start));
  return out.map((s) => s.trim());
}

/** StringUtils::is_integer (include/string_utils.h:141-149): a digit or a sign first, then base-10 digits only. */
const INTEGER = /^[+-]?\d+$/;

/**
 * std::stof as StringUtils::is_float (include/string_utils.h:130-138) uses it: the number if the whole
 * text is one (decimal, exponent, hexadecimal; leading spaces skipped), undefined otherwise or past FLT_MAX.
 */
function stof(text: string): number | undefined {
  const m = /^\s*([+-]?)(?:((?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)|0[xX]([0-9a-fA-F]*)\.?([0-9a-fA-F]*)(?:[pP]([+-]?\d+))?)$/.exec(text);
  if (!m || (m[2] === undefined && !m[3] && !m[4])) return undefined;
  const n =
    (m[1] === '-' ? -1 : 1) *
    (m[2] !== undefined ? Number(m[2]) : (parseInt(m[3] || '0', 16) + (m[4] ? parseInt(m[4], 16) / 16 ** m[4].length : 0)) * 2 ** Number(m[5] ?? 0));
  return Math.abs(n) <= 3.4028234663852886e38 ? n : undefined;
}

/** A value as the index holds it: an int32 field's integers wrapped to 32 bits (static_cast<int32_t>, typesense#2798). */
const indexed = (f: Field, x: unknown) => (f.type.replace('[]', '') === 'int32' && typeof x === 'number' ? x | 0 : x);

function clause(c: Collection, text: string): Predicate {
  const colon = text.indexOf(':');
  if (!text || colon < 0) refuse(400, 'Could not parse the filter query.');
  const name = text.slice(0, colon).trim();
  const f = c.fields.get(name);
  if (!f) refuse(404, `Could not find a filter field named \`${name}\` in the schema.`);
  if (!f!.index) refuse(400, `Cannot filter on non-indexed field \`${name}\`.`); // src/filter_result_iterator.cpp:902
  let rest = text.slice(colon + 1).trim();
  const err = (why: string) => refuse(400, `Error with filter field \`${name}\`: ${why}`);
  if (!rest) err('Filter value cannot be empty.');
  const values = (d: Doc): unknown[] => {
    const v = d[name];
    return Array.isArray(v) && !f!.type.startsWith('geopoint') ? v : v === undefined || v === null ? [] : [v];
  };

  if (f!.type.startsWith('geopoint')) {
    // src/filter.cpp:78-150 (parse_geopoint_filter_value): `(lat, lng, R km|mi)`, the unit the last two
    // characters, the radius what std::stof reads.
    const format = `Value of filter field \`${name}\`: must be in the \`(-44.50, 170.29, 0.75 km)\` format (the double knows no polygons).`;
    const m = /^\(([^()]*)\)$/.exec(rest);
    const parts = m ? m[1].split(',').map((x) => x.trim()) : [];
    if (!m || parts.length < 3) refuse(400, format);
    if (parts.length !== 3) refuse(400, format); // polygons: Typesense's too; we send none
    if (stof(parts[0]) === undefined || stof(parts[1]) === undefined) refuse(400, format);
    if (parts[2].length < 2 || !['km', 'mi'].includes(parts[2].slice(-2))) refuse(400, 'Unit must be either `km` or `mi`.');
    const radius = stof(parts[2].slice(0, -2).trim());
    if (radius === undefined) refuse(400, format);
    const point = [stof(parts[0])!, stof(parts[1])!];
    // src/filter_result_iterator.cpp:1342-1356: metres (a mile 1609.34 m) to an angle on S2's Earth, a cap around the point.
    const cap = (radius! * (parts[2].endsWith('mi') ? 1609.34 : 1000)) / S2_EARTH_M;
    return (d) => isPoint(d[name]) && angle(point, [packed((d[name] as number[])[0]), packed((d[name] as number[])[1])]) <= cap;
  }

  if (NUMERIC.includes(f!.type.replace('[]', ''))) {
    const type = f!.type.replace('[]', '');
    // `:=` has no meaning for numbers and is skipped (src/filter.cpp).
    if (rest.startsWith('=')) rest = rest.slice(1).trim();
    // src/filter.cpp:7-27 (validate_numerical_filter_value).
    const number = (v: string): number => {
      if (type === 'float') return stof(v) ?? err('Not a float.');
      if (!INTEGER.test(v)) err(`Not an ${type}.`);
      if (type === 'int32' && (Number(v) >= INT32 || Number(v) < -INT32)) err(`\`${v}\` exceeds the range of an int32.`);
      return Number(v);
    };
    const one = (v: string): ((x: number) => boolean) => {
      const op = /^(<=|>=|!=|<|>)?\s*(.*)$/.exec(v.trim())!;
      if (!op[1] && op[2].includes('..')) {
        const [lo, hi] = op[2].split('..').map((s) => number(s.trim()));
        return (x) => x >= lo && x <= hi;
      }
      const n = number(op[2].trim());
      switch (op[1]) {
        case '<=': return (x) => x <= n;
        case '>=': return (x) => x >= n;
        case '<': return (x) => x < n;
        case '>': return (x) => x > n;
        case '!=': return (x) => x !== n;
        default: return (x) => x === n;
      }
    };
    const not = rest.startsWith('!=[');
    if (not) rest = rest.slice(2);
    if (rest.startsWith('[') && rest.endsWith(']')) {
      const tests = listValues(rest.slice(1, -1)).map(one);
      return (d) => values(d).some((x) => tests.some((t) => t(indexed(f!, x) as number))) !== not;
    }
    const t = one(rest);
    return (d) => values(d).some((x) => t(indexed(f!, x) as number));
  }

  if (f!.type.replace('[]', '') === 'bool') {
    let not = false;
    if (rest.startsWith('!=')) {
      not = true;
      rest = rest.slice(2).trim();
    } else if (rest.startsWith('=')) rest = rest.slice(1).trim();
    const bool = (v: string) => {
      if (v !== 'true' && v !== 'false') refuse(400, `Value of filter field \`${name}\` must be \`true\` or \`false\`.`);
      return v === 'true';
    };
    const wanted = rest.startsWith('[') && rest.endsWith(']') ? listValues(rest.slice(1, -1)).map(bool) : [bool(rest)];
    return (d) => values(d).some((x) => wanted.includes(x as boolean)) !== not;
  }

  // Strings: `:=` exact, `:!=` not exact, `:` every word of the value among the field's words.
  let op: '=' | '!=' | ':' = ':';
  if (rest.startsWith('!=')) op = '!=';
  else if (rest.startsWith('=')) op = '=';
  rest = rest.slice(op === ':' ? 0 : op.length).trim();
  const wanted = (rest.startsWith('[') && rest.endsWith(']') ? listValues(rest.slice(1, -1)) : [rest]).map((v) => {
    const unquoted = /^`([\s\S]*)`$/.exec(v)?.[1] ?? v;
    if (!unquoted.trim()) err('Filter value cannot be empty.');
    return unquoted;
  });
  const norm = (s: string) => tokens(s, c.separators).join(' ');
  const hit = (x: unknown) =>
    typeof x === 'string' &&
    wanted.some((w) => (op === ':' ? tokens(w, c.separators).every((t) => tokens(x, c.separators).includes(t)) : norm(x) === norm(w)));
  return (d) => values(d).some(hit) !== (op === '!=');
}

// ------------------------------------------------------------------ sort_by

interface Sorter {
  field: string;
  desc: boolean;
  missingFirst: boolean;
  point?: number[];
  /** A geo sort's `precision: X km` (buckets of X metres) and `exclude_radius: X km` (0 within X), in metres. */
  precision?: number;
  exclude?: number;
}

/** sort_by as CollectionManager::parse_sort_by_str and Collection::validate_and_standardize_sort_fields read it. */
function sorters(c: Collection, sortBy: string): Sorter[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < sortBy.length; i++) {
    if (sortBy[i] === '(') depth++;
    else if (sortBy[i] === ')') depth--;
    else if (sortBy[i] === ',' && depth === 0) {
      parts.push(sortBy.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(sortBy.slice(start));
  // src/collection_manager.cpp:1600-1602: counted before any field is looked at, and a 400.
  if (parts.length > 3) refuse(400, 'Only upto 3 sort fields are allowed.');
  return parts.map((raw): Sorter => {
    const p = raw.trim();
    const colon = p.lastIndexOf(':');
    if (colon < 0 || colon === p.length - 1 || p.lastIndexOf(')') > colon) refuse(400, 'Parameter `sort_by` is malformed.');
    const order = p.slice(colon + 1).trim().toUpperCase();
    const m = /^([A-Za-z_][A-Za-z0-9_.]*)\s*(?:\(([^()]*)\))?$/.exec(p.slice(0, colon).trim());
    if (!m) refuse(400, 'Parameter `sort_by` is malformed.');
    const [, field, inside] = m!;
    if (order !== 'ASC' && order !== 'DESC') refuse(400, `Order for field\` ${field}\` should be either ASC or DESC.`);
    const desc = order === 'DESC';
    if (field === '_text_match' || field === '_seq_id') return { field, desc, missingFirst: false };
    const f = c.fields.get(field);
    if (!f || !f.sort || !f.index) refuse(404, `Could not find a field named \`${field}\` in the schema for sorting.`);
    if (f!.type.startsWith('geopoint')) {
      // src/collection.cpp:1340-1414: `f(lat, lng)`, or with a third part `precision: X km` or `exclude_radius: X km`.
      const bad = `Bad syntax for geopoint sorting field \`${field}\``;
      const coords = (inside ?? '').split(',').map((x) => x.trim());
      if ((coords.length !== 2 && coords.length !== 3) || stof(coords[0]) === undefined || stof(coords[1]) === undefined) refuse(400, bad);
      const sorter: Sorter = { field, desc, missingFirst: false, point: [stof(coords[0])!, stof(coords[1])!] };
      if (coords.length === 3) {
        const option = coords[2].startsWith('exclude_radius') ? 'exclude' : coords[2].startsWith('precision') ? 'precision' : refuse(400, bad);
        const kv = coords[2].split(':').map((x) => x.trim());
        if (kv.length !== 2 || kv[1].length < 2) refuse(400, bad);
        const unit = kv[1].slice(-2);
        if (unit !== 'km' && unit !== 'mi') refuse(400, "Sort field's parameter unit must be either `km` or `mi`.");
        const value = stof(kv[1].slice(0, -2).trim()) ?? refuse(400, bad);
        const metres = Math.trunc(value * (unit === 'km' ? 1000 : 1609.34));
        if (metres <= 0) refuse(400, "Sort field's parameter must be a positive number.");
        sorter[option] = metres;
      }
      return sorter;
    }
    if (inside !== undefined) {
      const mv = /^\s*missing_values\s*:\s*(first|last|normal)\s*$/.exec(inside);
      if (!mv) refuse(400, `Bad syntax for sorting field \`${field}\``);
      return { field, desc, missingFirst: mv![1] === 'first' };
    }
    return { field, desc, missingFirst: false };
  });
}

/**
 * A document's distance under a geo sort, as src/index.cpp:5060-5108 computes it: GeoPoint::distance,
 * INT32_MAX without a point, 0 within `exclude_radius`, rounded up to a multiple of `precision`.
 */
function geoSortKey(o: Sorter, v: unknown): number {
  let dist = isPoint(v) ? geoDistance(o.point!, v) : NO_POINT;
  if (o.exclude && dist < o.exclude) dist = 0;
  if (o.precision) dist = dist + o.precision - 1 - ((dist + o.precision - 1) % o.precision);
  return dist;
}

// ------------------------------------------------------------------ searching

/** What an exact field match adds to a document's text_match in the order (never to the text_match answered). */
const EXACT_FIRST = 1000;

/**
 * Each document's words by query_by (search's textOf): a search of thousands of documents tokenized each one per
 * synonym variant. With them as a set: a whole word is looked up, not searched for among a description's words.
 */
const documentWords = new WeakMap<Doc, Map<string, { list: string[]; set: Set<string> }>>();
/** A document's string field as its words joined by spaces, worked out once per field and separators. */
const fieldTexts = new WeakMap<Doc, Map<string, string>>();
function fieldText(d: Doc, field: string, separators: string[]): string {
  let byField = fieldTexts.get(d);
  if (!byField) fieldTexts.set(d, (byField = new Map()));
  const key = `${field}\0${separators.join('')}`;
  let text = byField.get(key);
  if (text === undefined) byField.set(key, (text = tokens(d[field] as string, separators).join(' ')));
  return text;
}

/** Per collection and query_by: which documents hold each word, and each document's place in the collection's order. */
const wordIndexes = new WeakMap<DocMap, Map<string, { version: number; docs: Map<string, Doc[]>; seq: Map<Doc, number> }>>();

/**
 * The documents a search's words can match, with their place in the collection (the order's last tie-break):
 * every one for `*`; otherwise those holding the rarest of a variant's words before its last (those are matched
 * whole) or, for a one-word variant, a word it begins. What matches among them is decided as before.
 */
function candidates(c: Collection, fieldsKey: string, textOf: (d: Doc) => { set: Set<string> }, variants: string[][]): { d: Doc; seq: number }[] {
  if (variants.length === 0) return [...c.docs.values()].map((d, seq) => ({ d, seq }));
  let byFields = wordIndexes.get(c.docs);
  if (!byFields) wordIndexes.set(c.docs, (byFields = new Map()));
  let index = byFields.get(fieldsKey);
  if (!index || index.version !== c.docs.version) {
    index = { version: c.docs.version, docs: new Map(), seq: new Map() };
    let seq = 0;
    for (const d of c.docs.values()) {
      index.seq.set(d, seq++);
      for (const w of textOf(d).set) {
        const list = index.docs.get(w);
        if (list) list.push(d);
        else index.docs.set(w, [d]);
      }
    }
    byFields.set(fieldsKey, index);
  }
  const picked = new Set<Doc>();
  for (const v of variants) {
    // A variant of no words (a synonym of only separators) scores 0: it adds no document.
    if (v.length === 0) continue;
    if (v.length > 1) {
      // Each word before the last is matched whole: the documents of the rarest of them.
      const lists = v.slice(0, -1).map((w) => index.docs.get(w) ?? []);
      for (const d of lists.reduce((a, b) => (b.length < a.length ? b : a))) picked.add(d);
    } else for (const [w, docs] of index.docs) if (w.startsWith(v[0])) for (const d of docs) picked.add(d);
  }
  const seqOf = index.seq;
  return [...picked].map((d) => ({ d, seq: seqOf.get(d)! })).sort((a, b) => a.seq - b.seq);
}

function search(c: Collection, s: Params, stopwordSets: Map<string, string[]>) {
  if (s.q === undefined) refuse(400, 'Parameter `q` is required.');
  const q = String(s.q).trim();
  const perPage = s.per_page === undefined ? 10 : Number(s.per_page);
  // Page 0 is page 1 (src/collection.cpp:2075, and the answer's `page`: src/collection_manager.cpp:1732).
  const page = s.page === undefined || Number(s.page) === 0 ? 1 : Number(s.page);
  if (!Number.isInteger(perPage) || perPage < 0 || !Number.isInteger(page) || page < 1) refuse(400, 'Parameter `page` or `per_page` is malformed.');
  if (perPage > 250) refuse(422, 'Only upto 250 hits can be fetched per page.');
  // src/collection.cpp:1676: any q but `*` (an empty one too) needs query_by.
  const wildcard = q === '*';
  const queryBy = String(s.query_by ?? '').split(',').map((f) => f.trim()).filter(Boolean);
  if (!wildcard && queryBy.length === 0) refuse(400, 'No search fields specified for the query.');
  for (const name of queryBy) {
    const f = c.fields.get(name);
    if (!f) refuse(404, `Could not find \`${name}\` field in the schema.`); // src/collection.cpp:1808
    if (!f!.index) refuse(400, `Field \`${name}\` is marked as a non-indexed field in the schema.`); // src/collection.cpp:1912
    if (!f!.type.startsWith('string')) refuse(400, `Field \`${name}\` should be a string or a string array.`);
  }
  let stop: string[] = [];
  if (s.stopwords !== undefined && s.stopwords !== '') {
    const set = String(s.stopwords);
    if (!stopwordSets.has(set)) refuse(404, `Could not find the stopword set named \`${set}\`.`);
    stop = stopwordSets.get(set)!;
  }
  const filter = s.filter_by ? parseFilterBy(c, String(s.filter_by)) : () => true;
  const sort = sorters(c, String(s.sort_by ?? '_text_match:desc'));
  const facetBy = String(s.facet_by ?? '').split(',').map((f) => f.trim()).filter(Boolean);
  for (const name of facetBy) {
    if (!c.fields.get(name)?.facet) refuse(404, `Could not find a facet field named \`${name}\` in the schema.`);
  }

  const words = wildcard ? [] : tokens(q, c.separators).filter((w) => !stop.includes(w));
  const variants = words.length ? queryVariants(c, words) : [];
  // A document's words under this query_by, worked out once (documents are replaced, never changed in place).
  const fieldsKey = `${queryBy.join(',')}\0${c.separators.join('')}`;
  const textOf = (d: Doc) => {
    let byFields = documentWords.get(d);
    if (!byFields) documentWords.set(d, (byFields = new Map()));
    let words = byFields.get(fieldsKey);
    if (!words) {
      const list = queryBy.flatMap((f) => (Array.isArray(d[f]) ? (d[f] as unknown[]) : [d[f]])).filter((v) => typeof v === 'string').flatMap((v) => tokens(v as string, c.separators));
      byFields.set(fieldsKey, (words = { list, set: new Set(list) }));
    }
    return words;
  };
  // Whole words, the last one a prefix (Typesense's `prefix: true` applies to the last word).
  const matches = (have: { list: string[]; set: Set<string> }, want: string[]) =>
    want.every((w, k) => have.set.has(w) || (k === want.length - 1 && have.list.some((t) => t.startsWith(w))));
  // prioritize_exact_match (on by default): a document with a field that is exactly the words ("Yetunde
  // Hospital" named so) comes before those that only hold them ("General Hospital Igbo Yetunde", which a
  // synonym's longer variant matches with more words).
  const exactly = (d: Doc, v: string[]) => {
    const wanted = v.join(' ');
    return queryBy.some((f) => typeof d[f] === 'string' && fieldText(d, f, c.separators) === wanted);
  };
  const scored = candidates(c, fieldsKey, textOf, variants)
    .map(({ d, seq }) => {
      const have = variants.length ? textOf(d) : undefined;
      const matched = variants.filter((v) => matches(have!, v));
      const score = matched.length ? Math.max(...matched.map((v) => v.length)) : 0;
      return { d, seq, score, exact: matched.some((v) => exactly(d, v)) };
    })
    .filter((x) => (variants.length === 0 || x.score > 0) && filter(x.d));

  const key = (x: (typeof scored)[number], o: Sorter): number | undefined => {
    if (o.field === '_text_match') return x.score + (x.exact ? EXACT_FIRST : 0);
    if (o.field === '_seq_id') return x.seq;
    const v = x.d[o.field];
    if (o.point) return geoSortKey(o, v);
    const f = c.fields.get(o.field)!;
    return typeof v === 'number' ? (indexed(f, v) as number) : typeof v === 'boolean' ? Number(v) : undefined;
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

  const geo = sort.filter((o) => o.point);
  const hits = scored.slice((page - 1) * perPage, page * perPage).map((x) => {
    // src/collection.cpp:2660-2669: with `precision` the distance itself (Index::get_distance: 0 without a
    // point), otherwise the sort's value (2147483647 without a point).
    const distances = Object.fromEntries(
      geo.map((o) => [o.field, o.precision ? (isPoint(x.d[o.field]) ? geoDistance(o.point!, x.d[o.field] as number[]) : 0) : geoSortKey(o, x.d[o.field])]),
    );
    return { document: x.d, highlights: [], highlight: {}, text_match: x.score, ...(Object.keys(distances).length ? { geo_distance_meters: distances } : {}) };
  });

  const maxValues = s.max_facet_values === undefined ? 10 : Number(s.max_facet_values);
  const facetQuery = typeof s.facet_query === 'string' && s.facet_query.includes(':') ? s.facet_query : undefined;
  const facet_counts = facetBy.map((field) => {
    const counts = new Map<string, number>();
    for (const { d } of scored) {
      const v = d[field];
      for (const x of Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]) counts.set(String(x), (counts.get(String(x)) ?? 0) + 1);
    }
    let entries = [...counts];
    if (facetQuery && facetQuery.slice(0, facetQuery.indexOf(':')).trim() === field) {
      const prefix = tokens(facetQuery.slice(facetQuery.indexOf(':') + 1), c.separators);
      entries = entries.filter(([value]) => prefix.every((p) => tokens(value, c.separators).some((t) => t.startsWith(p))));
    }
    const sorted = entries.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, maxValues);
    return { field_name: field, counts: sorted.map(([value, count]) => ({ value, count, highlighted: value })), stats: { total_values: counts.size } };
  });

  return {
    facet_counts,
    found: scored.length,
    out_of: c.docs.size,
    page,
    hits,
    request_params: { collection_name: c.name, q, per_page: perPage },
    search_time_ms: 0,
  };
}
