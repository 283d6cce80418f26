import { Card, Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { professionalQueryOptions } from '../../profiles/api/get-professional';
import { institutionQueryOptions } from '../../profiles/api/get-institution';
import type { ProviderKind } from '../../profiles/api/types';
import type { CareFactsAnswer } from '@ilera/contracts';
import { CareFactsForm } from './CareFactsForm';
import { useLingui } from '@lingui/react/macro';

/**
 * Profile setup's "Care facts" card (issue 45) for a profile that exists: its care facts come with the
 * profile's own GET (the owner sees a pending profile's too), and are saved apart from the profile.
 */
export default function CareFactsCard({ kind, id }: { kind: ProviderKind; id: number }) {
  const { t } = useLingui();
  const profile = useQuery<{ care?: CareFactsAnswer }>((kind === 'professional' ? professionalQueryOptions(id) : institutionQueryOptions(id)) as never);
  return (
    <Card withBorder radius="md" padding="lg" mt="lg" component="section" aria-label={t`Care facts`}>
      {profile.isLoading ? (
        <Center py="md">
          <Loader aria-label={t`Loading care facts`} />
        </Center>
      ) : (
        <CareFactsForm kind={kind} id={id} care={profile.data?.care} />
      )}
    </Card>
  );
}
