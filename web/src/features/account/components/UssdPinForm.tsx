import { useState } from 'react';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { formatLagosDate, formatLagosTime } from '@ilera/contracts';
import { errorMessage, isUnauthorizedError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { handleUnauthorized, serverFieldErrors } from '../../auth/api/server-errors';
import { useSaveUssdPin, useUssdPin } from '../api/ussd-pin';

/**
 * Account settings' USSD PIN (issue 49, D30): "My appointments" on a feature phone (dial Ilera's code) opens
 * with this 4-digit PIN, for the mobile number above. The server checks it and the password.
 */
export default function UssdPinForm() {
  const status = useUssdPin();
  const save = useSaveUssdPin();
  const [pin, setPin] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (!status.data) return <Text size="sm">{status.isLoading ? 'Loading...' : 'Could not load your USSD PIN.'}</Text>;
  const { set, phone, lockedUntil } = status.data;

  const submit = (input: { pin: string; password: string } | null) => {
    setErrors({});
    save.mutate(input, {
      onSuccess: () => {
        setPin('');
        setPassword('');
        toast({ title: input ? 'USSD PIN Saved' : 'USSD PIN Removed', description: input ? 'Use it for My appointments when you dial Ilera.' : 'My appointments on USSD is off.' });
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) return handleUnauthorized();
        setErrors(serverFieldErrors(error) ?? {});
        toast({ title: 'Not Saved', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
      },
    });
  };

  return (
    <form
      aria-label="USSD PIN"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit({ pin, password });
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {set ? `A PIN is set for ${phone}.` : 'No PIN yet.'} On a phone without data, dial Ilera&apos;s code and choose My appointments to see, confirm or cancel them with it.
          {lockedUntil ? ` Locked after 5 wrong tries until ${formatLagosDate(lockedUntil)}, ${formatLagosTime(lockedUntil)}.` : ''}
        </Text>
        <Group align="flex-start" grow>
          <PasswordInput label="New 4-digit PIN" inputMode="numeric" maxLength={4} autoComplete="off" value={pin} onChange={(e) => setPin(e.currentTarget.value)} error={errors.pin || undefined} />
          <PasswordInput label="Your password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={errors.password || undefined} />
        </Group>
        <Group justify="flex-end">
          {set && (
            <Button variant="default" onClick={() => submit(null)} loading={save.isPending && save.variables === null}>
              Remove PIN
            </Button>
          )}
          <Button type="submit" loading={save.isPending && save.variables !== null}>
            Save PIN
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
