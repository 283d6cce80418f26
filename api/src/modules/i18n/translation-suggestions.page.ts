// The "Suggest a better translation" form (issue 50, decision 046) as one small HTML document, like
// /emergency: a plain form that posts and works before, or without, any script, reached from the
// header's link beside a Beta language. Its own words are English for now; the language it is about
// is named in that language.
import { SUGGESTION_LOCALES } from '@ilera/contracts';
import { localeNames, type Locale } from '@ilera/contracts/locales';

const escapeHtml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `*{box-sizing:border-box}body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Arial,sans-serif;color:#212529;line-height:1.45}
header{padding:10px 16px;border-bottom:1px solid #dee2e6}header a{color:#066649;font-weight:800;font-size:22px;text-decoration:none}
main{max-width:640px;margin:0 auto;padding:16px}label{display:block;font-weight:600;margin-top:14px}
textarea,select{width:100%;font:inherit;padding:8px;border:1px solid #ced4da;border-radius:6px}textarea{min-height:90px}
button{margin-top:16px;font:inherit;font-weight:600;color:#fff;background:#066649;border:0;border-radius:6px;padding:10px 18px}
.error{color:#c92a2a;margin:4px 0 0}.hint{color:#495057;font-size:14px;margin:2px 0 0}`;

export interface SuggestionFormView {
  locale: Locale | null;
  /** The address the visitor came from ('/ha/search?q=iba'); '' if none. */
  page: string;
  shown?: string;
  suggestion?: string;
  /** A message per field of a refused form. */
  errors?: Record<string, string>;
  sent?: boolean;
}

/** Only an address inside the site is linked back to. */
export const sitePath = (page: string) => (/^\/(?!\/)/.test(page) && page.length <= 500 ? page : '');

export function renderSuggestionPage(v: SuggestionFormView): string {
  const back = sitePath(v.page);
  const error = (field: string) => (v.errors?.[field] ? `<p class="error" id="${field}-error">${escapeHtml(v.errors[field])}</p>` : '');
  const invalid = (field: string) => (v.errors?.[field] ? ` aria-invalid="true" aria-describedby="${field}-error"` : '');
  const body = v.sent
    ? `<h1>Thank you</h1><p>Your suggestion was sent. The people who look after Ilera’s translations will read it.</p>${back ? `<p><a href="${escapeHtml(back)}">Back to the page</a></p>` : ''}`
    : `<h1>Suggest a better translation</h1><p>Our translations are new (Beta). If words on a page are wrong or hard to understand, tell us the better words. Please do not write anything about your health.</p>
<form method="post" action="/suggest-translation"><input type="hidden" name="page" value="${escapeHtml(back)}">
<label for="locale">Language</label><select id="locale" name="locale"${invalid('locale')}>${SUGGESTION_LOCALES.map((l) => `<option value="${l}" lang="${l}"${l === v.locale ? ' selected' : ''}>${escapeHtml(localeNames[l])}</option>`).join('')}</select>${error('locale')}
${back ? `<p class="hint">Page: ${escapeHtml(back)}</p>` : ''}${error('page')}
<label for="shown">The words on the page (optional)</label><textarea id="shown" name="shown" maxlength="1000"${invalid('shown')}>${escapeHtml(v.shown ?? '')}</textarea>${error('shown')}
<label for="suggestion">Your better words</label><textarea id="suggestion" name="suggestion" maxlength="1000" required${invalid('suggestion')}>${escapeHtml(v.suggestion ?? '')}</textarea>${error('suggestion')}
<button type="submit">Send suggestion</button></form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Suggest a better translation · Ilera</title><style>${STYLE}</style></head><body><header><a href="/">Ilera</a></header><main>${body}</main></body></html>`;
}
