// The FHIR directory's reads and searches (PRODUCT.md D25): a searchset Bundle per search with
// its total, keyset paging links (next/previous by cursor, never deep offsets), _include and
// _revinclude entries, and the location-distance extension on `near` matches.
import type { Bundle, BundleEntry, BundleLink, Resource } from '@medplum/fhirtypes';
import type { Db } from '@ilera/db';
import { notFound, invalid } from './fhir.errors';
import { encodeCursor, parseSearch, type Cursor, type SearchRequest } from './fhir.params';
import { mappers, resourceId } from './fhir.mappers';
import * as repo from './fhir.repo';
import type { ResourceType, Row } from './fhir.repo';
import { loadCare } from '../care/care.service';

/** _revinclude brings at most this many resources per page (a large hospital's roles). */
export const REVINCLUDE_LIMIT = 500;
const LOCATION_DISTANCE = 'http://hl7.org/fhir/StructureDefinition/location-distance';

export interface Answer<T> {
  body: T;
  /** The newest lastUpdated in the answer (Last-Modified), when it has resources. */
  lastModified?: Date;
}

export function isResourceType(type: string): type is ResourceType {
  return (repo.resourceTypes as readonly string[]).includes(type);
}

export async function read(db: Db, type: ResourceType, id: string): Promise<Answer<Resource>> {
  const key = repo.keyOfId(type, id);
  const [row] = key ? await repo.rowsByKeys(db, type, [key]) : [];
  if (!row) throw notFound(type, id);
  await withCare(db, [{ type, row }]);
  return { body: mappers[type](row), lastModified: new Date(row.lastUpdated) };
}

/** The query string of a page link: the search as asked, with another cursor. */
function pageUrl(baseUrl: string, type: ResourceType, query: URLSearchParams, cursor?: Cursor): string {
  const q = new URLSearchParams(query);
  q.delete('_cursor');
  if (cursor) q.set('_cursor', encodeCursor(cursor));
  const s = q.toString();
  return `${baseUrl}/${type}${s ? `?${s}` : ''}`;
}

export async function search(
  db: Db,
  type: ResourceType,
  query: Record<string, string | string[] | undefined>,
  rawQuery: URLSearchParams,
  lenient: boolean,
  baseUrl: string,
): Promise<Answer<Bundle>> {
  const def = repo.resources[type];
  const req: SearchRequest = parseSearch(query, def, lenient);
  const nears = req.criteria.filter((c) => c.name === 'near');
  if (nears.length > 1 || (nears[0] && nears[0].values.length > 1)) throw invalid('near takes one point', 'near');
  const near = nears[0] ? repo.parseNear(nears[0].values[0]!) : undefined;

  const total = req.withTotal || req.summaryCount ? await repo.searchTotal(db, type, req.criteria, near) : undefined;
  const self: BundleLink = { relation: 'self', url: pageUrl(baseUrl, type, rawQuery, req.cursor) };
  if (req.summaryCount) return { body: { resourceType: 'Bundle', type: 'searchset', total, link: [self] } };

  let rows = await repo.searchPage(db, type, req.criteria, req.count, req.cursor, near);
  const more = rows.length > req.count;
  rows = rows.slice(0, req.count);
  if (req.cursor?.dir === 'before') rows.reverse();
  const links: BundleLink[] = [self];
  const first = rows[0];
  const last = rows[rows.length - 1];
  // Forward: more rows after this page when one more was found; backward: the page we came from follows.
  const hasNext = req.cursor?.dir === 'before' ? true : more;
  const hasPrevious = req.cursor?.dir === 'before' ? more : !!req.cursor;
  if (last && hasNext) links.push({ relation: 'next', url: pageUrl(baseUrl, type, rawQuery, { dir: 'after', k1: last.k1, k2: last.k2 }) });
  if (first && hasPrevious) links.push({ relation: 'previous', url: pageUrl(baseUrl, type, rawQuery, { dir: 'before', k1: first.k1, k2: first.k2 }) });

  const included = await includes(db, type, rows, req);
  await withCare(db, [...rows.map((row) => ({ type, row })), ...included]);
  const entries: BundleEntry[] = rows.map((row) => {
    const entry = matchEntry(baseUrl, type, row);
    if (near && row.distanceM != null) {
      entry.search!.extension = [
        {
          url: LOCATION_DISTANCE,
          valueDistance: { value: Math.round(row.distanceM) / 1000, unit: 'km', system: 'http://unitsofmeasure.org', code: 'km' },
        },
      ];
    }
    return entry;
  });
  const all = [...rows, ...included.map((i) => i.row)];
  entries.push(...included.map((i) => ({ ...entryOf(baseUrl, i.type, i.row), search: { mode: 'include' as const } })));
  const newest = all.reduce<Date | undefined>((m, r) => {
    const d = new Date(r.lastUpdated);
    return !m || d > m ? d : m;
  }, undefined);
  return {
    // No Bundle.id and no "now" in the answer: the same result is the same bytes, so its ETag holds.
    body: {
      resourceType: 'Bundle',
      type: 'searchset',
      ...(newest ? { meta: { lastUpdated: newest.toISOString() } } : {}),
      ...(total === undefined ? {} : { total }),
      link: links,
      ...(entries.length ? { entry: entries } : {}),
    },
    lastModified: newest,
  };
}

/** Resources that show an institution's care facts (opening hours, closures). */
const WITH_CARE: ReadonlySet<ResourceType> = new Set(['Location', 'HealthcareService']);

/** Gives the rows of Locations and HealthcareServices their institution's care facts (loadCare: one read for all). */
async function withCare(db: Db, items: { type: ResourceType; row: Row }[]): Promise<void> {
  const rows = items.filter((i) => WITH_CARE.has(i.type)).map((i) => i.row);
  if (!rows.length) return;
  const care = await loadCare(db, 'institution', [...new Set(rows.map((r) => r.k1))]);
  for (const row of rows) row.care = care.get(row.k1);
}

function entryOf(baseUrl: string, type: ResourceType, row: Row): BundleEntry {
  return { fullUrl: `${baseUrl}/${type}/${resourceId(type, row)}`, resource: mappers[type](row) };
}

function matchEntry(baseUrl: string, type: ResourceType, row: Row): BundleEntry {
  return { ...entryOf(baseUrl, type, row), search: { mode: 'match' } };
}

/** The resources _include and _revinclude name, each once, none that is already a match. */
async function includes(db: Db, type: ResourceType, rows: Row[], req: SearchRequest): Promise<{ type: ResourceType; row: Row }[]> {
  if (!rows.length) return [];
  const out: { type: ResourceType; row: Row }[] = [];
  const seen = new Set(rows.map((r) => `${type}/${resourceId(type, r)}`));
  const add = (t: ResourceType, found: Row[]) => {
    for (const r of found) {
      const k = `${t}/${resourceId(t, r)}`;
      if (seen.has(k)) continue;
      seen.add(k);
      out.push({ type: t, row: r });
    }
  };
  const byId = (ids: (number | null | undefined)[]) =>
    [...new Set(ids.filter((i): i is number => typeof i === 'number'))].map((k1) => ({ k1, k2: 0 }));
  for (const inc of req.include) {
    if (inc === 'PractitionerRole:practitioner') add('Practitioner', await repo.rowsByKeys(db, 'Practitioner', byId(rows.map((r) => r.professionalId as number))));
    else if (inc === 'PractitionerRole:organization') add('Organization', await repo.rowsByKeys(db, 'Organization', byId(rows.map((r) => r.institutionId as number))));
    else if (inc === 'PractitionerRole:location') add('Location', await repo.rowsByKeys(db, 'Location', byId(rows.map((r) => r.institutionId as number))));
    // Organization, Location and HealthcareService of one institution share its id.
    else if (inc === 'Location:organization' || inc === 'HealthcareService:organization') add('Organization', await repo.rowsByKeys(db, 'Organization', byId(rows.map((r) => r.k1))));
    else if (inc === 'HealthcareService:location') add('Location', await repo.rowsByKeys(db, 'Location', byId(rows.map((r) => r.k1))));
  }
  const ids = rows.map((r) => r.k1);
  for (const rev of req.revinclude) {
    if (rev === 'PractitionerRole:practitioner') add('PractitionerRole', await repo.rolesOf(db, 'professional_id', ids, REVINCLUDE_LIMIT));
    else if (rev === 'PractitionerRole:organization' || rev === 'PractitionerRole:location') add('PractitionerRole', await repo.rolesOf(db, 'institution_id', ids, REVINCLUDE_LIMIT));
    else if (rev === 'Location:organization') add('Location', await repo.rowsByKeys(db, 'Location', byId(ids)));
    else if (rev === 'HealthcareService:organization' || rev === 'HealthcareService:location') add('HealthcareService', await repo.rowsByKeys(db, 'HealthcareService', byId(ids)));
  }
  return out;
}
