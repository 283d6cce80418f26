/**
 * Messages per language (issue 50, decision 046): extracts the messages from the web app's code
 * (Lingui's extractor, as `lingui extract` does) and compares them with each language's catalog
 * (web/src/locales/<locale>/messages.po), and the emergency page's messages
 * (contracts/src/emergency-messages.ts), of texts and mail (contracts/src/text-messages.ts, decision 049)
 * and of server-drawn pages' titles (contracts/src/page-head-messages.ts) with English's. Prints, per language, the
 * missing messages (shown in English meanwhile) and the unused ones (in a catalog, in no code).
 *
 * Fails when the English catalog lacks a message the code uses: the build compiles messages
 * without their English text, so such a message would show its id. Run `npx lingui extract` in web/.
 *
 *   tsx web/scripts/check-messages.ts
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getConfig } from '@lingui/conf';
import { getCatalogs } from '@lingui/cli/api';
import { emergencyMessages } from '@ilera/contracts/emergency-messages';
import { textMessages } from '@ilera/contracts/text-messages';
import { pageHeadMessages } from '@ilera/contracts/page-head-messages';
import { mailMessages } from '@ilera/contracts/mail-messages';
import { LOCALES, DEFAULT_LOCALE } from '@ilera/contracts/locales';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface LocaleReport {
  locale: string;
  /** The catalog's file name (messages, booking); the emergency page's messages are 'emergency'. */
  catalog: string;
  missing: string[];
  unused: string[];
}

export async function checkMessages(): Promise<{ web: LocaleReport[]; emergency: LocaleReport[]; texts: LocaleReport[]; mails: LocaleReport[]; heads: LocaleReport[] }> {
  const config = getConfig({ cwd: webRoot, configPath: path.join(webRoot, 'lingui.config.ts') });
  const web: LocaleReport[] = [];
  for (const catalog of await getCatalogs(config)) {
    const used = (await catalog.collect()) ?? {};
    const catalogs = await catalog.readAll();
    for (const locale of LOCALES) {
      const own = catalogs[locale] ?? {};
      const text = (id: string) => used[id]?.message ?? own[id]?.message ?? id;
      web.push({
        locale,
        catalog: path.basename(catalog.path),
        missing: Object.keys(used).filter((id) => !own[id]?.translation).map(text),
        unused: Object.keys(own).filter((id) => !used[id]).map(text),
      });
    }
  }
  // The catalogues in contracts/ (one object per language, English complete): what each language lacks or has
  // beyond English. `known`: an id a language may add (a text's optional `<id>.short` SMS wording, decision 049).
  const plain = (catalog: string, messages: { en: Record<string, string> }, known = (id: string, ids: string[]) => ids.includes(id)) => {
    const ids = Object.keys(messages.en);
    return LOCALES.map((locale) => {
      const own: Record<string, string> = (messages as Partial<Record<string, Record<string, string>>>)[locale] ?? {};
      return { locale, catalog, missing: ids.filter((id) => !own[id]), unused: Object.keys(own).filter((id) => !known(id, ids)) };
    });
  };
  const emergency = plain('emergency', emergencyMessages);
  // Texts and appointment mail (decision 049): a language's `<id>.short` SMS wording is optional.
  const texts = plain('texts', textMessages, (id, ids) => ids.includes(id) || (id.endsWith('.short') && ids.includes(id.slice(0, -'.short'.length))));
  // Issue 50: the account mails (contracts/src/mail-messages.ts) and server-drawn pages' titles and descriptions.
  const mails = plain('mails', mailMessages);
  const heads = plain('heads', pageHeadMessages);
  return { web, emergency, texts, mails, heads };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const { web, emergency, texts, mails, heads } = await checkMessages();
  const print = (title: string, reports: LocaleReport[]) => {
    console.log(title);
    for (const r of reports) {
      console.log(`  ${`${r.catalog}.${r.locale}`.padEnd(14)} missing ${String(r.missing.length).padStart(3)}, unused ${String(r.unused.length).padStart(3)}`);
      for (const m of r.missing) console.log(`       missing: ${m}`);
      for (const m of r.unused) console.log(`       unused:  ${m}`);
    }
  };
  print('Web messages per language (web/src/locales):', web);
  print('Emergency page messages per language (contracts/src/emergency-messages.ts):', emergency);
  print('Text and mail messages per language (contracts/src/text-messages.ts):', texts);
  print('Account mails per language (contracts/src/mail-messages.ts):', mails);
  print("Pages' titles and descriptions per language (contracts/src/page-head-messages.ts):", heads);
  const englishMissing = web.filter((r) => r.locale === DEFAULT_LOCALE).flatMap((r) => r.missing);
  if (englishMissing.length) {
    console.error(`Messages: the English catalog lacks ${englishMissing.length} message(s) the code uses; run \`npx lingui extract\` in web/.`);
    process.exit(1);
  }
  console.log('Messages: every message the code uses is in the English catalog.');
}
