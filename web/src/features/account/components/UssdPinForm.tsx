import { useState } from 'react';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatLagosTime } from '@ilera/contracts';
import { dateIn } from '../../../i18n/dates';
import { useLocale } from '../../../i18n/use-locale';
import { useAccountSaid } from '../said';
import { saidErrors } from '../../../i18n/said';
import { errorMessage, isUnauthorizedError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { handleUnauthorized, serverFieldErrors } from '../../auth/api/server-errors';
import { useSaveUssdPin, useUssdPin } from '../api/ussd-pin';

/**
 * Account settings' USSD PIN (issue 49, D30): "My appointments" on a feature phone (dial Ilera's code) opens
 * with this 4-digit PIN, for the mobile number above. The server checks it and the password. Issue 50: in the page's
 * language (account.po), with the API's messages it knows.
 */
export default function UssdPinForm() {
  const { t } = useLingui();
  const said = useAccountSaid();
  const locale = useLocale();
  const status = useUssdPin();
  const save = useSaveUssdPin();
  const [pin, setPin] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (!status.data) return <Text size="sm">{status.isLoading ? t`Loading...` : t`Could not load your USSD PIN.`}</Text>;
  const { set, phone, lockedUntil } = status.data;

  const submit = (input: { pin: string; password: string } | null) => {
    setErrors({});
    save.mutate(input, {
      onSuccess: () => {
        setPin('');
        setPassword('');
        toast({
          title: input ? t`USSD PIN Saved` : t`USSD PIN Removed`,
          description: input ? t`Use it for My appointments when you dial Ilera.` : t`My appointments on USSD is off.`,
        });
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) return handleUnauthorized();
        setErrors(saidErrors(said, serverFieldErrors(error) ?? {}));
        toast({ title: t`Not Saved`, description: said(errorMessage(error, 'Please try again.')), variant: 'destructive' });
      },
    });
  };

  return (
    <form
      aria-label={t`USSD PIN`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit({ pin, password });
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {set ? t`A PIN is set for ${phone}.` : t`No PIN yet.`}{' '}
          <Trans>On a phone without data, dial Ilera&apos;s code and choose My appointments to see, confirm or cancel them with it.</Trans>
          {lockedUntil ? ' ' + t`Locked after 5 wrong tries until ${dateIn(locale, lockedUntil)}, ${formatLagosTime(lockedUntil)}.` : ''}
        </Text>
        <Group align="flex-start" grow>
          <PasswordInput label={t`New 4-digit PIN`} inputMode="numeric" maxLength={4} autoComplete="off" value={pin} onChange={(e) => setPin(e.currentTarget.value)} error={errors.pin || undefined} />
          <PasswordInput label={t`Your password`} autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={errors.password || undefined} />
        </Group>
        <Group justify="flex-end">
          {set && (
            <Button variant="default" onClick={() => submit(null)} loading={save.isPending && save.variables === null}>
              <Trans>Remove PIN</Trans>
            </Button>
          )}
          <Button type="submit" loading={save.isPending && save.variables !== null}>
            <Trans>Save PIN</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
