import { partMessages } from './with-messages';

/**
 * Issue 50: the signed-in pages' texts (the provider's and the admin's dashboards, appointments, profile setup,
 * care facts, claims, affiliations) are a catalog of their own, `dashboard.po` (web/lingui.config.ts names its
 * code), fetched with those pages' code in the page's language: no public page's first load carries them.
 * Every part whose code is in that catalog is drawn under this (a page, or a dialog the profile page opens).
 * Only the browser draws these pages (the server draws the public ones), so there is no hydration to match.
 */

export const DashboardMessages = partMessages((locale) => import(`../locales/${locale}/dashboard.po`));
