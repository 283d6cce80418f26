// "Suggest a better translation" (issue 50, decision 046): the body of POST /api/translation-suggestions
// and the admin list's answer. Only the Beta languages take suggestions (English is the spec's text).
import { z } from 'zod';
import { LOCALES, reviewState, type Locale } from './locales.js';

export const SUGGESTION_LOCALES = LOCALES.filter((l) => reviewState[l] === 'beta') as Exclude<Locale, 'en'>[];

export const TRANSLATION_LANGUAGE_MESSAGE = 'Please choose Hausa, Yoruba, Igbo or Pidgin'; // ours
export const TRANSLATION_SUGGESTION_MESSAGE = 'Please write the better words'; // ours
export const TRANSLATION_PAGE_MESSAGE = 'Please give the page the words are on'; // ours

const text = (required: string) =>
  z
    .string({ required_error: required, invalid_type_error: required })
    .trim()
    .min(1, { message: required })
    .max(1000, { message: 'Must be at most 1000 characters' }); // ours

export const translationSuggestionSchema = z.object({
  locale: z.enum(SUGGESTION_LOCALES as [Exclude<Locale, 'en'>, ...Exclude<Locale, 'en'>[]], { errorMap: () => ({ message: TRANSLATION_LANGUAGE_MESSAGE }) }),
  /** The address the visitor came from, inside the site ('/ha/search?q=iba'); the landing page if none. */
  page: z.preprocess(
    (v) => (v == null || v === '' ? '/' : v),
    z
    .string({ required_error: TRANSLATION_PAGE_MESSAGE, invalid_type_error: TRANSLATION_PAGE_MESSAGE })
    .trim()
    .max(500, { message: TRANSLATION_PAGE_MESSAGE })
    .regex(/^\/(?!\/)/, { message: TRANSLATION_PAGE_MESSAGE }),
  ),
  /** The words the page shows (optional). */
  shown: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), text('Please copy the words the page shows').optional()), // ours
  suggestion: text(TRANSLATION_SUGGESTION_MESSAGE),
});
export type TranslationSuggestionInput = z.infer<typeof translationSuggestionSchema>;

/** Where a suggestion stands (migration 079): open until an admin marks it done (taken into the catalogue) or dismissed. */
export const translationSuggestionStatuses = ['open', 'done', 'dismissed'] as const;
export type TranslationSuggestionStatus = (typeof translationSuggestionStatuses)[number];
export const TRANSLATION_STATUS_MESSAGE = 'Status must be open, done or dismissed'; // ours
export const TRANSLATION_MARK_MESSAGE = 'Please mark it done or dismissed'; // ours
export const TRANSLATION_SUGGESTION_NOT_FOUND = 'Suggestion not found'; // ours
export const TRANSLATION_SUGGESTION_MARKED = 'This suggestion is already marked'; // ours

export const translationSuggestionAnswer = z.object({
  id: z.number().int(),
  locale: z.string(),
  page: z.string(),
  shown: z.string().nullable(),
  suggestion: z.string(),
  signedIn: z.boolean(),
  createdAt: z.string(),
  status: z.enum(translationSuggestionStatuses),
  /** When an admin marked it done or dismissed; null while open. */
  decidedAt: z.string().nullable(),
});
export const translationSuggestionCreatedAnswer = z.object({ id: z.number().int() });

export const adminTranslationSuggestionsQuerySchema = z.object({
  locale: z.preprocess((v) => (v === '' ? undefined : v), z.enum(SUGGESTION_LOCALES as [Exclude<Locale, 'en'>, ...Exclude<Locale, 'en'>[]], { errorMap: () => ({ message: TRANSLATION_LANGUAGE_MESSAGE }) }).optional()),
  /** One status, or every one when absent. */
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(translationSuggestionStatuses, { errorMap: () => ({ message: TRANSLATION_STATUS_MESSAGE }) }).optional()),
  page: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number({ message: 'Page must be a whole number from 1' }).int().min(1).max(100_000).default(1)), // ours
  perPage: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number({ message: 'Per page must be a whole number from 1 to 100' }).int().min(1).max(100).default(25)), // ours
});
export const adminTranslationSuggestionsAnswer = z.object({
  items: z.array(translationSuggestionAnswer),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});

/** Body of PUT /api/admin/translation-suggestions/{id}/status: an open suggestion marked done or dismissed, once. */
export const translationSuggestionMarkSchema = z.object({
  status: z.enum(['done', 'dismissed'], { errorMap: () => ({ message: TRANSLATION_MARK_MESSAGE }) }),
});
export type TranslationSuggestionMarkInput = z.infer<typeof translationSuggestionMarkSchema>;
