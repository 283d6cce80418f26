import type { ReactNode } from 'react';
import type { Messages } from '@lingui/core';
import type { Locale } from '@ilera/contracts/locales';
import { useLocale } from './use-locale';
import { usePartMessages, WithMessages } from './with-messages';

/**
 * Issue 50: the signed-in pages' texts (the provider's and the admin's dashboards, appointments, profile setup,
 * care facts, claims, affiliations) are a catalog of their own, `dashboard.po` (web/lingui.config.ts names its
 * code), fetched with those pages' code in the page's language: no public page's first load carries them.
 * Every part whose code is in that catalog is drawn under this (a page, or a dialog the profile page opens).
 * Only the browser draws these pages (the server draws the public ones), so there is no hydration to match.
 */
const dashboardCatalogs = new Map<Locale, Promise<Messages>>();

async function loadDashboardMessages(locale: Locale): Promise<Messages> {
  const { messages } = (await import(`../locales/${locale}/dashboard.po`)) as { messages: Messages };
  return messages;
}

export function DashboardMessages({ children }: { children: ReactNode }) {
  const messages = usePartMessages(useLocale(), loadDashboardMessages, dashboardCatalogs);
  return <WithMessages messages={messages}>{children}</WithMessages>;
}
