/**
 * The search query log of the bench (issue 13): requests with the shape of real
 * search traffic, generated deterministically (./query-log-def.js holds the
 * generator, shared with k6; this file builds its vocabulary and measures it).
 *
 *   queryLog({ size: 10000 })                    the whole traffic mix
 *   queryLog({ size: 2000, kind: 'multi-search' }) one kind of request
 *   await engineSearches(queryLog({ size: 10000 })) what the log costs the engine (docs/SCALING.md)
 *
 * The words are those of the data: the contracts lists (specialties, services,
 * states, landing locations) and the seed generator's names, cities and
 * institution words (db/src/seed/data.ts), plus the words patients use for them
 * (lay words, person titles, British spellings, place nicknames, stop words).
 */
import {
  allServices,
  institutionSearchQuerySchema,
  professionalSearchQuerySchema,
  institutionTypeLabel,
  locationValues,
  nigerianStates,
  professionalTypes,
  registrationInstitutionTypeValues,
  searchQueryBy,
  searchSortBy,
  servicesByInstitutionType,
  specialtiesByType,
  allSpecialties,
  stateFilterValues,
} from '@ilera/contracts';
import { cities, doctorSpecialtyText, names, virtues } from '@ilera/db/seed/data';
import type { SearchEngine, SearchRequest, SearchResult } from '@ilera/search';
import { multiSearch, searchInstitutions, searchProfessionals } from '@ilera/api/modules/search/search.service';
import { logRequest, type LogKind, type LogRequest, type SearchVocabulary } from './query-log-def.js';

export { CLIENTS, clientAddress, HEAD_SHARE, HEAD_SIZE, logKinds, logRequest, type LogKind, type LogRequest, type SearchVocabulary } from './query-log-def.js';

const unique = <T>(xs: Iterable<T>): T[] => [...new Set(xs)];

/** The vocabulary of the log: plain JSON (it travels to k6 in bench/fixtures.json). */
export function searchVocabulary(): SearchVocabulary {
  const groups = Object.values(names);
  return {
    // The person, as patients name them ("cardiologist", "paediatrician").
    personWords: unique([
      ...Object.values(doctorSpecialtyText).map((t) => t.noun),
      'pediatrician', 'gynecologist', 'gynaecologist', 'obstetrician', 'orthopedic surgeon', 'surgeon', 'dentist',
      'pharmacist', 'chemist', 'nurse', 'midwife', 'GP', 'doctor', 'eye specialist', 'psychologist',
    ]),
    layWords: [
      'eye doctor', 'heart doctor', "children's doctor", 'child doctor', "women's doctor", 'skin doctor', 'bone doctor',
      'baby doctor', 'ENT', 'OB-GYN', 'lab', 'mental health', 'blood test', 'scan', 'x-ray', 'antenatal', 'pregnancy',
      'teeth', 'family doctor', 'emergency', 'hospital', 'clinic', 'pharmacy', 'drug store', 'nurse',
    ],
    specialties: [...allSpecialties],
    britishWords: ['paediatrics', 'gynaecology', 'orthopaedics', 'anaesthesia', 'haematology', 'paediatric nursing', 'obstetrics and gynaecology'],
    serviceWords: [...allServices],
    cities: cities.map((c) => ({ city: c.city, state: c.state })),
    states: unique([...nigerianStates, 'FCT']),
    bigPlaces: ['lagos', 'abuja', 'ikeja', 'lekki', 'port harcourt', 'PH', 'ibadan', 'kano', 'enugu', 'benin', 'FCT', 'VI'],
    placeNicknames: unique(['PH', 'VI', 'FCT', 'abuja', 'benin', ...cities.flatMap((c) => c.areas)]),
    connectors: ['in', 'near', 'at', 'around'],
    leadWords: ['best', 'top', 'good', 'the', 'a', 'find a', 'female', 'private'],
    firstNames: unique(groups.flatMap((g) => [...g.male, ...g.female])),
    surnames: unique(groups.flatMap((g) => g.surnames)),
    professionalTypes: [...professionalTypes],
    specialtiesByType: Object.fromEntries(Object.entries(specialtiesByType).map(([k, v]) => [k, [...v]])),
    filterStates: unique(cities.map((c) => c.state)),
    bigStates: ['Lagos', 'FCT', 'Rivers', 'Oyo', 'Kano'].filter((s) => (stateFilterValues as readonly string[]).includes(s)),
    locations: locationValues.filter((l) => l !== 'all'),
    virtues: [...virtues],
    facilityWords: unique([
      'hospital', 'specialist hospital', 'general hospital', 'teaching hospital', 'clinic', 'eye clinic', 'dental clinic',
      'pharmacy', 'diagnostics', 'laboratory', 'maternity', 'medical centre',
      ...registrationInstitutionTypeValues.map((t) => institutionTypeLabel(t)),
    ]),
    registrationTypes: [...registrationInstitutionTypeValues],
    servicesByType: Object.fromEntries(Object.entries(servicesByInstitutionType).map(([k, v]) => [k, [...v]])),
    queryBy: { professionals: [...searchQueryBy.professionals], institutions: [...searchQueryBy.institutions] },
    relevance: { professionals: searchSortBy.professionals.relevance, institutions: searchSortBy.institutions.relevance },
  };
}

export interface QueryLogOptions {
  /** Requests in the log. */
  size?: number;
  /** The number of the first request: a run that goes on where the last stopped passes the next one. */
  from?: number;
  /** Only requests of this kind; else the traffic mix of logKinds. */
  kind?: LogKind;
  /** Another seed is another log of the same shape. */
  seed?: number;
  vocabulary?: SearchVocabulary;
}

/** The log's requests: GET search URLs and multi_search bodies as the pages send them. */
export function queryLog(options: QueryLogOptions = {}): LogRequest[] {
  const { size = 10000, from = 0, kind, seed = 1 } = options;
  const vocabulary = options.vocabulary ?? searchVocabulary();
  return Array.from({ length: size }, (_, k) => logRequest(vocabulary, from + k, kind, seed));
}

/** What identifies a request to a cache: method, URL and body. */
export const requestKey = (r: { method: string; path: string; body?: unknown }) =>
  `${r.method} ${r.path}${r.body === undefined ? '' : ` ${JSON.stringify(r.body)}`}`;

export interface LogShape {
  requests: number;
  distinct: number;
  /** Share of the requests whose request occurs once in the log. */
  onceShare: number;
  /** Share of the distinct requests that occur once. */
  onceDistinctShare: number;
  /** Share of the requests taken by the most frequent request, and by the 10 most frequent. */
  top1Share: number;
  top10Share: number;
  /** The 10 most frequent requests with their counts. */
  top: { key: string; count: number }[];
  /** Share of requests asking for page 1, pages 2 to 5, and deeper. */
  pages: { first: number; second5: number; deeper: number };
}

/** The frequency shape of a log (the bench prints it; the test checks it). */
export function logShape(log: { method: string; path: string; body?: unknown }[]): LogShape {
  const counts = new Map<string, number>();
  const pages = { first: 0, second5: 0, deeper: 0 };
  for (const r of log) {
    const key = requestKey(r);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    const body = r.body as { searches?: { page?: number }[] } | undefined;
    const page = Number(body?.searches?.[0]?.page ?? new URLSearchParams(r.path.split('?')[1] ?? '').get('page') ?? 1);
    if (page <= 1) pages.first++;
    else if (page <= 5) pages.second5++;
    else pages.deeper++;
  }
  const sorted = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  const once = sorted.filter(([, c]) => c === 1).length;
  const n = Math.max(1, log.length);
  return {
    requests: log.length,
    distinct: counts.size,
    onceShare: once / n,
    onceDistinctShare: once / Math.max(1, counts.size),
    top1Share: (sorted[0]?.[1] ?? 0) / n,
    top10Share: sorted.slice(0, 10).reduce((s, [, c]) => s + c, 0) / n,
    top: sorted.slice(0, 10).map(([key, count]) => ({ key, count })),
    pages: { first: pages.first / n, second5: pages.second5 / n, deeper: pages.deeper / n },
  };
}

export interface EngineSearches {
  requests: number;
  /** Searches the engine runs per HTTP request, over the whole log. */
  perRequest: number;
  /** Share of the log's requests that are multi_search posts. */
  multiSearchShare: number;
  /** Engine searches per multi_search post, and per GET search. */
  perMultiSearch: number;
  perGetSearch: number;
  /**
   * Engine searches per request by what they ask: a page of hits (with the unrefined facets),
   * a facet-only search per refined facet, and the Availability filter's count-only searches.
   */
  perRequestByKind: { hits: number; facetOnly: number; countOnly: number };
  /** Rate-limit counts per request (api/src/plugins/rate-limit.ts: one per GET search, one per search in a multi_search). */
  rateLimitCountsPerRequest: number;
}

/**
 * What the log costs the search engine with no answer cache in front of it (Typesense,
 * docs/SCALING.md): each request goes through the API's search service, as the routes call
 * it, to an engine that only counts the searches it is sent (one engine.multiSearch call is
 * one Typesense multi_search holding them all).
 */
export async function engineSearches(log: LogRequest[]): Promise<EngineSearches> {
  let sent: SearchRequest[] = [];
  const counting = {
    kind: 'typesense',
    async multiSearch(searches: SearchRequest[]): Promise<SearchResult[]> {
      sent.push(...searches);
      // Every search finds something, as most of the log's do: a search whose understood filters find
      // nothing is sent again as typed (decision 043), a second cost that is not the common request's.
      return searches.map((s) => ({
        found: 1,
        page: s.page ?? 1,
        search_time_ms: 0,
        request_params: { collection_name: s.collection, q: s.q, per_page: s.per_page ?? 0 },
        hits: [],
        facet_counts: [],
      }));
    },
    // The name look-up before understood words filter (decision 043): an index probe, not a search.
    async named(_collection: string, names: readonly unknown[]): Promise<boolean[]> {
      return names.map(() => false);
    },
  } as unknown as SearchEngine;
  const kinds = { hits: 0, facetOnly: 0, countOnly: 0 };
  let all = 0;
  let multi = 0;
  let inMulti = 0;
  let rateLimitCounts = 0;
  for (const r of log) {
    sent = [];
    if (r.method === 'POST') {
      await multiSearch(counting, r.body);
      multi++;
      inMulti += sent.length;
      rateLimitCounts += (r.body as { searches: unknown[] }).searches.length;
    } else {
      const query = Object.fromEntries(new URLSearchParams(r.path.split('?')[1] ?? ''));
      if (r.path.startsWith('/api/institutions/')) await searchInstitutions(counting, institutionSearchQuerySchema.parse(query));
      else await searchProfessionals(counting, professionalSearchQuerySchema.parse(query));
      rateLimitCounts += 1;
    }
    all += sent.length;
    for (const s of sent) {
      if (s.per_page !== 0) kinds.hits++;
      else if (s.facet_by) kinds.facetOnly++;
      else kinds.countOnly++;
    }
  }
  const n = Math.max(1, log.length);
  return {
    requests: log.length,
    perRequest: all / n,
    multiSearchShare: multi / n,
    perMultiSearch: inMulti / Math.max(1, multi),
    perGetSearch: (all - inMulti) / Math.max(1, log.length - multi),
    perRequestByKind: { hits: kinds.hits / n, facetOnly: kinds.facetOnly / n, countOnly: kinds.countOnly / n },
    rateLimitCountsPerRequest: rateLimitCounts / n,
  };
}
