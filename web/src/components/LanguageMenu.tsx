// The language menu in the header (issue 50, decision 046): the same page in each language, as
// plain links (a <details> list: it opens and works before the app has come, and with scripts
// off). The page's loader (src/main.tsx) writes the chosen language's cookie on the click.
// A language not yet reviewed by a native-speaking clinician is labelled Beta, with a link to
// suggest a better translation (a small server page, api/src/modules/i18n).
import { Anchor, Badge, Group } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation } from 'react-router-dom';
import { LOCALES, localeNames, localePath, reviewState } from '@ilera/contracts/locales';
import { useLocale } from '../i18n/use-locale';

export function LanguageMenu() {
  const { t } = useLingui();
  const locale = useLocale();
  // The address inside the language (the router's basename is the prefix).
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  return (
    <Group gap={6} wrap="nowrap" className="ilera-lang">
      <details className="ilera-lang-menu">
        <summary aria-label={t`Language: ${localeNames[locale]}`}>
          <span lang={locale}>{localeNames[locale]}</span>
        </summary>
        <ul>
          {LOCALES.map((l) => (
            <li key={l}>
              <a href={localePath(l, here)} hrefLang={l} lang={l} data-lang-menu={l} aria-current={l === locale ? 'true' : undefined}>
                {localeNames[l]}
              </a>
            </li>
          ))}
        </ul>
      </details>
      {reviewState[locale] === 'beta' && (
        <>
          <Badge size="xs" color="yellow" variant="light">
            <Trans>Beta</Trans>
          </Badge>
          <Anchor href={`/suggest-translation?lang=${locale}&page=${encodeURIComponent(localePath(locale, here))}`} fz="xs" visibleFrom="sm">
            <Trans>Suggest a better translation</Trans>
          </Anchor>
        </>
      )}
    </Group>
  );
}
