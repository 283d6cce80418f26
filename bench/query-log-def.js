// The search query log's generator (issue 13), written once. Plain ESM with no
// imports and no Node-only API, like ./scenarios-def.js: the k6 scripts and the
// local runner call the same `logRequest`, so both send the same requests.
//
// Entry i of the log is a pure function of (vocabulary, seed, i): the log is an
// endless stream, never replayed from the start, so a long bench run does not
// turn every request into a cache hit. The vocabulary (./query-log.ts
// searchVocabulary) comes from the contracts lists and the seed generator's
// names, so the queries find the generated data.
//
// Shape of real search traffic (what "Zipf-like" means here):
// - HEAD_SHARE of the requests are drawn from a few hundred popular requests per
//   kind with Zipf weights (rank r has weight 1/(r+1)): "dentist", "pharmacy",
//   "cardiologist in lagos" come back again and again;
// - the rest are the long tail: a person's name, a place, a service, a typo,
//   combined so that almost each is seen once;
// - paging: mostly page 1, some 2 to 5, rarely deeper (never past the first
//   1,000 hits, which no search serves).

/** Share of requests drawn from the popular head. */
export const HEAD_SHARE = 0.5;
/** Popular requests per kind. */
export const HEAD_SIZE = 300;

/** Kinds of search request, with their share of the traffic (out of 100). */
export const logKinds = [
  ['search-free-text', 30],
  ['search-typo', 8],
  ['search-faceted', 15],
  ['institutions-by-service', 12],
  ['multi-search', 35],
];

/** Simulated patients: the bench spreads its requests over this many addresses. */
export const CLIENTS = 5000;

/**
 * The address of simulated client number n (sent as X-Forwarded-For to an API
 * that trusts the bench as its proxy): carrier-grade NAT space, where most
 * Nigerian mobile users' requests come from.
 */
export function clientAddress(n) {
  const k = ((n % CLIENTS) + CLIENTS) % CLIENTS;
  return `100.64.${k >> 8}.${k & 255}`;
}

/** A small deterministic hash of two integers. */
export function mix(i, salt) {
  let h = (i * 2654435761 + salt * 40503) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x45d9f3b) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

/** mulberry32: a seeded generator of numbers in [0, 1). */
function rng(a) {
  let t = a >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let x = Math.imul(t ^ (t >>> 15), 1 | t);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** A typo a person makes: two neighbouring letters swapped, or one dropped, in a word of 5+ letters. */
export function typo(word, i) {
  if (word.length < 5) return word;
  const at = 1 + (mix(i, 7) % (word.length - 3));
  if (mix(i, 8) % 2 === 0) return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  return word.slice(0, at) + word.slice(at + 1);
}

function qs(params) {
  return Object.keys(params)
    .filter((k) => params[k] !== undefined && params[k] !== '')
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(params[k])}`)
    .join('&');
}

const pickOf = (r) => (list) => list[Math.floor(r() * list.length)];

/** Zipf rank in [0, n) with weight 1/(rank+1), from u in [0, 1). */
function zipfRank(u, n) {
  // The inverse of the harmonic CDF, approximated by H(k) ~ ln(k) + 0.5772.
  const h = Math.log(n) + 0.5772156649;
  const k = Math.floor(Math.exp(u * h - 0.5772156649));
  return Math.min(n - 1, Math.max(0, k - 1));
}

/** Mostly page 1, some 2 to 5, rarely deeper; never past the first 1,000 hits. */
function pageOf(r, perPage) {
  const u = r();
  if (u < 0.82) return 1;
  if (u < 0.97) return 2 + Math.floor(r() * 4);
  return Math.min(Math.floor(1000 / perPage), 6 + Math.floor(r() * 20));
}

/** The `page` query parameter: left out for page 1, as the pages send it. */
function pageParam(r, perPage) {
  const page = pageOf(r, perPage);
  return page > 1 ? page : undefined;
}

/** How a person types: mostly lower case, some Title Case, a few as the word is spelt. */
function cased(r, text) {
  const u = r();
  if (u < 0.7) return text.toLowerCase();
  if (u < 0.9) return text.replace(/\b\w/g, (c) => c.toUpperCase());
  return text;
}

// ---------------------------------------------------------------- phrases

/** What a person looks for: a lay word, a person's title, a specialty (British or not). */
function subject(v, r, popular) {
  const pick = pickOf(r);
  const u = r();
  if (popular) {
    if (u < 0.35) return pick(v.personWords);
    if (u < 0.65) return pick(v.layWords);
    if (u < 0.85) return pick(v.specialties);
    return pick(v.britishWords);
  }
  if (u < 0.25) return pick(v.personWords);
  if (u < 0.45) return pick(v.layWords);
  if (u < 0.7) return pick(v.specialties);
  if (u < 0.8) return pick(v.britishWords);
  return pick(v.serviceWords);
}

/** A place as people write it: a city, a state, a nickname ("PH", "VI"). */
function place(v, r, popular) {
  const pick = pickOf(r);
  if (popular) return pick(v.bigPlaces);
  const u = r();
  if (u < 0.5) return pick(v.cities).city;
  if (u < 0.8) return pick(v.states);
  return pick(v.placeNicknames);
}

/** The most popular requests are the shortest: one word or two, no place. */
const SHORT_RANKS = 40;

/** "cardiologist in lagos", "best eye doctor near ikeja", "dentist abuja". */
function phrase(v, r, popular) {
  const pick = pickOf(r);
  let text = subject(v, r, popular);
  if (popular && popular.rank < SHORT_RANKS) return text;
  const u = r();
  if (u < (popular ? 0.45 : 0.6)) {
    const connector = r() < 0.55 ? ` ${pick(v.connectors)} ` : ' ';
    text += connector + place(v, r, popular);
  }
  if (r() < (popular ? 0.08 : 0.15)) text = `${pick(v.leadWords)} ${text}`;
  else if (r() < 0.05) text += ' near me';
  return text;
}

/** A person's name as searched: the surname, the full name, or "dr <surname>". */
function personName(v, r) {
  const pick = pickOf(r);
  const u = r();
  if (u < 0.35) return pick(v.surnames);
  if (u < 0.8) return `${pick(v.firstNames)} ${pick(v.surnames)}`;
  return `dr ${pick(v.surnames)}`;
}

/** One word of a text with a typo in it (the longest word, where people slip). */
function withTypo(text, i) {
  const words = text.split(' ');
  let at = 0;
  for (let k = 1; k < words.length; k++) if (words[k].length > words[at].length) at = k;
  words[at] = typo(words[at], i);
  return words.join(' ');
}

// ---------------------------------------------------------------- requests by kind

const PERSON = '/api/professionals/search';
const INSTITUTION = '/api/institutions/search';

function freeText(v, r, popular) {
  const text = !popular && r() < 0.35 ? personName(v, r) : phrase(v, r, popular);
  return { method: 'GET', path: `${PERSON}?${qs({ query: cased(r, text), page: pageParam(r, 20) })}` };
}

function typoSearch(v, r, popular) {
  const base = !popular && r() < 0.4 ? personName(v, r) : phrase(v, r, popular);
  const text = withTypo(base, Math.floor(r() * 1e9));
  return { method: 'GET', path: `${PERSON}?${qs({ query: cased(r, text), page: pageParam(r, 20) })}` };
}

/** The directory's filters: type, specialty, state or a landing location, sometimes with words. */
function faceted(v, r, popular) {
  const pick = pickOf(r);
  const type = pick(v.professionalTypes);
  const specialty = r() < 0.8 ? pick(v.specialtiesByType[type]) : undefined;
  const city = popular ? undefined : r() < 0.3 ? pick(v.cities) : undefined;
  const params = {
    professionalType: r() < 0.7 ? type : undefined,
    specialty,
    state: city ? city.state : r() < 0.75 ? pick(popular ? v.bigStates : v.filterStates) : undefined,
    city: city ? city.city : undefined,
    location: !city && r() < 0.1 ? pick(v.locations) : undefined,
    query: !popular && r() < 0.25 ? cased(r, personName(v, r)) : undefined,
    sort: r() < 0.1 ? pick(['rating', 'experience']) : undefined,
  };
  if (!params.specialty && !params.state && !params.professionalType) params.professionalType = type;
  params.page = pageParam(r, 20);
  return { method: 'GET', path: `${PERSON}?${qs(params)}` };
}

/** Facilities: by name ("grace hospital"), by kind ("eye clinic lagos"), by service and state. */
function institutions(v, r, popular) {
  const pick = pickOf(r);
  const u = r();
  const params = {};
  if (u < 0.35) {
    params.query = cased(r, popular ? pick(v.facilityWords) : `${pick(v.virtues)} ${pick(v.facilityWords)}`);
  } else if (u < 0.55) {
    params.query = cased(r, `${pick(v.facilityWords)} ${pick(v.connectors)} ${place(v, r, popular)}`);
  } else {
    const type = pick(v.registrationTypes);
    params.service = pick(v.servicesByType[type]);
    if (r() < 0.4) params.type = type;
  }
  if (r() < 0.5) params.state = pick(popular ? v.bigStates : v.filterStates);
  params.page = pageParam(r, 20);
  return { method: 'GET', path: `${INSTITUTION}?${qs(params)}` };
}

const filterValue = (x) => `\`${x}\``;

/** Epoch seconds of the Lagos (UTC+1) midnight `days` after today's start: an availability window's end. */
function lagosMidnight(days) {
  const lagos = new Date(Date.now() + 3600_000);
  return Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), lagos.getUTCDate() + days) / 1000 - 3600;
}

/**
 * What the search page's instantsearch adapter posts: the hits with every facet,
 * one facet-only search per refined facet (disjunctive faceting), and the
 * Availability filter's three count-only searches (web/src/features/search/api/availability-counts.ts).
 */
function multiSearch(v, r, popular) {
  const pick = pickOf(r);
  const u = r();
  const q = u < 0.25 ? '*' : cased(r, !popular && r() < 0.3 ? personName(v, r) : phrase(v, r, popular));
  const refined = {};
  const type = pick(v.professionalTypes);
  if (r() < 0.4) refined.professionalType = type;
  if (r() < 0.3) refined.specialty = pick(v.specialtiesByType[type]);
  if (r() < 0.45) refined.state = pick(popular ? v.bigStates : v.filterStates);
  const filter = (except) =>
    Object.keys(refined)
      .filter((k) => k !== except)
      .map((k) => `${k}:=[${filterValue(refined[k])}]`)
      .join(' && ');
  const perPage = 12;
  const base = { collection: 'professionals', q, query_by: v.queryBy.professionals.join(','), sort_by: v.relevance.professionals, max_facet_values: 10 };
  const main = { ...base, facet_by: 'professionalType,specialty,state,city', page: pageOf(r, perPage), per_page: perPage };
  if (filter()) main.filter_by = filter();
  const searches = [main];
  for (const k of Object.keys(refined)) {
    const facetOnly = { ...base, facet_by: k, page: 1, per_page: 0 };
    if (filter(k)) facetOnly.filter_by = filter(k);
    searches.push(facetOnly);
  }
  // The Availability filter's counts (issue 17): today, within 3 days, this week, under the other choices.
  for (const days of [1, 3, 7]) {
    searches.push({ ...base, page: 1, per_page: 0, filter_by: [filter(), `nextSlot:<${lagosMidnight(days)}`].filter(Boolean).join(' && ') });
  }
  return {
    method: 'POST',
    path: '/api/search/multi_search?x-typesense-api-key=public',
    contentType: 'text/plain',
    body: { searches },
  };
}

/**
 * Issue 33's near-me searches: a point drawn around one of five cities (centre, spread in degrees
 * either way), a radius of 5-50 km; with and without text and filters; some nearest first. A third
 * go through multi_search in Typesense's own geo syntax, as the search page would send them.
 */
export const NEAR_CITIES = [
  ['Lagos', 6.5244, 3.3792, 0.2],
  ['Kano', 12.0022, 8.592, 0.1],
  ['Abuja', 9.0765, 7.3986, 0.15],
  ['Port Harcourt', 4.8156, 7.0498, 0.1],
  ['Ibadan', 7.3775, 3.947, 0.1],
];

function nearMe(v, r, popular) {
  const pick = pickOf(r);
  const [, lat0, lng0, spread] = pick(NEAR_CITIES);
  const at = (c, s) => Math.round((c + (r() * 2 - 1) * s) * 1e4) / 1e4;
  const lat = at(lat0, spread);
  const lng = at(lng0, spread);
  const radius = 5 + Math.floor(r() * 46);
  const nearest = r() < 0.6;
  const u = r();
  if (u < 0.33) {
    const professionals = r() < 0.5;
    const collection = professionals ? 'professionals' : 'institutions';
    const type = pick(v.professionalTypes);
    const filters = [`location:(${lat}, ${lng}, ${radius} km)`];
    if (professionals && r() < 0.4) filters.push(`specialty:=[${filterValue(pick(v.specialtiesByType[type]))}]`);
    if (!professionals && r() < 0.4) filters.push(`level:=[${filterValue(pick(['Primary', 'Secondary', 'Tertiary']))}]`);
    const q = r() < 0.3 ? cased(r, professionals ? phrase(v, r, popular) : pick(v.facilityWords)) : '*';
    const search = {
      collection,
      q,
      query_by: v.queryBy[collection].join(','),
      filter_by: filters.join(' && '),
      sort_by: nearest ? `location(${lat}, ${lng}):asc` : v.relevance[collection],
      facet_by: professionals ? 'professionalType,specialty,lga' : 'type,ownership,level,lga',
      max_facet_values: 10,
      page: 1,
      per_page: 12,
    };
    return { method: 'POST', path: '/api/search/multi_search?x-typesense-api-key=public', contentType: 'text/plain', body: { searches: [search] } };
  }
  const params = { near: `${lat},${lng}`, radius, sort: nearest ? 'distance' : undefined };
  if (u < 0.66) {
    const type = pick(v.professionalTypes);
    if (r() < 0.3) params.query = cased(r, phrase(v, r, popular));
    else if (r() < 0.5) params.specialty = pick(v.specialtiesByType[type]);
    params.page = pageParam(r, 20);
    return { method: 'GET', path: `${PERSON}?${qs(params)}` };
  }
  if (r() < 0.3) params.query = cased(r, pick(v.facilityWords));
  if (r() < 0.3) params.level = pick(['Primary', 'Secondary', 'Tertiary']);
  else if (r() < 0.3) params.ownership = pick(['Public', 'Private']);
  params.page = pageParam(r, 20);
  return { method: 'GET', path: `${INSTITUTION}?${qs(params)}` };
}

const builders = {
  'search-near': nearMe,
  'search-free-text': freeText,
  'search-typo': typoSearch,
  'search-faceted': faceted,
  'institutions-by-service': institutions,
  'multi-search': multiSearch,
};

/**
 * Request i of the log (of one kind when `kind` is given, else of the whole
 * traffic mix). Returns { method, path, body?, contentType?, scenario, popular }.
 */
export function logRequest(vocabulary, i, kind, seed = 1) {
  const draw = rng(mix(i, 101 + seed * 7919));
  let chosen = kind;
  if (!chosen) {
    let u = draw() * 100;
    chosen = logKinds[logKinds.length - 1][0];
    for (const [name, w] of logKinds) {
      if (u < w) {
        chosen = name;
        break;
      }
      u -= w;
    }
  }
  const head = draw() < HEAD_SHARE;
  // Near-me searches are not (yet) part of the traffic mix: their own scenarios draw them (salt 9).
  const kindSalt = chosen === 'search-near' ? 9 : logKinds.findIndex(([name]) => name === chosen) + 1;
  // A popular request is the same whenever its rank comes up; a tail one is request i's own.
  const rank = head ? zipfRank(draw(), HEAD_SIZE) : -1;
  const r = head ? rng(mix(rank, 1000 + kindSalt * 31 + seed * 7919)) : rng(mix(i, 2000 + kindSalt * 31 + seed * 7919));
  const { method, path, body, contentType } = builders[chosen](vocabulary, r, head ? { rank } : undefined);
  const out = { method, path, scenario: chosen, popular: head };
  if (body !== undefined) {
    out.body = body;
    out.contentType = contentType;
  }
  return out;
}
