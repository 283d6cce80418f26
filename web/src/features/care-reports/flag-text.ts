import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { formatNaira, type CareFlag } from '@ilera/contracts';

/**
 * A contradiction flag as the owner and admins read it: a plan's payer by its name from the payer list
 * (the answer names it by slug), else the server's own sentence. English is word for word as before; another
 * language says it from the flag's numbers (issue 50: its words are in dashboard.po, so it is used only by
 * code drawn under DashboardMessages).
 */
export function useFlagText(payerNames: Map<string, string>): (f: CareFlag) => string {
  const { i18n } = useLingui();
  return (f) => {
    const reports = f.reports;
    if (f.kind === 'plan' && f.payer) {
      const payer = payerNames.get(f.payer) ?? f.payer.toUpperCase();
      if (i18n.locale === 'en') return `${reports} patients say their ${payer} plan was not accepted`;
      return i18n._(msg`${plural(reports, { one: `# patient says their ${payer} plan was not accepted`, other: `# patients say their ${payer} plan was not accepted` })}`);
    }
    if (i18n.locale === 'en' || f.kind !== 'fee' || f.publishedNaira == null || f.minNaira == null || f.maxNaira == null) return f.message;
    const published = formatNaira(f.publishedNaira);
    const paid = `${formatNaira(f.minNaira)}-${formatNaira(f.maxNaira)}`;
    return i18n._(
      msg`${plural(reports, {
        one: `The published consultation fee ${published} is outside what # patient reported paying (${paid})`,
        other: `The published consultation fee ${published} is outside what # patients reported paying (${paid})`,
      })}`,
    );
  };
}
