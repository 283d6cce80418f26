import { Alert, Anchor, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { ProviderKind } from '../../profiles/api/types';
import { useCareFlags } from '../api/get-care-flags';
import { usePayerNames } from '../../care/api/get-payers';
import { useFlagText } from '../flag-text';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * The owner's dashboard (issue 45): published facts that patients' reports contradict (a consultation fee
 * outside what they paid, a plan they say was not accepted), with the way to correct them. Nothing when
 * there are none: most providers never see it.
 */
export function CareFlagsCard({ kind, id }: { kind: ProviderKind; id: number }) {
  const { data } = useCareFlags(kind, id);
  const flagText = useFlagText(usePayerNames());
  const { t } = useLingui();
  if (!data || data.flags.length === 0) return null;
  return (
    <Alert
      mt="lg"
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t`Patients report something different`}
      role="region"
      aria-label={t`Patients report something different`}
    >
      <List size="sm" spacing={4}>
        {data.flags.map((f) => (
          <List.Item key={`${f.kind}-${f.payer ?? ''}`}>{flagText(f)}.</List.Item>
        ))}
      </List>
      <Text size="sm" mt="sm">
        <Trans>
          If your fees or health plans have changed,{' '}
          <Anchor component={Link} to="/profile-setup">
            edit your care facts
          </Anchor>
          . The notice goes once they match what patients meet.
        </Trans>
      </Text>
    </Alert>
  );
}
