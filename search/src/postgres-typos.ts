// The PostgreSQL engine's typo resolution: each query word resolved against the
// vocabulary of the main fields (search_terms) by prefix, else by typo distance as
// Typesense counts it ("cardiolgy" stands for cardiology).
import damerauLevenshtein from 'damerau-levenshtein';
import type { CollectionName } from './schema';
import { collectionLiteral, Params, type SqlQuery } from './postgres-params';

/**
 * The query words resolved against the vocabulary of the main fields
 * (search_terms): for each word, the terms it stands for (empty: none).
 */
export interface ResolvedWords {
  main: boolean;
  terms: string[][];
  /** At most how many documents the text matches: its rarest word's documents (no bound when a word goes to the bios). */
  maxDocs?: number;
}

/** Typos allowed in a word, as Typesense counts them by default (min_len_1typo 4, min_len_2typo 7). */
export const typosAllowed = (word: string): number => (word.length >= 7 ? 2 : word.length >= 4 ? 1 : 0);

/** Edit distance with adjacent transpositions counted as one edit (restricted Damerau-Levenshtein). */
export const editDistance = (a: string, b: string): number => damerauLevenshtein(a, b).steps;

/** Prefix candidates kept per word (the most common first), and typo candidates. */
const MAX_PREFIX_TERMS = 8;
const MAX_TYPO_TERMS = 4;
/**
 * One statement that resolves every word of a batch of searches against the vocabulary. Its plan is the same
 * whatever the words (each word's rows are looked up in the LATERAL branches): prepared, it is planned once a
 * connection and collection (decision 060). The collection is a literal (one statement each), and the words'
 * array is read through a sub-select, so that the planner cannot count them: a plan for the values then costs
 * what the plan for any values does, and the plan cache keeps the latter. With the array as a parameter, a
 * plan for the values (its 1-3 words counted) always looked cheaper than one for 10 words, and every call was
 * planned again (333 plans of 333 calls in 3,000 answers of the search mix, 0.3 ms each).
 */
export function resolveQuery(collection: CollectionName, words: string[]): SqlQuery {
  const p = new Params();
  const coll = collectionLiteral(collection);
  const ws = `(SELECT ${p.add(words)}::text[])`;
  const text = `SELECT w.word, t.term, t.docs, false AS typo FROM unnest(${ws}) AS w(word)
      CROSS JOIN LATERAL (SELECT term, docs FROM search_terms
        WHERE collection = ${coll} AND term ~>=~ w.word AND term ~<~ (w.word || chr(1114111))
        ORDER BY term = w.word DESC, docs DESC LIMIT ${MAX_PREFIX_TERMS}) t
    UNION ALL
    SELECT w.word, t.term, t.docs, true FROM unnest(${ws}) AS w(word)
      CROSS JOIN LATERAL (SELECT term, docs FROM search_terms
        WHERE collection = ${coll} AND length(w.word) >= 4 AND length(term) BETWEEN length(w.word) - 2 AND length(w.word) + 2
          AND (term % w.word OR (term ~>=~ left(w.word, 1) AND term ~<~ (left(w.word, 1) || chr(1114111))))) t`;
  return { text, values: p.values };
}

/** What one word stands for (resolveWord): its terms, and how many documents they hold together. */
export interface WordTerms {
  terms: string[];
  docs: number;
}

/**
 * The terms a word stands for: the word itself when it is a term, else the
 * terms it begins, else its nearest typo matches (fewest edits first, as
 * Typesense tries 0, then 1, then 2 typos). `rows`: the word's vocabulary rows
 * (others' are skipped).
 */
export function resolveWord(w: string, rows: readonly { word: string; term: string; docs: number; typo: boolean }[]): WordTerms {
  const docsOf = (terms: string[]) => terms.reduce((n, t) => n + (rows.find((r) => r.term === t)?.docs ?? 0), 0);
  const prefix = rows.filter((r) => r.word === w && !r.typo).map((r) => r.term);
  if (prefix.includes(w)) return { terms: [w], docs: docsOf([w]) };
  if (prefix.length) return { terms: prefix, docs: docsOf(prefix) };
  const allowed = typosAllowed(w);
  const near = rows
    .filter((r) => r.word === w && r.typo)
    .map((r) => ({ term: r.term, docs: r.docs, d: editDistance(w, r.term) }))
    .filter((x) => x.d <= allowed);
  const fewest = Math.min(...near.map((x) => x.d));
  const terms = near
    .filter((x) => x.d === fewest)
    .sort((a, b) => b.docs - a.docs)
    .slice(0, MAX_TYPO_TERMS)
    .map((x) => x.term);
  return { terms, docs: docsOf(terms) };
}

/** The words of a search resolved (resolveWord), each word's answer from `resolved` when given. */
export function resolveWords(
  words: string[],
  rows: readonly { word: string; term: string; docs: number; typo: boolean }[],
  resolved: (w: string) => WordTerms = (w) => resolveWord(w, rows),
): ResolvedWords {
  const each = words.map(resolved);
  const terms = each.map((x) => x.terms);
  const main = terms.every((t) => t.length > 0);
  return { main, terms, maxDocs: main ? Math.min(...each.map((x) => x.docs)) : undefined };
}
