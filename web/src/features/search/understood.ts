/**
 * What the API understood of the typed words (issue 13): each item is applied as a
 * filter on the server, and the page shows it as a chip the patient can remove.
 */
export interface Understood {
  /** 'near': the words asked for what is near the patient ("near me"): the page asks the device where it is. */
  /** 'collection': the words name a kind of institution while professionals are searched (the page searches institutions). */
  /** Issue 45: 'openNow', 'open24Hours', 'plans' / 'primaryPlans' (value: a payer's slug), 'maxFee', 'freeAtPointOfCare'. */
  field: 'professionalType' | 'specialty' | 'type' | 'services' | 'state' | 'city' | 'lga' | 'near' | 'collection' | (string & {});
  value: string;
  /** The chip's text: "Cardiology", "Lagos". */
  label: string;
  /** The words of the typed query it came from. */
  text: string;
  /**
   * Issue 48: offered, not applied: the words name a provider, so the server searched them as the name
   * (the exact name first) and filtered on nothing it understood. The page shows it as a suggestion.
   */
  suggested?: boolean;
}

/** Issue 48: the suggestions a chip can apply, as the search page's own filter of the same value. */
export const APPLICABLE = { state: 'state', city: 'city', specialty: 'specialty', professionalType: 'professionalType' } as const;

const isUnderstood = (u: unknown): u is Understood => {
  const o = u as Record<string, unknown> | null;
  return !!o && typeof o.label === 'string' && typeof o.text === 'string' && typeof o.field === 'string';
};

/**
 * The understood items of an instantsearch answer (api/typesense-multi-search.ts
 * carries them in `userData`); none when the server sent none.
 */
export function understoodOf(results: unknown): Understood[] {
  const userData = (results as { userData?: unknown } | undefined)?.userData;
  if (!Array.isArray(userData)) return [];
  for (const entry of userData) {
    const list = (entry as { understood?: unknown } | null)?.understood;
    if (Array.isArray(list)) return list.filter(isUnderstood);
  }
  return [];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The query without the words an understood item came from: what removing its chip
 * searches (the server understands the rest again, so the other chips stay). Whole
 * words only ("ent" must not cut "dental"), case and spacing as typed.
 */
export function withoutWords(q: string, text: string): string {
  const words = text.trim().split(/\s+/).filter(Boolean).map(escape);
  if (words.length === 0) return q.trim();
  const phrase = words.join('\\s+');
  // No lookbehind: Safari before 16.4 (older iPhones) cannot compile one.
  const whole = new RegExp(`(^|[^\\p{L}\\p{N}])${phrase}(?![\\p{L}\\p{N}])`, 'iu');
  const anywhere = new RegExp(phrase, 'iu');
  const rest = whole.test(q) ? q.replace(whole, '$1 ') : q.replace(anywhere, ' ');
  return rest.replace(/\s+/g, ' ').trim();
}
