// The PostgreSQL engine's rows: what a search document becomes in search_documents
// and search_bodies (the derived columns that matching, ranking, sorting and counting use).
import { nameKey, searchWords } from './protocol';
import { isGeopoint, type CollectionName, type SearchDocument } from './schema';
import { CUBE_ARRAY_FIELDS, CUBE_KEY_FIELDS, str } from './postgres-keys';

const words = (...parts: unknown[]): string =>
  searchWords(parts.flatMap((p) => (Array.isArray(p) ? p : [p])).map(str).join(' ')).join(' ');

export interface Row {
  id: string;
  /** The document as JSON. */
  document: string;
  /** Its single-valued facet fields as JSON: what search_cube_key (006) makes of the document, before nulls are dropped. */
  key: string;
  nameKey: string;
  /** tsvector literals: the main fields (weights A, B, C), and those plus the bio or description (D). */
  main: string;
  full: string;
  tags: string[];
  rating: number;
  reviewCount: number;
  experience: number;
  /** Naira, or null when none was given. */
  fee: number | null;
  /** Epoch seconds of the next free slot (issue 17), or null. */
  nextSlot: number | null;
  /** Its `location` (migration 035), or null when unknown. */
  lat: number | null;
  lng: number | null;
  /** Issue 45 (migration 050): openSlots as an int4multirange literal, closedDays, hoursValidUntil, the flags; null when absent. */
  openRanges: string | null;
  closedDays: number[] | null;
  hoursUntil: number | null;
  open24: boolean | null;
  freeCare: boolean | null;
}

/** Quarter hours of the week as runs: [0, 1, 2, 5] -> '{[0,3),[5,6)}' (an int4multirange). */
export function slotRanges(slots: unknown): string | null {
  if (!Array.isArray(slots)) return null;
  const sorted = [...new Set(slots.filter((q): q is number => Number.isInteger(q)))].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    runs.push(`[${sorted[i]},${sorted[j] + 1})`);
    i = j + 1;
  }
  return `{${runs.join(',')}}`;
}

type Weight = 'A' | 'B' | 'C' | 'D';

/**
 * A tsvector literal ('okonkwo':2A,4A 'cardiology':5B) of weighted parts, each a
 * string of normalised words: what to_tsvector('simple') gives for them, built
 * here so that a reindex does not parse every bio in PostgreSQL.
 */
function tsvectorLiteral(parts: [string, Weight][]): string {
  const positions = new Map<string, string[]>();
  let pos = 0;
  for (const [text, weight] of parts) {
    for (const w of text ? text.split(' ') : []) {
      pos = Math.min(pos + 1, 16383); // PostgreSQL's largest position
      const list = positions.get(w) ?? [];
      if (list.length < 256 && Buffer.byteLength(w) < 2047) positions.set(w, [...list, `${pos}${weight}`]); // its limits per lexeme
    }
  }
  return [...positions].map(([w, ps]) => `'${w.replace(/\\/g, '\\\\').replace(/'/g, "''")}':${ps.join(',')}`).join(' ');
}

/** The array facet values of a document as tags ('services:X-Ray'), as search_doc_tags() makes them. */
function tagsOf(collection: CollectionName, d: Record<string, unknown>): string[] {
  const values = (v: unknown): unknown[] => (Array.isArray(v) ? v : typeof v === 'string' ? [v] : []);
  const tags = CUBE_ARRAY_FIELDS[collection].flatMap((f) => values(d[f]).map((v) => `${f}:${String(v)}`));
  return [...new Set(tags)].sort();
}

/** The derived columns of a document: what matching, ranking, sorting and counting use. */
export function derive(collection: CollectionName, doc: SearchDocument): Row {
  const d = doc as Record<string, unknown>;
  const row = (nameKey: string, a: string, b: string, c: string, bio: string): Row => {
    const main: [string, Weight][] = [
      [a, 'A'],
      [b, 'B'],
      [c, 'C'],
    ];
    return {
      id: doc.id,
      document: JSON.stringify(doc),
      key: JSON.stringify(Object.fromEntries(CUBE_KEY_FIELDS[collection].map((f) => [f, d[f] ?? null]))),
      nameKey,
      main: tsvectorLiteral(main),
      full: tsvectorLiteral([...main, [bio, 'D']]),
      tags: tagsOf(collection, d),
      rating: typeof d.rating === 'number' ? d.rating : 0,
      reviewCount: typeof d.reviewCount === 'number' ? d.reviewCount : 0,
      experience: typeof d.yearsOfExperience === 'number' ? d.yearsOfExperience : 0,
      fee: typeof d.consultationFeeNaira === 'number' ? d.consultationFeeNaira : typeof d.consultationFee === 'number' ? Math.round(d.consultationFee) : null,
      nextSlot: typeof d.nextSlot === 'number' ? d.nextSlot : null,
      lat: isGeopoint(d.location) ? d.location[0] : null,
      lng: isGeopoint(d.location) ? d.location[1] : null,
      openRanges: slotRanges(d.openSlots),
      closedDays: Array.isArray(d.closedDays) ? (d.closedDays as number[]) : null,
      hoursUntil: typeof d.hoursValidUntil === 'number' ? d.hoursValidUntil : null,
      open24: typeof d.open24Hours === 'boolean' ? d.open24Hours : null,
      freeCare: typeof d.freeAtPointOfCare === 'boolean' ? d.freeAtPointOfCare : null,
    };
  };
  if (collection === 'professionals') {
    return row(
      nameKey(collection, d),
      words(d.name, d.firstName, d.lastName),
      words(d.specialty, d.professionalType),
      words(d.institution, d.city, d.state),
      words(d.bio),
    );
  }
  return row(nameKey(collection, d), words(d.name), words(d.typeLabel, d.type, d.services), words(d.city, d.state), words(d.description));
}
