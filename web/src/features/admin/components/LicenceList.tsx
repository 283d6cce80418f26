import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { lagosToday, licenceCurrent, type LicenceRecord } from '@ilera/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { dateIn } from '../../../i18n/dates';
import { useLocale } from '../../../i18n/use-locale';
import { useAdminSaid } from '../said';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useVerifyLicence } from '../api/verify-licence';
import type { ReviewKind } from '../api/review-profile';

const noneText: Record<ReviewKind, MessageDescriptor> = { professional: msg`No licence on record`, institution: msg`No registration on record` };
const verifiedText: Record<ReviewKind, (name: string, country: string) => MessageDescriptor> = {
  professional: (name, country) => msg`${name}'s ${country} licence is verified.`,
  institution: (name, country) => msg`${name}'s ${country} registration is verified.`,
};

/**
 * Each licence of a professional, or registration of an institution, on the approval
 * screen (issue 18): country, number, council or issuing body and expiry, and
 * "Verify licence" once the administrator has checked it against the register.
 */
export function LicenceList({ kind, id, name, licences }: { kind: ReviewKind; id: number; name: string; licences: LicenceRecord[] }) {
  const verify = useVerifyLicence();
  const today = lagosToday();
  const { t } = useLingui();
  const locale = useLocale();
  const said = useAdminSaid();
  if (!licences.length) return <Text size="sm" c="dimmed">{t(noneText[kind])}</Text>;
  const onVerify = (country: string) =>
    verify.mutateAsync({ kind, id, country }).then(
      () => toast({ title: t`Licence Verified`, description: t(verifiedText[kind](name, country)) }),
      (error: unknown) => toast({ title: t`Error`, description: said(errorMessage(error, t`Failed to verify licence.`)), variant: 'destructive' }),
    );
  return (
    <Stack gap={4} aria-label={kind === 'professional' ? t`Licences` : t`Registrations`} role="list">
      {licences.map((l) => {
        const current = licenceCurrent(l, today);
        const expiry = l.expiresOn ? dateIn(locale, `${l.expiresOn}T12:00:00+01:00`) : '';
        return (
          <Group key={l.country} gap="xs" role="listitem" wrap="wrap">
            <Text size="sm">
              {l.country}: {l.licenseNumber}
              {l.council ? ` · ${l.council}` : ''}
              {l.expiresOn ? ` · ${current ? t`expires ${expiry}` : t`expired ${expiry}`}` : ` · ${t`no expiry date`}`}
            </Text>
            {l.verifiedAt ? (
              <Badge size="sm" color="teal" variant="light">
                <Trans>Licence verified</Trans>
              </Badge>
            ) : current ? (
              <Button
                size="compact-xs"
                variant="light"
                aria-label={t`Verify licence (${l.country})`}
                loading={verify.isPending && verify.variables?.country === l.country}
                onClick={() => onVerify(l.country)}
              >
                <Trans>Verify licence</Trans>
              </Button>
            ) : (
              <Badge size="sm" color="red" variant="light">
                <Trans>Expired</Trans>
              </Badge>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}
