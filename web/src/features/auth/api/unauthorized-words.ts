import { msg } from '@lingui/core/macro';
import type { Messages } from '@lingui/core';
import type { Locale } from '@ilera/contracts/locales';
import { createI18n } from '../../../i18n/i18n';

/**
 * Issue 50: spec §8's "Unauthorized" toast in the page's language. Its words are in auth.po, the catalog of the sign-in
 * page the toast leads to (fetched here, so that page finds it already come): no page's first load carries them.
 */
export async function unauthorizedWords(locale: Locale): Promise<{ title: string; description: string }> {
  const { messages } = (await import(`../../../locales/${locale}/auth.po`)) as { messages: Messages };
  const i18n = createI18n(locale, messages);
  return { title: i18n._(msg`Unauthorized`), description: i18n._(msg`You are logged out. Logging in again...`) };
}
