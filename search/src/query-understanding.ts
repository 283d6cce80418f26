// Query understanding (issue 13): the words a patient types become filters where
// they name a specialty, a type of provider, a service or a place, and words
// that say nothing ("in", "best", "doctor" beside a specialty) are dropped, so
// "cardiologist in lagos" answers exactly what specialty=Cardiology&state=Lagos
// answers. It runs before either engine is asked, so both see the same search;
// the Typesense engine also gets the same words as synonyms and stop words.
import { specialtiesByType, type ProfessionalType } from '@ilera/contracts';
import damerauLevenshtein from 'damerau-levenshtein';
import { LRUCache } from 'lru-cache';
import {
  careFields,
  kindWordsFor,
  nearMePhrases,
  payerPhrases,
  phrasesFor,
  placeWords,
  redundantBesideSpecialty,
  stopWords,
  tokenize,
  type Phrase,
  type PayerName,
  type RegisterWard,
  type Target,
  type Token,
  type UnderstoodField,
  wardPhrases,
} from './patient-words';
import type { NameAsked, SearchEngine } from './engine';
import { exactFilter, searchWords } from './protocol';
import type { CollectionName } from './schema';
import { blanked, spokenLanguage } from './spoken-language';

export type { PayerName, RegisterWard, UnderstoodField } from './patient-words';

/** One thing the query was understood to ask for (what a client shows as a removable chip). */
export interface Understood {
  field: UnderstoodField;
  /** The value as stored in documents (the first, when it stands for several). */
  value: string;
  /** What a chip shows: "Cardiology", "Lagos". */
  label: string;
  /** The words of the typed query it came from, as typed: a client removes them to drop the chip. */
  text: string;
  /**
   * Issue 48: not applied, only offered: the words name a provider (understandNamed), so they are searched
   * as a name and nothing they say is a filter; a client shows the chip as a suggestion.
   */
  suggested?: true;
}

export interface Understanding {
  /** What stays free text ('' when nothing). */
  q: string;
  understood: Understood[];
  /**
   * One engine filter per understood item (`field:=[...]`), aligned with `understood`:
   * items of the same field share one filter (either value), held by the first; the
   * others have ''. A "near me" item has '' (the device's location is the client's to send).
   */
  filters: string[];
  /**
   * 'device' when the words ask for what is near the patient ("clinic near me"): a client asks
   * the device for its location and searches with near=LAT,LNG (sort by distance).
   */
  near?: 'device';
  /** Issue 48: the words name a provider: searched as typed, every understood item `suggested`. */
  named?: true;
}

/** The "near me" words at token i (the longest), or undefined. */
function nearMeAt(tokens: Token[], i: number): (typeof nearMePhrases)[number] | undefined {
  return nearMePhrases.find((p) => p.words.every((w, k) => tokens[i + k]?.norm === w));
}

/** Typesense's typo rule, one letter later: a short name ("Jose") must not turn into a place ("Jos"). */
function typosAllowed(word: string): number {
  return word.length >= 8 ? 2 : word.length >= 5 ? 1 : 0;
}

/**
 * Places are short proper nouns, like people's names: a name one letter from a
 * place ("Ilori" Ilorin, "Asabe" Asaba, "Laraba" Taraba, all in the seed's own
 * name lists; "Maria" Zaria, "Della" Delta) would turn a name search into a
 * place filter that hides the person. So a place is read through a typo only
 * from a long word ("Maiduguir"), where no such name sits.
 */
const PLACE_TYPO_MIN = 8;

function typoAllowedFor(phrase: Phrase, cands: Map<string, number>[], i: number): boolean {
  if (!placeFields.has(phrase.target.field)) return true;
  for (let k = 0; k < phrase.words.length; k++) {
    const c = cands[i + k].get(phrase.words[k]);
    if (c && phrase.words[k].length < PLACE_TYPO_MIN) return false;
  }
  return true;
}

interface Match {
  phrase: Phrase;
  length: number;
  cost: number;
}

interface Vocabulary {
  /** Phrases by their first word, longest first. */
  byFirst: Map<string, Phrase[]>;
  /** Every word of every phrase, by length (typo candidates differ by at most 2 letters). */
  wordsByLength: Map<number, string[]>;
  /** Words read only as typed, never through a typo (the register's ward names). */
  exact: ReadonlySet<string>;
  memo: Map<string, Map<string, number>>;
}

const vocabularies = new Map<CollectionName, Vocabulary>();

/** `phrases` (longest first) as a vocabulary; the words of `exactPhrases` match only as typed. */
function buildVocabulary(phrases: readonly Phrase[], exactPhrases: readonly Phrase[] = []): Vocabulary {
  const byFirst = new Map<string, Phrase[]>();
  const words = new Set<string>();
  for (const p of phrases) {
    if (p.exact) continue;
    const list = byFirst.get(p.words[0]) ?? [];
    list.push(p);
    byFirst.set(p.words[0], list);
    for (const w of p.words) words.add(w);
  }
  const exact = new Set<string>();
  for (const p of [...exactPhrases, ...phrases.filter((x) => x.exact)]) {
    const list = byFirst.get(p.words[0]) ?? [];
    list.push(p);
    byFirst.set(p.words[0], list);
    for (const w of p.words) if (!words.has(w)) exact.add(w);
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.words.length - a.words.length);
  const wordsByLength = new Map<number, string[]>();
  for (const w of words) {
    const same = wordsByLength.get(w.length);
    if (same) same.push(w);
    else wordsByLength.set(w.length, [w]);
  }
  return { byFirst, wordsByLength, exact, memo: new Map() };
}

function vocabulary(collection: CollectionName): Vocabulary {
  let v = vocabularies.get(collection);
  if (!v) {
    v = buildVocabulary(phrasesFor(collection));
    vocabularies.set(collection, v);
  }
  return v;
}

/**
 * The register's wards as places (issue 33): the vocabulary of each collection with the ward names
 * added (patient-words wardPhrases), built once per collection for a set of wards. The API loads
 * the wards from the database (register_wards) and passes the set to `understand`; ward names are
 * read only as typed (thousands of names would otherwise widen every typo's candidates).
 */
export class RegisterWards {
  private readonly built = new Map<CollectionName, Vocabulary>();
  /** `payers`: the payer list (issue 45), whose names are read as their plans. */
  constructor(
    private readonly wards: readonly RegisterWard[],
    private readonly payers: readonly PayerName[] = [],
  ) {}

  get size(): number {
    return this.wards.length;
  }

  /** Builds both collections' vocabularies now (a few hundred ms for 10,000 wards), not at a search. */
  prepare(): this {
    for (const c of ['professionals', 'institutions'] as const) this.vocabulary(c);
    return this;
  }

  /** @internal */
  vocabulary(collection: CollectionName): Vocabulary {
    let v = this.built.get(collection);
    if (!v) {
      // The list's NHIA payer takes NHIA's names (its slug may not be `nhia`).
      const nhia = this.payers.some((p) => p.kind === 'nhia');
      const base = phrasesFor(collection).filter((p) => !(nhia && p.target.field === 'plans'));
      const taken = new Set(base.map((p) => p.words.join(' ')));
      v = buildVocabulary(base, [...wardPhrases(this.wards, taken, kindWordsFor(collection)), ...payerPhrases(this.payers, taken)]);
      this.built.set(collection, v);
    }
    return v;
  }
}

/**
 * A lower bound of the edit distance: letters one word has more of than the
 * other, halved up (a substitution changes two, an insertion or deletion one,
 * a transposition none). It rules out most words without the full distance,
 * which costs about 3 µs a pair: a name of several words compared with every
 * word of the vocabulary took 1 to 2 ms a search.
 */
const tally = new Int32Array(65536);
function lettersApart(a: string, b: string): number {
  for (let k = 0; k < a.length; k++) tally[a.charCodeAt(k)]++;
  for (let k = 0; k < b.length; k++) tally[b.charCodeAt(k)]--;
  let apart = 0;
  for (let k = 0; k < a.length; k++) {
    const c = a.charCodeAt(k);
    apart += Math.abs(tally[c]);
    tally[c] = 0;
  }
  for (let k = 0; k < b.length; k++) {
    const c = b.charCodeAt(k);
    apart += Math.abs(tally[c]);
    tally[c] = 0;
  }
  return Math.ceil(apart / 2);
}

/** Typed words seen lately, per collection: searches repeat, and a page sends several with the same words. */
const MEMO_MAX = 10_000;

/**
 * The vocabulary words a typed word may stand for, with their number of typos (read-only: memoized).
 * The typos allowed go by the word as typed, before a plural's "s" is taken off: "nures" (five
 * letters, one typo: "nurse") is not the four-letter "nure", which would be allowed none.
 */
function candidates(token: Token, v: Vocabulary): Map<string, number> {
  const word = token.norm;
  const typed = token.text.replace(/['’]/g, ''); // apostrophes are not letters typed
  const allowed = typosAllowed(typed.length > word.length ? typed : word);
  const key = `${allowed}:${word}`;
  const seen = v.memo.get(key);
  if (seen) return seen;
  const out = new Map<string, number>();
  if (v.memo.size >= MEMO_MAX) v.memo.clear();
  v.memo.set(key, out);
  // A word of the vocabulary is itself, never a typo of another ("mental" is not "dental").
  if (v.wordsByLength.get(word.length)?.includes(word)) return out.set(word, 0);
  if (v.exact.has(word)) out.set(word, 0);
  for (let len = word.length - allowed; len <= word.length + allowed; len++) {
    for (const w of v.wordsByLength.get(len) ?? []) {
      if (w === word) out.set(w, 0);
      else if (allowed && lettersApart(word, w) <= allowed) {
        const d = damerauLevenshtein(word, w).steps;
        if (d <= allowed) out.set(w, d);
      }
    }
  }
  return out;
}

function matchAt(cands: Map<string, number>[], i: number, v: Vocabulary, afterPlaceWord: boolean): Match | undefined {
  let best: Match | undefined;
  for (const [first, firstCost] of cands[i]) {
    for (const phrase of v.byFirst.get(first) ?? []) {
      const n = phrase.words.length;
      if (i + n > cands.length || (best && n < best.length) || (phrase.afterPlaceWord && !afterPlaceWord)) continue;
      let cost = firstCost;
      for (let k = 1; k < n && cost >= 0; k++) {
        const c = cands[i + k].get(phrase.words[k]);
        cost = c === undefined ? -1 : cost + c;
      }
      if (cost < 0 || (cost > 0 && !typoAllowedFor(phrase, cands, i))) continue;
      if (!best || n > best.length || cost < best.cost) best = { phrase, length: n, cost };
    }
  }
  return best;
}

const belongsTo = (specialty: string, type: string): boolean =>
  (specialtiesByType[type as ProfessionalType] ?? []).includes(specialty);

/**
 * Understandings kept per process (issue 47): `understand` is a pure function of the collection, the
 * words, the fields filtered explicitly and the vocabulary (the built-in one, or a set of register wards
 * and payers, which is replaced whole when they change), so the same words are understood once, not once
 * a request: the query log repeats its words, and every request of the search page sends them again for
 * its counts. Per vocabulary, so new wards or payers are read at once; at most KEPT_UNDERSTANDINGS a
 * vocabulary (a few hundred bytes each), words longer than KEPT_WORDS_MAX understood afresh each time.
 * Callers only read what they get (it is shared): asNamed and the services copy before changing anything.
 */
const KEPT_UNDERSTANDINGS = 5000;
const KEPT_WORDS_MAX = 200;
const builtIn = {};
const understandings = new WeakMap<object, LRUCache<string, Understanding>>();

/**
 * Understands a typed query for one collection. `filtered` names the fields the
 * request already filters explicitly: an explicit filter wins, and the words
 * that named the same field are dropped rather than searched as text.
 */
export function understand(collection: CollectionName, typed: string, filtered: ReadonlySet<string> = new Set(), wards?: RegisterWards): Understanding {
  if (typed.length > KEPT_WORDS_MAX) return understandAfresh(collection, typed, filtered, wards);
  const vocabulary = wards ?? builtIn;
  let cache = understandings.get(vocabulary);
  if (!cache) understandings.set(vocabulary, (cache = new LRUCache({ max: KEPT_UNDERSTANDINGS })));
  const key = `${collection}\0${filtered.size ? [...filtered].sort().join(',') : ''}\0${typed}`;
  let u = cache.get(key);
  if (!u) cache.set(key, (u = understandAfresh(collection, typed, filtered, wards)));
  return u;
}

function understandAfresh(collection: CollectionName, typed: string, filtered: ReadonlySet<string>, wards: RegisterWards | undefined): Understanding {
  // Issue 50: "who speaks hausa" (spoken-language.ts) is read first; its words are blanked, in place, for the rest.
  const spoken = collection === 'professionals' ? spokenLanguage(typed) : undefined;
  const q = spoken ? blanked(typed, [spoken, ...(spoken.kind ? [spoken.kind] : [])]) : typed;
  const tokens = tokenize(q === '*' ? '' : q);
  const v = wards ? wards.vocabulary(collection) : vocabulary(collection);
  // A stop word may stand inside a phrase ("ear nose and throat"), exactly as typed.
  const cands = tokens.map((t) => (stopWords.has(t.norm) ? new Map([[t.norm, 0]]) : candidates(t, v)));
  const found: { target: Target; from: number; to: number }[] = [];
  const rest: Token[] = [];
  const nearWords: { from: number; to: number; always: boolean }[] = [];
  for (let i = 0; i < tokens.length; ) {
    const near = nearMeAt(tokens, i);
    if (near) {
      nearWords.push({ from: i, to: i + near.words.length, always: near.always });
      i += near.words.length;
      continue;
    }
    // A stop word starts no phrase, but those of care ("open now", "cheap": issue 45).
    const any = matchAt(cands, i, v, i > 0 && placeWords.has(tokens[i - 1].norm));
    const m = stopWords.has(tokens[i].norm) && !(any && careFields.has(any.phrase.target.field)) ? undefined : any;
    if (!m) {
      rest.push(tokens[i]);
      i += 1;
      continue;
    }
    found.push({ target: m.phrase.target, from: i, to: i + m.length });
    i += m.length;
  }

  const items: { target: Target; text: string }[] = [];
  const textOf = (from: number, to: number) => q.slice(tokens[from].start, tokens[to - 1].end);
  const key = (t: Target) => `${t.field}:${t.values.join('|')}`;
  for (const f of found) {
    if (filtered.has(f.target.field)) continue; // the explicit filter wins; its words are not text either
    // Said twice ("ikoyi lagos"): once is enough.
    if (items.some((it) => key(it.target) === key(f.target))) continue;
    items.push({ target: f.target, text: textOf(f.from, f.to) });
  }

  // Beside a specialty, "doctor", "specialist" or "nurse" add nothing: drop the type it implies.
  const specialty = items.find((it) => it.target.field === 'specialty');
  let kept = items;
  let words = rest;
  if (specialty) {
    kept = items.filter(
      (it) => !(it.target.field === 'professionalType' && belongsTo(specialty.target.values[0], it.target.values[0])),
    );
    words = rest.filter((t) => !redundantBesideSpecialty.has(t.norm));
  }
  words = words.filter((t) => !stopWords.has(t.norm)).sort((a, b) => a.start - b.start);

  // "near me" (or "nearest" with no place named): the patient's own location, which the client sends.
  const named = kept.some((it) => placeFields.has(it.target.field));
  const near = nearWords.find((n) => n.always) ?? (named ? undefined : nearWords[0]);
  if (near) kept = [...kept, { target: { field: 'near', values: ['device'], label: 'Near you' }, text: textOf(near.from, near.to) }];

  if (spoken && !filtered.has('languages')) kept = [...kept, { target: { field: 'languages', values: [spoken.code], label: spoken.label }, text: spoken.text }];
  // A kind of professional said with it ("likita mai jin hausa"), unless one is known already.
  if (spoken?.kind && !['professionalType', 'specialty'].some((f) => filtered.has(f) || kept.some((it) => it.target.field === f))) {
    kept = [...kept, { target: { field: 'professionalType', values: [spoken.kind.type], label: spoken.kind.label }, text: spoken.kind.text }];
  }

  // "clinic near me" typed while searching professionals: a clinic is a kind of institution.
  const asked = collectionAsked(collection, q, kept, filtered, wards);
  if (asked) kept = [...kept, asked];

  return {
    q: words.map((t) => t.text).join(' '),
    understood: kept.map((it) => ({
      field: it.target.field,
      value: it.target.values[0],
      label: it.target.label,
      text: it.text,
    })),
    // Two places or specialties ("lagos or abuja") mean either: one filter per field, on its first item.
    filters: kept.map((it, i) => {
      if (it.target.field === 'near' || it.target.field === 'collection' || it.target.field === 'sort') return '';
      // Issue 45's flags: `openNow:=true` is the API's virtual filter (read at the moment of the search).
      if (it.target.field === 'openNow' || it.target.field === 'open24Hours' || it.target.field === 'freeAtPointOfCare') return `${it.target.field}:=true`;
      const same = kept.filter((o) => o.target.field === it.target.field);
      if (same[0] !== kept[i]) return '';
      return exactFilter(it.target.field, [...new Set(same.flatMap((o) => o.target.values))]);
    }),
    ...(near ? { near: 'device' as const } : {}),
  };
}

const placeFields: ReadonlySet<string> = new Set(['state', 'city', 'lga']);

/**
 * Words that name a kind of institution ("clinic", "hospital", "pharmacy", "PHC") in a search of
 * professionals that names no kind of professional (no specialty, no type): the patient wants
 * institutions. The item `{ field: 'collection', value: 'institutions', label: 'Institutions' }`
 * (no filter; `text` the words) tells the client, which searches institutions with the same words
 * (the search page does, in place of the search that asked). "eye clinic" (Ophthalmology), "doctor
 * at Lagoon hospital" (a doctor) and "clinic" with a type or specialty chosen stay searches of
 * professionals.
 */
function collectionAsked(
  collection: CollectionName,
  q: string,
  kept: readonly { target: Target }[],
  filtered: ReadonlySet<string>,
  wards: RegisterWards | undefined,
): { target: Target; text: string } | undefined {
  if (collection !== 'professionals') return undefined;
  const kinds = ['specialty', 'professionalType'];
  if (kinds.some((f) => filtered.has(f)) || kept.some((it) => kinds.includes(it.target.field))) return undefined;
  const type = understand('institutions', q, new Set(), wards).understood.find((u) => u.field === 'type');
  return type && { target: { field: 'collection', values: ['institutions'], label: 'Institutions' }, text: type.text };
}

/** The fields a Typesense `filter_by` string filters (`field:=...`, `field:...`). */
export function filteredFields(filterBy: string | undefined): Set<string> {
  const out = new Set<string>();
  for (const m of (filterBy ?? '').matchAll(/(?:^|[\s(&|])([A-Za-z_][A-Za-z0-9_]*)\s*:/g)) out.add(m[1]);
  return out;
}

/** Words a professional's card puts before the name ("Dr. Adaeze Okafor"): the name key leaves them out. */
const TITLES: ReadonlySet<string> = new Set(['dr', 'doctor', 'prof', 'professor', 'pharm', 'pharmacist', 'nurse', 'mr', 'mrs', 'ms', 'miss']);

/**
 * Issue 48: the names to look up before understood words may filter: none when nothing would be filtered.
 * Everything typed is the name (a professional's without a title before it). When every word was
 * understood ("Sabon Birni Health Post": an LGA and a kind), only a name that is exactly those words
 * overrides them; when words are left ("Betheland" of "Betheland Hospital"), a name starting with them too.
 */
function namesAsked(collection: CollectionName, q: string, u: Understanding): { asked: NameAsked; q: string }[] {
  if (!u.filters.some(Boolean)) return [];
  const tokens = q.trim().split(/\s+/).filter(Boolean);
  const words = searchWords(q);
  if (words.length === 0) return [];
  const prefix = u.q.trim() !== '';
  const out = [{ asked: { key: words.join(' '), prefix: prefix && words.length > 1 }, q: tokens.join(' ') }];
  if (collection === 'professionals' && words.length > 2 && TITLES.has(words[0]) && tokens.length > 1 && TITLES.has(searchWords(tokens[0]).join(' '))) {
    out.push({ asked: { key: words.slice(1).join(' '), prefix: prefix && words.length > 2 }, q: tokens.slice(1).join(' ') });
  }
  return out;
}

/** Issue 48: the words name a provider: searched as typed (`q`), no filter drawn from them, every chip a suggestion. */
export function asNamed(u: Understanding, q: string): Understanding {
  // "Near you" and "search institutions instead" are no filters to offer: a name is searched where it was typed.
  const offered = u.understood.filter((it) => it.field !== 'near' && it.field !== 'collection');
  return { q, understood: offered.map((it) => ({ ...it, suggested: true as const })), filters: offered.map(() => ''), named: true };
}

/**
 * `understand`, and then (issue 48) never hiding what a patient named: when the words would filter and
 * they name a provider of the collection (engine.named: an index lookup), they are searched as the name
 * (both engines rank the exact name, then names that start with it, first) and the understood items are
 * only suggested. One lookup for every search of a request with the same words (`seen`); when the
 * engine cannot answer it, the words are understood as before (the search itself says what failed).
 */
export async function understandNamed(
  engine: Pick<SearchEngine, 'named'>,
  collection: CollectionName,
  q: string,
  filtered: ReadonlySet<string> = new Set(),
  wards?: RegisterWards,
  seen: Map<string, Promise<Understanding>> = new Map(),
): Promise<Understanding> {
  const key = `${collection}\0${[...filtered].sort().join(',')}\0${q}`;
  let pending = seen.get(key);
  if (!pending) {
    pending = (async () => {
      const u = understand(collection, q, filtered, wards);
      const asked = namesAsked(collection, q, u);
      if (asked.length === 0) return u;
      let named: boolean[];
      try {
        named = await engine.named(collection, asked.map((a) => a.asked));
      } catch {
        return u;
      }
      const i = named.indexOf(true);
      return i < 0 ? u : asNamed(u, asked[i].q);
    })();
    seen.set(key, pending);
  }
  return pending;
}
