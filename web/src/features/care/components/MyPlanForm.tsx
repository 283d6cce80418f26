import { useState } from 'react';
import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Account } from '@ilera/contracts';
import { useUpdateAccount } from '../../account/api/update-account';
import { useAccountSaid } from '../../account/said';
import { serverFieldErrors } from '../../auth/api/server-errors';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { usePayers } from '../api/get-payers';

/**
 * Account settings' "My plan" (issue 45): the health plan that preselects the search's plan filter. Saved
 * with PUT /api/account (its name and phone as they are, and `myPlan`). Issue 50: its words in account.po; a plan's
 * name as the directory holds it.
 */
export function MyPlanForm({ account }: { account: Account }) {
  const { t } = useLingui();
  const said = useAccountSaid();
  const payers = usePayers();
  const update = useUpdateAccount();
  const [plan, setPlan] = useState(account.myPlan ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = () =>
    update.mutate(
      { firstName: account.firstName ?? '', lastName: account.lastName ?? '', phone: account.phone ?? '', myPlan: plan || null },
      {
        onSuccess: () =>
          toast({ title: t`My Plan Saved`, description: plan ? t`New searches show providers that take your plan.` : t`New searches show every provider.` }),
        onError: (e) => {
          const fields = serverFieldErrors(e);
          setError(said(fields?.myPlan) ?? null);
          toast({ title: t`Update Failed`, description: said(errorMessage(e, 'Could not save your plan. Please try again.')), variant: 'destructive' });
        },
      },
    );
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        <Trans>
          Your health plan (NHIA, your state&apos;s scheme or your HMO). Searches start with only the providers that take it; you can change
          that in each search&apos;s filters.
        </Trans>
      </Text>
      <NativeSelect
        label={t`My plan`}
        value={plan}
        error={error}
        onChange={(e) => {
          setPlan(e.currentTarget.value);
          setError(null);
        }}
        data={[
          { value: '', label: t`No plan (I pay myself)` },
          ...(payers.data ?? []).map((p) => ({ value: p.slug, label: p.name })),
          ...(plan && payers.data && !payers.data.some((p) => p.slug === plan) ? [{ value: plan, label: plan }] : []),
        ]}
      />
      <Group justify="flex-end">
        <Button onClick={save} loading={update.isPending}>
          <Trans>Save My Plan</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
