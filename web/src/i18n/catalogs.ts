// Each language's messages are a chunk of their own (issue 50, decision 046): a visitor fetches
// only those of the page's language. Imported by the page's loader (src/main.tsx), which starts
// fetching them beside the app, by the app's start (src/boot/app.tsx) and by the server renderer.
import type { Messages } from '@lingui/core';
import { splitLocalePath, type Locale } from '@ilera/contracts/locales';

/** The language of the address ('/ha/search' is Hausa; no prefix is English). */
export const pageLocale = (pathname: string): Locale => splitLocalePath(pathname).locale;

/** The compiled catalog of `locale` (@lingui/vite-plugin compiles the PO file when it is imported). */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const { messages } = (await import(`../locales/${locale}/messages.po`)) as { messages: Messages };
  return messages;
}

