// Issue 50 (decision 046): a register listing's first lines in a language other than English, on a search card
// (search-later.po) and on its profile (profile-later.po): this file's messages are in both catalogs (web/lingui.config.ts),
// each fetched with the part that draws them. English says them as contracts do (claims.ts), in the code that draws them.
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import type { Locale } from '@ilera/contracts/locales';
import { dateIn } from '../../i18n/dates';

/** "Listed from the national register" (contracts' LISTED_FROM_REGISTER). */
export const listedIn = (i18n: I18n): string => i18n._(msg`Listed from the national register`);

/** The register's source line (contracts' registerSourceLine). */
export function registerSourceIn(i18n: I18n, source: string, updated?: string | null): string {
  if (!updated) return i18n._(msg`Source: ${source}`);
  // In numbers, day first (src/i18n/dates.ts: browsers lack CLDR's month names for most of these languages).
  const date = dateIn(i18n.locale as Locale, updated);
  return i18n._(msg`Source: ${source}, updated ${date}`);
}
