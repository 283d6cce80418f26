import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSql, type Sql } from '@ilera/db';
import { createTestDatabase } from '../../test/support';
import { isSearchError, type SearchError, type SearchRequest, type SearchResult } from './engine';
import { PostgresEngine } from './postgres-engine';
import type { CollectionName, SearchDocument } from './schema';

/**
 * Near-me searches answered from memory (postgres-near.ts, decision 037) must answer exactly what the
 * SQL path answers: the same `found`, facets, page (ids, order, text_match, distance within a metre) for
 * hundreds of seeded random near-me searches in Typesense's syntax over an invented directory of three
 * Nigerian cities, and again after the index worker (another engine, another connection pool) writes
 * in several transactions, after writers commit out of order, after a full reindex, after the change
 * log is pruned under the memory's feet and after a TRUNCATE. Each engine's nearAnswers must show that
 * memory did answer the searches it should (a silent fall back to SQL fails the test).
 */

/** A seeded generator (mulberry32): the same data and searches on every run. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
  const chance = (p: number) => next() < p;
  const some = <T>(xs: readonly T[], n: number): T[] => {
    const copy = [...xs];
    const out: T[] = [];
    while (out.length < n && copy.length) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]);
    return out;
  };
  const gauss = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  return { next, int, pick, chance, some, gauss };
}
type Rng = ReturnType<typeof prng>;

/** Lagos midnights (UTC+1) from 1 December 2026. */
const LAGOS_DEC_1 = Date.UTC(2026, 11, 1) / 1000 - 3600;
const midnight = (k: number) => LAGOS_DEC_1 + k * 86400;

interface City {
  city: string;
  towns: string[];
  state: string;
  at: [number, number];
  spread: number;
  lgas: string[];
  hospital: { name: string; at: [number, number] };
}
const CITIES: City[] = [
  {
    city: 'Lagos',
    towns: ['Lagos', 'Ikeja', 'Lekki', 'Yaba', 'Surulere'],
    state: 'Lagos',
    at: [6.52, 3.38],
    spread: 0.09,
    lgas: ['Ikeja', 'Surulere', 'Eti-Osa', 'Lagos Mainland', 'Alimosho', 'Kosofe'],
    hospital: { name: 'Lagos University Teaching Hospital', at: [6.5175, 3.354] },
  },
  {
    city: 'Abuja',
    towns: ['Abuja', 'Gwarinpa', 'Kubwa'],
    state: 'FCT',
    at: [9.06, 7.45],
    spread: 0.07,
    lgas: ['Abuja Municipal', 'Bwari', 'Gwagwalada'],
    hospital: { name: 'National Hospital Abuja', at: [9.04, 7.472] },
  },
  {
    city: 'Ibadan',
    towns: ['Ibadan'],
    state: 'Oyo',
    at: [7.4, 3.92],
    spread: 0.05,
    lgas: ['Ibadan North', 'Ibadan South-West', 'Akinyele'],
    hospital: { name: 'University College Hospital', at: [7.4014, 3.9024] },
  },
  // Across the meridian (negative longitudes: the cells' columns below zero).
  {
    city: 'Accra',
    towns: ['Accra', 'Tema'],
    state: 'Greater Accra',
    at: [5.6037, -0.187],
    spread: 0.08,
    lgas: ['Accra Metropolitan', 'Tema Metropolitan', 'Ga East'],
    hospital: { name: 'Korle Bu Teaching Hospital', at: [5.5364, -0.2275] },
  },
];
/** The city of the i-th document: most in Lagos, then Abuja, Ibadan, a few in Accra. */
const cityOf = (i: number): City => CITIES[i % 11 === 0 ? 3 : i % 7 < 4 ? 0 : i % 7 < 6 ? 1 : 2];
const KINDS: [string, string][] = [
  ['doctor', 'Cardiology'],
  ['doctor', 'General Practice'],
  ['doctor', 'General Practice'],
  ['doctor', 'Paediatrics'],
  ['doctor', 'Dermatology'],
  ['doctor', 'Obstetrics and Gynaecology'],
  ['nurse', 'Midwifery'],
  ['nurse', 'Nursing'],
  ['pharmacist', 'Community Pharmacy'],
  ['dentist', 'Dentistry'],
  ['physiotherapist', 'Physiotherapy'],
];
const FIRST = ['Ọlákúnlé', 'Chíọmá', 'Adaeze', 'Adebayo', 'Adewale', 'Chidi', 'Chiamaka', 'Emeka', 'Fatima', 'Ibrahim', 'Ngozi', 'Oluwaseun', 'Tunde', 'Yetunde', 'Aisha', 'Bola', 'Kemi'];
const LAST = ['Okonkwo', 'Okafor', 'Adeyemi', 'Bello', 'Nwosu', 'Eze', 'Abubakar', 'Olawale', 'Balogun', 'Danjuma', 'Ogunleye', 'Ibekwe', 'Musa', 'Adebayo', 'Okoro'];
const RATINGS = [0, 0, 3, 3.5, 4, 4, 4.2, 4.5, 4.5, 4.7, 5];
const FEES = [3000, 5000, 5000, 7500, 10000, 15000, 20000, 25000];
const INST_TYPES: [string, string][] = [
  ['general_hospital', 'General Hospital'],
  ['teaching_hospital', 'Teaching Hospital'],
  ['clinic', 'Clinic'],
  ['clinic', 'Clinic'],
  ['pharmacy', 'Pharmacy'],
  ['laboratory', 'Diagnostic Laboratory'],
  ['primary_health_centre', 'Primary Health Centre'],
  ['maternity_home', 'Maternity Home'],
];
const INST_NAMES = ['Grace', 'Lifeline', 'Mercy', 'Unity', 'Crescent', 'Kingdom', 'Royal', 'Hope', 'Evercare', 'St. Mary'];
const SERVICES = ['X-Ray', 'Ultrasound', 'Laboratory', 'Pharmacy', 'Antenatal Care', 'Immunisation', 'Emergency', 'Surgery', 'Dental Care', 'Physiotherapy', 'Mammography'];

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
function placeNear(rng: Rng, c: City): [number, number] {
  return [round6(c.at[0] + rng.gauss() * c.spread), round6(c.at[1] + rng.gauss() * c.spread)];
}

/** Ids of several lengths, some past six bytes (ties are broken by id, in byte order). */
const idOf = (i: number) => (i % 4 === 0 ? `${i}0000${i % 7}` : String(i));

function professional(rng: Rng, i: number): SearchDocument {
  const c = cityOf(i);
  const [professionalType, specialty] = rng.pick(KINDS);
  const first = rng.pick(FIRST);
  const last = rng.pick(LAST);
  // A hospital's staff share its point.
  const staff = rng.chance(0.06);
  const located = staff || rng.chance(0.93);
  return {
    id: idOf(i),
    name: `${professionalType === 'doctor' ? 'Dr. ' : ''}${first} ${last}`,
    firstName: first,
    lastName: last,
    professionalType,
    specialty,
    city: rng.pick(c.towns),
    state: c.state,
    countries: rng.chance(0.8) ? ['Nigeria'] : rng.chance(0.5) ? ['Nigeria', 'Ghana'] : ['Nigeria', 'United Kingdom'],
    ...(staff ? { institution: c.hospital.name } : rng.chance(0.3) ? { institution: `${rng.pick(INST_NAMES)} Clinic` } : {}),
    yearsOfExperience: rng.int(0, 35),
    ...(rng.chance(0.75) ? { consultationFee: rng.pick(FEES) } : {}),
    ...(rng.chance(0.4) ? { bio: `${rng.chance(0.5) ? 'Special interest in hypertension.' : 'Offers mammography screening.'}${rng.chance(0.3) ? ' Speaks Yoruba.' : ''}` } : {}),
    lga: rng.pick(c.lgas),
    rating: rng.pick(RATINGS),
    reviewCount: rng.chance(0.3) ? 0 : rng.int(1, 200),
    isVerified: rng.chance(0.7),
    isApproved: true,
    ...(located ? { location: staff ? c.hospital.at : placeNear(rng, c) } : {}),
    // Some at a midnight (a night shift's first slot): on an availability window's bound.
    ...(rng.chance(0.65) ? { nextSlot: midnight(rng.int(-1, 13)) + (rng.chance(0.1) ? 0 : rng.int(8, 17) * 3600) } : {}),
  };
}

function institution(rng: Rng, i: number): SearchDocument {
  const c = cityOf(i);
  const [type, typeLabel] = rng.pick(INST_TYPES);
  // Register listings (D22): no services, rated 0, never bookable.
  const listed = rng.chance(0.25);
  const located = rng.chance(0.92);
  return {
    id: idOf(i),
    name: `${rng.pick(INST_NAMES)} ${typeLabel}${rng.chance(0.4) ? ` ${rng.pick(c.towns)}` : ''}`,
    type,
    typeLabel,
    services: listed ? [] : rng.some(SERVICES, rng.int(0, 5)),
    city: rng.pick(c.towns),
    state: c.state,
    ...(rng.chance(0.3) ? { description: rng.chance(0.5) ? 'Accredited and open all hours.' : 'Walk-in patients welcome.' } : {}),
    professionalCount: listed ? 0 : rng.int(0, 60),
    ...(located ? { location: rng.chance(0.05) ? c.hospital.at : placeNear(rng, c) } : {}),
    lga: rng.pick(c.lgas),
    ...(rng.chance(0.85) ? { ownership: rng.pick(['Public', 'Private']) } : {}),
    ...(rng.chance(0.8) ? { level: rng.pick(['Primary', 'Secondary', 'Tertiary']) } : {}),
    ...(listed ? { listed: true } : {}),
    rating: listed ? 0 : rng.pick(RATINGS),
    reviewCount: listed ? 0 : rng.int(0, 80),
    isVerified: !listed && rng.chance(0.6),
    isApproved: true,
    ...(!listed && rng.chance(0.5) ? { nextSlot: midnight(rng.int(0, 13)) + (rng.chance(0.1) ? 0 : rng.int(8, 17) * 3600) } : {}),
  };
}

/** The key (single-valued facet) fields a generated search may filter on. */
const KEY_FIELDS: Record<CollectionName, string[]> = {
  professionals: ['professionalType', 'specialty', 'city', 'state', 'isVerified'],
  institutions: ['type', 'city', 'state', 'isVerified', 'listed'],
};
const FACETS: Record<CollectionName, string[]> = {
  professionals: ['professionalType', 'specialty', 'city', 'state', 'isVerified', 'countries', 'lga'],
  institutions: ['type', 'city', 'state', 'listed', 'services', 'lga', 'ownership', 'level'],
};
/** Words of the main fields (names, kinds, places, services), prefixes, typos; and words only bios and descriptions hold. */
const WORDS: Record<CollectionName, { one: string[]; several: string[]; prefix: string[]; typo: string[]; bio: string[] }> = {
  professionals: {
    one: ['cardiology', 'okonkwo', 'adebayo', 'ngozi', 'lagos', 'ikeja', 'abuja', 'midwifery', 'pharmacy', 'dentistry', 'hospital', 'clinic', 'nurse', 'doctor', 'paediatrics'],
    several: ['ngozi okafor', 'olakunle bello', 'Ọlákúnlé Musa', 'adebayo bello', 'general practice', 'community pharmacy', 'okafor lagos', 'teaching hospital', 'dr musa', 'tunde eze', 'mercy clinic'],
    prefix: ['cardio', 'oko', 'adeb', 'paed', 'phar', 'gen', 'der', 'yet'],
    typo: ['cardiolgy', 'okonkow', 'paediatrcs', 'midwifry', 'dermatolgy'],
    bio: ['hypertension', 'yoruba', 'mammography'],
  },
  institutions: {
    one: ['clinic', 'pharmacy', 'ultrasound', 'grace', 'hospital', 'laboratory', 'lagos', 'ibadan', 'maternity', 'emergency', 'surgery'],
    several: ['grace clinic', 'general hospital', 'primary health centre', 'mercy pharmacy', 'royal maternity home', 'hope clinic yaba', 'dental care'],
    prefix: ['clin', 'hosp', 'ultra', 'immun', 'mat', 'ever', 'diag'],
    typo: ['hosptal', 'ultrasund', 'matrnity', 'laboratry'],
    bio: ['accredited', 'welcome'],
  },
};

/** A key filter as generated: the test knows whether any key written satisfies it (else the engine answers none at once, by SQL). */
interface KeyFilter {
  field: string;
  values: string[];
  loose: boolean;
  /** `:!=`: any other value, or none. */
  negate?: boolean;
}
interface Item {
  req: SearchRequest;
  /** Whether the search's shape is one memory answers (one radius, held fields, main-field words or none). */
  shape: boolean;
  /** Whether its words and filters are (its sort aside): its availability windows are answered from memory then. */
  matching?: boolean;
  keys: KeyFilter[];
}

const quote = (v: string) => (/^[A-Za-z0-9]+$/.test(v) ? v : `\`${v}\``);

/** The facet values written so far, by collection and field (filters choose among them, and a few unknown ones). */
function valuesOf(docs: Iterable<SearchDocument>, field: string): string[] {
  const out = new Set<string>();
  for (const d of docs) {
    const v = d[field];
    for (const x of Array.isArray(v) ? v : v === undefined ? [] : [v]) out.add(String(x));
  }
  return [...out].sort();
}

/** One random near-me search (and whether memory should answer it). */
function randomSearch(rng: Rng, collection: CollectionName, docs: SearchDocument[]): Item {
  const c = rng.chance(0.12) ? CITIES[3] : rng.pick(CITIES.slice(0, 3));
  const centre: [number, number] = rng.chance(0.12) ? c.hospital.at : [round6(c.at[0] + rng.gauss() * 0.08), round6(c.at[1] + rng.gauss() * 0.08)];
  const km = rng.chance(0.5) ? rng.pick([0.5, 1, 2, 3.5, 5, 8, 12, 20, 30, 45, 60]) : Math.round((0.5 + rng.next() * 59.5) * 10) / 10;
  const filters = [`location:(${centre[0]}, ${centre[1]}, ${km} km)`];
  let shape = true;
  const keys: KeyFilter[] = [];
  const w = WORDS[collection];
  let q = '*';
  const roll = rng.next();
  if (roll < 0.16) q = rng.pick(w.one);
  else if (roll < 0.24) q = rng.pick(w.several);
  else if (roll < 0.31) q = rng.pick(w.prefix);
  else if (roll < 0.36) q = rng.pick(w.typo);
  else if (roll < 0.39) {
    q = rng.pick(w.bio);
    shape = false;
  } else if (roll < 0.42) {
    // A name as written, for the name tiers (3: the name itself; 2: a name starting with it).
    const d = rng.pick(docs);
    q = collection === 'professionals' ? `${d.firstName} ${d.lastName}` : String(d.name).split(' ').slice(0, 2).join(' ');
  }
  // Key filters.
  if (rng.chance(0.35)) {
    const field = rng.pick(KEY_FIELDS[collection]);
    const known = valuesOf(docs, field);
    if (field === 'isVerified' || field === 'listed') {
      const v = rng.pick(['true', 'false']);
      filters.push(`${field}:=${v}`);
      keys.push({ field, values: [v], loose: false });
    } else if (rng.chance(0.2) && (field === 'city' || field === 'state')) {
      // Typed text: case-insensitive.
      const v = rng.pick(known).toLowerCase();
      filters.push(`${field}:${quote(v)}`);
      keys.push({ field, values: [v], loose: true });
    } else {
      const vs = rng.some(known, rng.int(1, 2));
      if (rng.chance(0.04)) vs.splice(0, vs.length, 'Neurosurgery');
      const negate = rng.chance(0.15);
      filters.push(`${field}:${negate ? '!=' : '='}[${vs.map(quote).join(', ')}]`);
      keys.push({ field, values: vs, loose: false, negate });
    }
    if (rng.chance(0.25)) {
      const other = rng.pick(KEY_FIELDS[collection].filter((f) => f !== field && f !== 'isVerified' && f !== 'listed'));
      const v = rng.pick(valuesOf(docs, other));
      filters.push(`${other}:=${quote(v)}`);
      keys.push({ field: other, values: [v], loose: false });
    }
  }
  // Tag (array and LGA) filters.
  if (rng.chance(0.3)) {
    const arrays = collection === 'professionals' ? ['countries', 'lga'] : ['services', 'lga', 'ownership', 'level'];
    const field = rng.pick(arrays);
    const vs = rng.some(valuesOf(docs, field), rng.int(1, 2));
    if (rng.chance(0.05)) vs.push('Acupuncture');
    filters.push(`${field}:${rng.chance(0.3) ? '!=' : '='}[${vs.map(quote).join(', ')}]`);
  }
  // Numbers.
  const numbers = collection === 'professionals' ? ['rating', 'reviewCount', 'yearsOfExperience', 'consultationFee', 'nextSlot'] : ['rating', 'reviewCount', 'nextSlot'];
  for (let n = rng.chance(0.35) ? rng.int(1, 2) : 0; n > 0; n--) {
    const field = rng.pick(numbers);
    const op = rng.pick(['>', '>=', '<', '<=', '=', '!=']);
    const value =
      field === 'rating'
        ? rng.pick(RATINGS)
        : field === 'reviewCount'
          ? rng.int(0, 100)
          : field === 'yearsOfExperience'
            ? rng.int(0, 30)
            : field === 'consultationFee'
              ? rng.pick(FEES)
              : midnight(rng.int(0, 10)) + (rng.chance(0.3) ? rng.int(8, 17) * 3600 : 0);
    filters.push(op === '=' || op === '!=' ? `${field}:${op}[${value}${rng.chance(0.3) ? `, ${value + 1}` : ''}]` : `${field}:${op}${value}`);
  }
  // Fields memory does not hold, and two radii: the SQL answers.
  if (rng.chance(0.03)) {
    filters.push(collection === 'professionals' ? `institutionId:=${rng.int(1, 9)}` : `professionalCount:>${rng.int(1, 30)}`);
    shape = false;
  } else if (rng.chance(0.02)) {
    filters.push(`location:(${c.at[0]}, ${c.at[1]}, 40 km)`);
    shape = false;
  }
  const here = `location(${centre[0]}, ${centre[1]})`;
  const elsewhere = `location(${round6(c.at[0] + 0.05)}, ${round6(c.at[1] - 0.04)})`;
  const sorts =
    collection === 'professionals'
      ? [
          '',
          `${here}:asc`,
          `${here}:asc`,
          `${here}:desc`,
          `${elsewhere}:asc`,
          'rating:desc',
          'rating:desc',
          '_text_match:desc,rating:desc',
          `rating:desc,${here}:asc`,
          'consultationFee(missing_values: first):asc',
          'consultationFee(missing_values: last):asc',
          'consultationFee:desc,rating:desc',
          'nextSlot:asc',
          'nextSlot(missing_values: first):asc,rating:desc',
          'reviewCount:desc,rating:desc',
          'yearsOfExperience:asc',
        ]
      : ['', `${here}:asc`, `${here}:asc`, `${here}:desc`, 'rating:desc', 'rating:desc', '_text_match:desc,rating:desc', 'nextSlot:asc', 'reviewCount:desc', `rating:desc,${here}:asc`];
  let sort = rng.pick(sorts);
  const matching = shape;
  if (rng.chance(0.02)) {
    sort = collection === 'professionals' ? 'institutionId:asc' : 'professionalCount:desc';
    shape = false;
  }
  const facetBy = rng.chance(0.45) ? rng.some(FACETS[collection], rng.int(1, 3)) : [];
  const req: SearchRequest = {
    collection,
    q,
    filter_by: filters.join(' && '),
    page: rng.chance(0.6) ? 1 : rng.int(2, 6),
    per_page: rng.chance(0.15) ? 0 : rng.int(1, 20),
  };
  if (sort) req.sort_by = sort;
  if (facetBy.length) {
    req.facet_by = facetBy.join(',');
    if (rng.chance(0.5)) req.max_facet_values = rng.int(3, 30);
    if (rng.chance(0.15)) {
      const field = rng.pick(facetBy);
      const v = rng.pick(valuesOf(docs, field));
      req.facet_query = `${field}:${v.slice(0, rng.int(1, 3)).toLowerCase()}`;
    }
  }
  return { req, shape, matching, keys };
}

/** The search page's three availability windows (count-only, `nextSlot:<T`), in one multi_search beside their page (or not). */
function windowSearches(rng: Rng, page: Item): Item[] {
  const today = rng.int(0, 3);
  const windows = [today + 1, today + 2, today + 7].map((k): Item => ({
    req: { collection: page.req.collection, q: page.req.q, filter_by: `${page.req.filter_by} && nextSlot:<${midnight(k)}`, per_page: 0 },
    shape: page.matching ?? page.shape,
    keys: page.keys,
  }));
  return rng.chance(0.7) ? [page, ...windows] : windows;
}

/** What is compared of an answer: everything but the time taken and the distances (compared within a metre). */
function comparable(r: SearchResult | SearchError) {
  if (isSearchError(r)) return { error: r.error, code: r.code };
  return { found: r.found, page: r.page, facet_counts: r.facet_counts, hits: r.hits.map((h) => ({ id: h.document.id, text_match: h.text_match, document: h.document })) };
}

describe('near-me searches from memory answer what the SQL answers (PostgreSQL engine)', () => {
  let db: { sql: Sql; url: string };
  /** The index worker's pool: another process's connections. */
  let writerSql: Sql;
  let writer: PostgresEngine;
  /**
   * The SQL path, and three memory engines: one reads the generations before each request (the API's answer
   * cache), one also read the documents ahead (the API's warm: the SQL answers while it reads them again), one
   * never reads the generations.
   */
  let bySql: PostgresEngine;
  let api: PostgresEngine;
  let warmed: PostgresEngine;
  let bare: PostgresEngine;
  /** The current documents, and every key (facet values) ever written: search_cube_keys only ever grows. */
  const current: Record<CollectionName, Map<string, SearchDocument>> = { professionals: new Map(), institutions: new Map() };
  const everWritten: Record<CollectionName, SearchDocument[]> = { professionals: [], institutions: [] };
  let compared = 0;
  /** Answers (of the SQL path) with hits, and with documents found: the comparisons are not of empty answers. */
  const seenAnswers = { withHits: 0, withFound: 0 };

  async function write(collection: CollectionName, docs: SearchDocument[], engine = writer): Promise<void> {
    for (let i = 0; i < docs.length; i += 500) await engine.upsert(collection, docs.slice(i, i + 500));
    for (const d of docs) current[collection].set(d.id, d);
    everWritten[collection].push(...docs);
  }
  async function remove(collection: CollectionName, ids: string[]): Promise<void> {
    await writer.delete(collection, ids);
    for (const id of ids) current[collection].delete(id);
  }

  /** Whether some key ever written satisfies the search's key filters (else no key id: the SQL answers none at once). */
  function keysExist(item: Item): boolean {
    if (item.keys.length === 0) return true;
    return everWritten[item.req.collection].some((d) =>
      item.keys.every((k) => {
        const v = d[k.field];
        const hit = v !== undefined && k.values.some((x) => (k.loose ? x.toLowerCase() === String(v).toLowerCase() : x === String(v)));
        return k.negate ? !hit : hit;
      }),
    );
  }

  /** Each batch through the SQL path and both memory engines: the same answers, and memory answering what it should. */
  async function check(label: string, batches: Item[][], options: { warmedExact?: boolean } = {}): Promise<void> {
    for (const [b, batch] of batches.entries()) {
      const reqs = batch.map((i) => i.req);
      await bySql.generations();
      const want = await bySql.multiSearch(reqs);
      for (const w of want) {
        if (isSearchError(w)) continue;
        if (w.hits.length) seenAnswers.withHits++;
        if (w.found) seenAnswers.withFound++;
      }
      const expected = batch.filter((i) => i.shape && keysExist(i)).length;
      for (const engine of [api, warmed, bare]) {
        if (engine !== bare) await engine.generations();
        const before = engine.nearAnswers.memory;
        const got = await engine.multiSearch(reqs);
        const where = `${label} #${b} (${engine === api ? 'api' : engine === warmed ? 'warmed' : 'bare'}): ${JSON.stringify(reqs)}`;
        expect(engine.nearAnswers.failed, where).toBe(0);
        // Read ahead, memory answers none while it reads the documents again (a full reindex, pruned changes).
        if (engine === warmed && !options.warmedExact) expect(engine.nearAnswers.memory - before, where).toBeLessThanOrEqual(expected);
        else expect(engine.nearAnswers.memory - before, where).toBe(expected);
        expect(got.map(comparable), where).toEqual(want.map(comparable));
        got.forEach((g, i) => {
          const w = want[i];
          if (isSearchError(g) || isSearchError(w)) return;
          g.hits.forEach((h, j) => {
            const a = h.geo_distance_meters?.location;
            const e = w.hits[j].geo_distance_meters?.location;
            expect(a, where).toBeTypeOf('number');
            expect(Math.abs(a! - e!), `${where} hit ${j}: ${a} m against ${e} m`).toBeLessThanOrEqual(1);
          });
        });
      }
      compared += batch.length;
    }
  }

  /** `n` random multi_searches (1-4 searches each, now and then a page with its three availability windows). */
  function randomBatches(seed: number, n: number): Item[][] {
    const rng = prng(seed);
    const out: Item[][] = [];
    for (let i = 0; i < n; i++) {
      const size = rng.int(1, 4);
      const batch: Item[] = [];
      for (let j = 0; j < size; j++) {
        const collection: CollectionName = rng.chance(0.65) ? 'professionals' : 'institutions';
        batch.push(randomSearch(rng, collection, [...current[collection].values()]));
      }
      out.push(rng.chance(0.12) ? windowSearches(rng, batch[0]) : batch);
    }
    return out;
  }

  /** Searches aimed at the documents a write touched (their points, their values): a missed change shows. */
  function aimedAt(seed: number, collection: CollectionName, docs: SearchDocument[]): Item[][] {
    const rng = prng(seed);
    const located = docs.filter((d) => d.location);
    const out: Item[][] = [];
    for (let i = 0; i < 12 && located.length; i++) {
      const d = rng.pick(located);
      const [lat, lng] = d.location as [number, number];
      const near = `location:(${lat}, ${lng}, ${rng.pick([0.5, 2, 6, 25])} km)`;
      const base = { collection, q: '*', filter_by: near, per_page: 20 } as SearchRequest;
      out.push([
        { req: { ...base, sort_by: `location(${lat}, ${lng}):asc`, facet_by: FACETS[collection].join(','), max_facet_values: 50 }, shape: true, keys: [] },
        { req: { ...base, sort_by: 'rating:desc' }, shape: true, keys: [] },
        { req: { ...base, filter_by: `${near} && nextSlot:<${midnight(3)}`, sort_by: 'nextSlot:asc' }, shape: true, keys: [] },
        { req: { ...base, q: String(collection === 'professionals' ? d.lastName : d.typeLabel).toLowerCase(), sort_by: '_text_match:desc,rating:desc' }, shape: true, keys: [] },
      ]);
    }
    return out;
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    writerSql = createSql(db.url, { max: 4 });
    writer = new PostgresEngine(writerSql, { nearInMemory: false });
    bySql = new PostgresEngine(db.sql, { nearInMemory: false });
    api = new PostgresEngine(db.sql);
    warmed = new PostgresEngine(db.sql);
    bare = new PostgresEngine(db.sql);
    const rng = prng(20261126);
    // Written as the index worker writes them: batches through engine.upsert.
    await write('professionals', Array.from({ length: 1800 }, (_, i) => professional(rng, i + 1)));
    await write('institutions', Array.from({ length: 600 }, (_, i) => institution(rng, i + 1)));
    await warmed.warm();
  });
  afterAll(async () => {
    await writerSql?.end({ timeout: 2 });
    await db?.sql.end({ timeout: 2 });
  });

  it('answers hundreds of random near-me searches as the SQL does', async () => {
    const batches = randomBatches(1, 150);
    const searches = batches.flat();
    expect(searches.length).toBeGreaterThan(350);
    // The searches cover what they should: most from memory, some by SQL, every kind of sort, facets, windows.
    const fromMemory = searches.filter((i) => i.shape && keysExist(i)).length;
    expect(fromMemory).toBeGreaterThan(searches.length * 0.8);
    expect(fromMemory).toBeLessThan(searches.length);
    await check('random', batches, { warmedExact: true });
    for (const engine of [api, warmed, bare]) expect(engine.nearAnswers).toEqual({ memory: fromMemory, failed: 0 });
    // The answers were not mostly empty.
    expect(seenAnswers.withFound).toBeGreaterThan(searches.length / 2);
    expect(seenAnswers.withHits).toBeGreaterThan(searches.length / 4);
  });

  it('answers as the SQL does after another process writes: moves, new values and keys, located and unlocated, deletes', async () => {
    await check('before the writes', randomBatches(2, 10));
    const rng = prng(7);
    const pros = [...current.professionals.values()];
    const insts = [...current.institutions.values()];
    const touched: SearchDocument[] = [];
    // Moves (some into another city), in one transaction.
    const moved = rng.some(pros, 120).map((d) => ({ ...d, location: placeNear(rng, rng.pick(CITIES)) }));
    await write('professionals', moved);
    touched.push(...moved);
    // Ratings, next slots, fees changed (some taken away).
    const changed = rng.some(pros, 200).map((d) => {
      const { nextSlot: _slot, consultationFee: _fee, ...rest } = d;
      return {
        ...rest,
        rating: rng.pick(RATINGS),
        reviewCount: rng.int(0, 300),
        ...(rng.chance(0.6) ? { nextSlot: midnight(rng.int(0, 5)) + 9 * 3600 } : {}),
        ...(rng.chance(0.7) ? { consultationFee: rng.pick(FEES) } : {}),
      };
    });
    for (let i = 0; i < changed.length; i += 40) await write('professionals', changed.slice(i, i + 40));
    touched.push(...changed);
    // New keys (a specialty and a town never written before) and new documents, some at the hospital's point.
    const fresh = Array.from({ length: 80 }, (_, i) => {
      const d = professional(rng, 5000 + i);
      return i % 2 ? { ...d, specialty: 'Neurology', city: 'Epe', location: i % 4 === 1 ? CITIES[0].hospital.at : d.location } : d;
    });
    await write('professionals', fresh);
    touched.push(...fresh);
    // Locations taken away, and documents deleted.
    const unlocated = rng.some(pros, 40).map(({ location: _l, ...rest }) => rest as SearchDocument);
    await write('professionals', unlocated);
    await remove('professionals', rng.some(pros, 50).map((d) => d.id).filter((id) => current.professionals.has(id)));
    // Institutions: moves, new services and levels, deletes.
    const instChanged = rng.some(insts, 100).map((d) => ({
      ...d,
      location: placeNear(rng, rng.pick(CITIES)),
      services: [...new Set([...(d.services as string[]), 'Telemedicine'])],
      level: 'Tertiary',
      rating: rng.pick(RATINGS),
    }));
    await write('institutions', instChanged);
    await remove('institutions', rng.some(insts, 30).map((d) => d.id).filter((id) => current.institutions.has(id)));
    await check('after the writes: the touched documents', aimedAt(8, 'professionals', touched));
    await check('after the writes: the institutions', aimedAt(9, 'institutions', instChanged));
    await check('after the writes: the new key', [
      [
        {
          req: { collection: 'professionals', q: '*', filter_by: `location:(${CITIES[0].at[0]}, ${CITIES[0].at[1]}, 40 km) && specialty:=Neurology`, facet_by: 'specialty,city,lga', per_page: 20, sort_by: 'rating:desc' },
          shape: true,
          keys: [{ field: 'specialty', values: ['Neurology'], loose: false }],
        },
        { req: { collection: 'professionals', q: 'epe', filter_by: `location:(${CITIES[0].at[0]}, ${CITIES[0].at[1]}, 40 km)`, facet_by: 'city', per_page: 20 }, shape: true, keys: [] },
      ],
    ]);
    await check('after the writes: random', randomBatches(3, 40));
  });

  it('sees two writers that commit out of order (the one that began first commits last)', async () => {
    await check('before', randomBatches(4, 4));
    const rng = prng(11);
    const pros = [...current.professionals.values()];
    const insts = [...current.institutions.values()];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let began!: () => void;
    const aBegan = new Promise<void>((resolve) => (began = resolve));
    const aInst = rng.some(insts, 20).map((d) => ({ ...d, rating: 5, location: CITIES[2].hospital.at }));
    const aPros = rng.some(pros, 60).map((d) => ({ ...d, rating: 4.7, nextSlot: midnight(1) + 10 * 3600, location: CITIES[2].hospital.at }));
    // A: its transaction id is taken first (an institution written), its professionals written after B commits.
    const a = writerSql.begin(async (tx) => {
      const engine = new PostgresEngine(tx as unknown as Sql, { nearInMemory: false });
      await engine.upsert('institutions', aInst);
      began();
      await gate;
      await engine.upsert('professionals', aPros);
    });
    await aBegan;
    const bPros = rng.some(pros.filter((d) => !aPros.some((x) => x.id === d.id)), 60).map((d) => ({ ...d, rating: 0, location: CITIES[2].at }));
    await writerSql.begin(async (tx) => {
      const engine = new PostgresEngine(tx as unknown as Sql, { nearInMemory: false });
      await engine.upsert('professionals', bPros);
    });
    for (const d of bPros) current.professionals.set(d.id, d);
    everWritten.professionals.push(...bPros);
    // B seen, A not yet.
    await check('B committed, A open', aimedAt(12, 'professionals', bPros));
    const [txA] = await db.sql<{ open: number }[]>`SELECT count(*)::int AS open FROM pg_stat_activity WHERE state LIKE 'idle in transaction%' AND datname = current_database()`;
    expect(txA.open).toBe(1);
    release();
    await a;
    for (const d of aPros) current.professionals.set(d.id, d);
    for (const d of aInst) current.institutions.set(d.id, d);
    everWritten.professionals.push(...aPros);
    everWritten.institutions.push(...aInst);
    await check('A committed after B', [...aimedAt(13, 'professionals', aPros), ...aimedAt(14, 'institutions', aInst)]);
    await check('A committed after B: random', randomBatches(5, 10));
  });

  it('answers as the SQL does after a full reindex, and after many writes (read again in cell order)', async () => {
    const rng = prng(17);
    const docs = [...current.professionals.values()].map((d) => (rng.chance(0.3) ? { ...d, rating: rng.pick(RATINGS), location: placeNear(rng, rng.pick(CITIES)) } : d));
    const batches = async function* () {
      for (let i = 0; i < docs.length; i += 500) yield docs.slice(i, i + 500);
    };
    await writer.replaceAll('professionals', batches());
    current.professionals = new Map(docs.map((d) => [d.id, d]));
    everWritten.professionals.push(...docs);
    await check('after replaceAll', [...aimedAt(18, 'professionals', docs), ...randomBatches(6, 15)]);
    // More than a tenth of the documents written one batch at a time: memory reads them again in the background.
    const many = [...current.professionals.values()].slice(0, 1100).map((d) => ({ ...d, reviewCount: Number(d.reviewCount) + 1, rating: rng.pick(RATINGS) }));
    await write('professionals', many);
    await check('after many writes', randomBatches(7, 8));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await check('after many writes, later', randomBatches(8, 8));
  });

  it('reads everything again when the changes it has not read were pruned', async () => {
    await check('before', randomBatches(9, 4));
    const rng = prng(23);
    const moved = rng.some([...current.professionals.values()], 150).map((d) => ({ ...d, rating: 5, nextSlot: midnight(0) + 8 * 3600, location: placeNear(rng, CITIES[1]) }));
    await write('professionals', moved);
    const instMoved = rng.some([...current.institutions.values()], 50).map((d) => ({ ...d, rating: 4.5, location: placeNear(rng, CITIES[0]) }));
    await write('institutions', instMoved);
    await db.sql`SELECT search_prune_changes(interval '0 s')`;
    const [left] = await db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM search_changes`;
    expect(left.n).toBe(0);
    await check('after the prune', [...aimedAt(24, 'professionals', moved), ...aimedAt(25, 'institutions', instMoved), ...randomBatches(10, 10)]);
  });

  it('answers as the SQL does after a TRUNCATE (the seed\'s reset) and the documents written again', async () => {
    await check('before', randomBatches(11, 4));
    // What `npm run seed -- --reset` does (scripts/seed.ts resetData): every data table emptied in one statement.
    const tables = await db.sql<{ name: string }[]>`
      SELECT quote_ident(tablename) AS name FROM pg_tables
      WHERE schemaname = current_schema() AND tablename NOT IN ('schema_migrations', 'specialties')`;
    await db.sql.unsafe(`TRUNCATE ${tables.map((t) => t.name).join(', ')} RESTART IDENTITY CASCADE`);
    const rng = prng(29);
    const pros = Array.from({ length: 500 }, (_, i) => professional(rng, 20000 + i));
    const insts = Array.from({ length: 150 }, (_, i) => institution(rng, 30000 + i));
    current.professionals = new Map();
    current.institutions = new Map();
    everWritten.professionals = [];
    everWritten.institutions = [];
    await write('professionals', pros);
    await write('institutions', insts);
    await check('after the reset', [...aimedAt(30, 'professionals', pros), ...randomBatches(12, 20)]);
    // Writes after the reset, then pruned before memory reads them.
    const moved = rng.some(pros, 100).map((d) => ({ ...d, rating: 4.2, location: placeNear(rng, CITIES[2]) }));
    await write('professionals', moved);
    await db.sql`SELECT search_prune_changes(interval '0 s')`;
    await check('after the reset, pruned', [...aimedAt(31, 'professionals', moved), ...randomBatches(13, 6)]);
    expect(compared).toBeGreaterThan(600);
  });
});

describe('near-me from memory: the two cases near-memory found (minimal)', () => {
  const clinic = (id: string, lat: number): SearchDocument => ({
    id,
    name: 'Grace Clinic',
    type: 'clinic',
    typeLabel: 'Clinic',
    services: [],
    city: 'Lagos',
    state: 'Lagos',
    professionalCount: 0,
    rating: 4,
    reviewCount: 0,
    isVerified: true,
    isApproved: true,
    location: [lat, 3.38],
  });
  const near: SearchRequest = { collection: 'institutions', q: '*', filter_by: 'location:(6.52, 3.38, 5 km)' };
  let db: { sql: Sql };
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.sql.end({ timeout: 2 });
  });

  it('read ahead, two near-me searches in one multi_search while a full reindex is read again: the SQL answers, none fails', async () => {
    const writer = new PostgresEngine(db.sql, { nearInMemory: false });
    await writer.upsert('institutions', [clinic('1', 6.52)]);
    const engine = new PostgresEngine(db.sql);
    await engine.warm();
    await writer.replaceAll('institutions', (async function* () {
      yield [clinic('1', 6.52), clinic('2', 6.521)];
    })());
    const answers = await engine.multiSearch([near, { ...near, sort_by: 'rating:desc' }]);
    expect(answers.map((a) => (a as SearchResult).found)).toEqual([2, 2]);
    expect(engine.nearAnswers.failed).toBe(0);
  });

  it('after the seed\'s reset emptied search_changes_pruned, changes pruned before memory read them are still seen', async () => {
    // resetData truncates every data table, search_changes_pruned (the prune's mark) among them.
    await db.sql`TRUNCATE search_documents, search_changes, search_changes_pruned`;
    const writer = new PostgresEngine(db.sql, { nearInMemory: false });
    await writer.upsert('institutions', [clinic('1', 6.52)]);
    const engine = new PostgresEngine(db.sql);
    const found = async () => ((await engine.multiSearch([near]))[0] as SearchResult).found;
    expect(await found()).toBe(1);
    await writer.upsert('institutions', [clinic('2', 6.521)]);
    await db.sql`SELECT search_prune_changes(interval '0 s')`;
    expect(await found()).toBe(2);
    expect(engine.nearAnswers).toEqual({ memory: 2, failed: 0 });
  });
});
