import { useEffect, useState } from 'react';
import { Alert, Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { formatLagosDate, type TextPreferencesInput } from '@ilera/contracts';
import { errorMessage, isUnauthorizedError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { handleUnauthorized, serverFieldErrors } from '../../auth/api/server-errors';
import { useTextPreferences, useUpdateTextPreferences } from '../api/text-preferences';

type Channel = TextPreferencesInput['textChannel'];

/** The choices of D24: SMS by default, WhatsApp only by an explicit opt-in, or none; e-mail always. */
const channels: { value: Channel; label: string; description: string }[] = [
  { value: 'sms', label: 'SMS', description: 'Reaches every phone. The default.' },
  {
    value: 'whatsapp',
    label: 'WhatsApp',
    description: 'I agree to get WhatsApp messages from Ilera about my appointments (SMS if WhatsApp cannot reach me).',
  },
  { value: 'none', label: 'No texts', description: 'E-mail only.' },
];

/**
 * Account settings' "Text messages" (issue 36, D24): the mobile number texts go to (the
 * account's phone, which fills the booking form) and the channel for confirmations and
 * reminders. The server checks both; its messages show under the fields.
 */
export default function TextPreferencesForm({ accountPhone }: { accountPhone: string | null }) {
  const preferences = useTextPreferences();
  const update = useUpdateTextPreferences();
  const [mobile, setMobile] = useState(accountPhone ?? '');
  const [channel, setChannel] = useState<Channel | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (preferences.data && channel === null) setChannel(preferences.data.textChannel);
  }, [preferences.data, channel]);

  if (preferences.isLoading) return <Text size="sm">Loading your text settings...</Text>;
  if (!preferences.data) return <Text size="sm" c="red">Could not load your text settings. Please try again.</Text>;
  const prefs = preferences.data;

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    const input: TextPreferencesInput = { textChannel: channel ?? prefs.textChannel };
    if (mobile.trim() !== (prefs.mobile ?? '')) input.mobile = mobile;
    update.mutate(input, {
      onSuccess: (answer) =>
        toast({
          title: 'Text Settings Saved',
          description:
            answer.textChannel === 'whatsapp'
              ? 'Confirmations and reminders will come on WhatsApp.'
              : answer.textChannel === 'sms'
                ? 'Confirmations and reminders will come by SMS.'
                : 'You will get no texts; e-mails continue.',
        }),
      onError: (error) => {
        if (isUnauthorizedError(error)) return handleUnauthorized();
        const fields = serverFieldErrors(error);
        if (fields) setErrors(fields);
        toast({ title: 'Update Failed', description: errorMessage(error, 'Could not save your text settings. Please try again.'), variant: 'destructive' });
      },
    });
  };

  return (
    <form onSubmit={save} noValidate aria-label="Text messages">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Confirmations and reminders of your appointments by text. E-mails always continue.
        </Text>
        {prefs.optedOut && prefs.phone && (
          <Alert color="yellow" role="status">
            {prefs.phone} replied STOP, so we send it no texts. Reply START to any Ilera text to get them again.
          </Alert>
        )}
        <TextInput
          label="Mobile Number"
          type="tel"
          autoComplete="tel"
          placeholder="0803 123 4567"
          description="Fills the booking form; each booking's texts go to the number on it."
          value={mobile}
          onChange={(e) => {
            setMobile(e.currentTarget.value);
            setErrors((cur) => ({ ...cur, mobile: '' }));
          }}
          error={errors.mobile || undefined}
        />
        <Radio.Group
          label="Send confirmations and reminders by"
          value={channel ?? prefs.textChannel}
          onChange={(value) => {
            setChannel(value as Channel);
            setErrors((cur) => ({ ...cur, textChannel: '' }));
          }}
          error={errors.textChannel || undefined}
        >
          <Stack gap="xs" mt={6}>
            {channels.map((c) => (
              <Radio key={c.value} value={c.value} label={c.label} description={c.description} />
            ))}
          </Stack>
        </Radio.Group>
        {prefs.textChannel === 'whatsapp' && prefs.whatsappOptedInAt && (
          <Text size="xs" c="dimmed">
            WhatsApp chosen on {formatLagosDate(prefs.whatsappOptedInAt)}.
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            Save Text Settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
