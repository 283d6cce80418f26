import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { formatLagosDate, lagosToday, licenceCurrent, type LicenceRecord } from '@ilera/contracts';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useVerifyLicence } from '../api/verify-licence';
import type { ReviewKind } from '../api/review-profile';

const thing: Record<ReviewKind, string> = { professional: 'licence', institution: 'registration' };

/**
 * Each licence of a professional, or registration of an institution, on the approval
 * screen (issue 18): country, number, council or issuing body and expiry, and
 * "Verify licence" once the administrator has checked it against the register.
 */
export function LicenceList({ kind, id, name, licences }: { kind: ReviewKind; id: number; name: string; licences: LicenceRecord[] }) {
  const verify = useVerifyLicence();
  const today = lagosToday();
  if (!licences.length) return <Text size="sm" c="dimmed">No {thing[kind]} on record</Text>;
  const onVerify = (country: string) =>
    verify.mutateAsync({ kind, id, country }).then(
      () => toast({ title: 'Licence Verified', description: `${name}'s ${country} ${thing[kind]} is verified.` }),
      (error: unknown) => toast({ title: 'Error', description: errorMessage(error, 'Failed to verify licence.'), variant: 'destructive' }),
    );
  return (
    <Stack gap={4} aria-label={kind === 'professional' ? 'Licences' : 'Registrations'} role="list">
      {licences.map((l) => {
        const current = licenceCurrent(l, today);
        return (
          <Group key={l.country} gap="xs" role="listitem" wrap="wrap">
            <Text size="sm">
              {l.country}: {l.licenseNumber}
              {l.council ? ` · ${l.council}` : ''}
              {l.expiresOn ? ` · ${current ? 'expires' : 'expired'} ${formatLagosDate(`${l.expiresOn}T12:00:00+01:00`)}` : ' · no expiry date'}
            </Text>
            {l.verifiedAt ? (
              <Badge size="sm" color="teal" variant="light">
                Licence verified
              </Badge>
            ) : current ? (
              <Button
                size="compact-xs"
                variant="light"
                aria-label={`Verify licence (${l.country})`}
                loading={verify.isPending && verify.variables?.country === l.country}
                onClick={() => onVerify(l.country)}
              >
                Verify licence
              </Button>
            ) : (
              <Badge size="sm" color="red" variant="light">
                Expired
              </Badge>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}
